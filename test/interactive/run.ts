/** Running coopctl in-process "on a terminal" (TTY flags set) with a scripted prompter, against any URL; and reading the real server over HTTP. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { makeContext } from '../../src/cli/context.js';
import type { Prompter } from '../../src/cli/prompter.js';
import { runCli } from '../../src/cli/run/run.js';
import { operation } from '../../src/catalogue/index.js';

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

const configHome = mkdtempSync(join(tmpdir(), 'coopctl-interactive-'));

/** The prompter, writing each question (`? message`) on `out` before asking it, as a terminal shows it among the messages. */
function echoing(prompter: Prompter, out: Writable): Prompter {
  const echo = <Q extends { message: string }, R>(ask: (q: Q) => Promise<R>) => {
    return (q: Q) => {
      out.write(`? ${q.message}\n`);
      return ask(q);
    };
  };
  return {
    input: echo((q) => prompter.input(q)),
    password: echo((q) => prompter.password(q)),
    select: (q) => echo(() => prompter.select(q))(q),
    confirm: echo((q) => prompter.confirm(q)),
    search: (q) => echo(() => prompter.search(q))(q),
  };
}

export async function runOnTerminal(
  argv: readonly string[],
  url: string,
  prompter: Prompter,
  env: Record<string, string> = {},
  options: { readonly echoQuestions?: boolean } = {},
): Promise<Ran> {
  const stdout = new Capture();
  const stderr = new Capture();
  // Drafts go to a new state folder unless the test names one (it never reaches the real home).
  const XDG_STATE_HOME = mkdtempSync(join(tmpdir(), 'coopctl-state-'));
  const ctx = makeContext({
    stdin: Readable.from([]),
    stdout,
    stderr,
    env: {
      XDG_CONFIG_HOME: configHome,
      XDG_STATE_HOME,
      COOPCTL_BASE_URL: url,
      COOPCTL_TEST_BASE_URL: url,
      NO_COLOR: '1',
      ...env,
    },
    tty: { stdin: true, stdout: true, stderr: true },
    prompter: options.echoQuestions ? echoing(prompter, stderr) : prompter,
  });
  const code = await runCli(['--retries', '0', ...argv], ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** The data records of a read on the real server (GET with a query string). */
export async function readRecords(
  url: string,
  id: string,
  params: Record<string, string>,
): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${url}${operation(id).path}?${new URLSearchParams(params).toString()}`);
  const body = (await res.json()) as Array<Record<string, unknown>>;
  return body.filter(
    (r) => r['confirma_operacao'] === undefined || r['confirma_operacao'] === 1 || r['confirma_operacao'] === 2,
  );
}
