/** Turning whatever stopped a command into one line on stderr (made safe to show: output/sanitize.ts) and an exit code. */
import { CommanderError } from 'commander';
import { Interrupted, TransportError } from '../client/errors.js';
import type { Context } from './context.js';
import { ExitCode, UsageError } from './exit-codes.js';
import type { Invocation } from './invocation.js';
import { sanitize } from './output/sanitize.js';
import { errorLine, loadStyle } from './style.js';

/** Ctrl-C inside a prompt, or the run's signal aborted. */
export function interrupted(err: unknown, ctx: Context): boolean {
  const name = (err as { name?: string }).name;
  return err instanceof Interrupted || name === 'ExitPromptError' || name === 'AbortPromptError' || ctx.signal.aborted;
}

export async function reportFailure(err: unknown, ctx: Context, inv: Invocation | undefined): Promise<number> {
  if (err instanceof CommanderError) {
    // commander has printed its message (or the help) already; help asked for ends with 0.
    return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (interrupted(err, ctx)) {
    ctx.stderr.write('interrupted\n');
    return ExitCode.interrupted;
  }
  const style = inv ? await inv.style('stderr') : await loadStyle(ctx.color.stderr);
  const say = (text: string) => ctx.stderr.write(errorLine(style, sanitize(text)));
  if (err instanceof UsageError) {
    say(err.hint ? `${err.message} (see ${err.hint})` : err.message);
    return ExitCode.usage;
  }
  if (err instanceof TransportError) {
    say(err.message);
    return ExitCode.transport;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  say(`unexpected failure: ${e.message.split('\n')[0]}`);
  if (inv?.globals.verbose && e.stack) ctx.stderr.write(`${sanitize(e.stack, 'keep')}\n`);
  return ExitCode.failed;
}
