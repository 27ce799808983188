/** Whether output to a stream may carry colour (docs/output.md). */
import type { Env } from '../../client/types.js';

/**
 * Never with NO_COLOR (set and not empty); FORCE_COLOR forces it (except
 * `0` or `false`); never with TERM=dumb; otherwise only on a TTY. The
 * `--no-color` flag is applied on top of this by the invocation.
 */
export function colorAllowed(env: Env, isTTY: boolean): boolean {
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env['TERM'] === 'dumb') return false;
  return isTTY;
}
