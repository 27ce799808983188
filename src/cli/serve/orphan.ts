/**
 * `coopctl serve` started by `npm exec` (`npx ./coopctl-….tgz serve`): npm
 * runs it through `sh -c`, and a SIGTERM to npm reaches the shell, which dies
 * without passing it on, so the server was left running with no one to stop
 * it. When npm started it (npm sets `npm_command=exec`) and its parent process
 * goes away, it stops as on SIGTERM (docs/decisions.md). Started otherwise
 * (`nohup coopctl serve &`, systemd), a parent that goes does not stop it.
 */
import type { Env } from '../../client/types.js';

/** How often the parent is looked at. */
const EVERY_MS = 500;

/** A signal that aborts once the parent that started the server under npm exec has gone; none when npm did not start it. */
export function orphanSignal(env: Env, say: () => void): { signal?: AbortSignal; dispose: () => void } {
  if (env['npm_command'] !== 'exec') return { dispose: () => undefined };
  const parent = process.ppid;
  const controller = new AbortController();
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    say();
    controller.abort();
  }, EVERY_MS);
  timer.unref();
  return { signal: controller.signal, dispose: () => clearInterval(timer) };
}
