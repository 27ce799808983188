/** The bundle's entry: runs coopctl in this process and exits with its code. */
import { isatty } from 'node:tty';
import { makeContext } from './context.js';
import { pagerRunning, pagersEnded } from './output/pager.js';
import { runCli } from './run/run.js';

const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort();
  // A second Ctrl-C waits for nothing, but while a pager shows the output Ctrl-C is the pager's (output/pager.ts).
  process.on('SIGINT', () => {
    if (!pagerRunning()) process.exit(130);
  });
});
// A closed pipe (`coopctl ... | head`) ends the output, not with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
});

const ctx = makeContext({
  stdin: () => process.stdin,
  // Whether stdin is a terminal, without making process.stdin (for a file, that loads fs streams: start-up time).
  tty: { stdin: isatty(0) },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
});
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
// No top-level await: the bundle is CommonJS (scripts/bundle.mjs).
void runCli(process.argv.slice(2), ctx).then(async (code) => {
  // A help page shown in the pager (help/command.ts): coopctl ends when the person quits it.
  await pagersEnded();
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
});
