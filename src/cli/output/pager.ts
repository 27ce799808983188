/**
 * Long output on a terminal goes through a pager, as git and gh do:
 * `$COOPCTL_PAGER`, else `$PAGER`, else `less -FRX`; an empty value or
 * `cat` means none. Only when stdout is a terminal (never into a pipe or a
 * file), not with `--no-pager`, and only for output taller than the
 * terminal: shorter output is written directly (what less's -F would do,
 * without starting a process). The pager gets `LESS=FRX` and `LV=-c` when
 * they are unset, as git sets them (raw colour escapes, no screen clearing).
 *
 * The pager reads the output on its stdin and writes to the terminal
 * itself. A command without shell metacharacters is started directly, so
 * that a pager that cannot start is noticed and the output printed
 * directly instead; others run through `sh -c`. Quitting the pager early
 * (`q` before the end) is no error: writes to it stop, and coopctl's exit
 * code is its command's. While a pager runs, the messages meant for a
 * terminal's stderr go into it too (as git does), after the data, rather
 * than across its screen; and coopctl waits for it to end before exiting.
 * Ctrl-C reaches the pager too (the terminal's foreground group): less
 * stops a search or a wait with it and goes on, so coopctl does not stop
 * under it either (main.ts); its exit code stays its command's.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import * as lazy from '../lazy.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The pager command, or undefined for none: COOPCTL_PAGER, PAGER (set but empty: none), else less -FRX. */
export function pagerCommand(env: Env): string | undefined {
  const command = (env['COOPCTL_PAGER'] ?? env['PAGER'] ?? 'less -FRX').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/** The terminal rows that `text` takes on a screen `columns` wide, counting up to `limit` + 1 at most. */
export function rowsOf(text: string, columns: number, limit: number, measure: (line: string) => number): number {
  let rows = 0;
  let start = 0;
  while (start < text.length && rows <= limit) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    // A line of fewer characters than half the columns fits whatever its characters.
    rows += line.length * 2 <= columns ? 1 : Math.max(1, Math.ceil(measure(line) / columns));
    start = end === -1 ? text.length : end + 1;
  }
  return rows;
}

/** What the shell would do with these characters: such a command runs through `sh -c`. */
const SHELL_SYNTAX = /[|&;<>()$`\\"'*?[\]#~=%{}\n]/;

/** The pagers still running: while one shows the output, Ctrl-C is the pager's, not coopctl's (main.ts). */
const running = new Set<Promise<void>>();

/** Whether a pager is running. */
export function pagerRunning(): boolean {
  return running.size > 0;
}

/** Waits until every pager started has ended (coopctl exits only then: main.ts). */
export async function pagersEnded(): Promise<void> {
  await Promise.all([...running]);
}

/** The file descriptor a stream writes to, when it has one (process.stdout: 1). */
const fdOf = (s: Writable): number | undefined => {
  const fd = (s as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : undefined;
};

export interface PagerStreams {
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/** A pager: write output to it, then end it and wait. Usable at once; the process starts meanwhile. */
export class Pager {
  #child: ChildProcess | undefined;
  #state: 'starting' | 'running' | 'failed' | 'closed' = 'starting';
  /** What was written before the process started: given to it when it starts, printed directly if it cannot. */
  #queue: string[] = [];
  #ended = false;
  readonly #streams: PagerStreams;
  readonly #done: Promise<void>;

  /** Starts `command` (pagerCommand) on the output's streams; `onFailure` hears why it could not start. */
  constructor(command: string, env: Env, streams: PagerStreams, onFailure: (reason: string) => void) {
    this.#streams = streams;
    this.#done = this.#run(command, env, onFailure);
    running.add(this.#done);
    void this.#done.then(() => running.delete(this.#done));
  }

  async #run(command: string, env: Env, onFailure: (reason: string) => void): Promise<void> {
    const { spawn } = await lazy.childProcess();
    const { stdout, stderr } = this.#streams;
    const stdio: ['pipe', number | 'pipe', number | 'pipe'] = ['pipe', fdOf(stdout) ?? 'pipe', fdOf(stderr) ?? 'pipe'];
    const options = { env: { ...env, LESS: env['LESS'] ?? 'FRX', LV: env['LV'] ?? '-c' }, stdio };
    const words = command.split(/[ \t]+/);
    const child = SHELL_SYNTAX.test(command)
      ? spawn('sh', ['-c', command], options)
      : spawn(words[0]!, words.slice(1), options);
    this.#child = child;
    // EPIPE: the pager quit before reading everything; the rest is dropped.
    child.stdin!.on('error', () => {
      if (this.#state === 'running') this.#state = 'closed';
    });
    child.stdout?.pipe(stdout, { end: false });
    child.stderr?.pipe(stderr, { end: false });
    await new Promise<void>((resolve) => {
      child.once('spawn', () => {
        this.#state = 'running';
        for (const text of this.#queue) child.stdin!.write(text);
        this.#queue = [];
        if (this.#ended) child.stdin!.end();
      });
      child.once('error', (err: NodeJS.ErrnoException) => {
        if (this.#state !== 'starting') return;
        this.#state = 'failed';
        onFailure(err.code ?? err.message);
        for (const text of this.#queue) stdout.write(text);
        this.#queue = [];
        resolve();
      });
      child.once('close', () => {
        if (this.#state === 'running') this.#state = 'closed';
        resolve();
      });
    });
  }

  /** Whether output written now goes to the pager (it is starting or running). */
  get active(): boolean {
    return this.#state === 'starting' || this.#state === 'running';
  }

  write(text: string): void {
    if (this.#state === 'starting') this.#queue.push(text);
    else if (this.#state === 'running') this.#child!.stdin!.write(text);
    else if (this.#state === 'failed') this.#streams.stdout.write(text);
  }

  /** Ends the pager's input and waits until it has ended (all was read and shown, or the person quit it). */
  async end(): Promise<void> {
    this.#ended = true;
    if (this.#state === 'running') this.#child!.stdin!.end();
    await this.#done;
  }
}

/** Where a whole text (a help page, a topic) goes: the streams, and whether stdout is a terminal and its size. */
export interface PageTarget extends PagerStreams {
  readonly tty: boolean;
  readonly rows: number | undefined;
  readonly columns: number | undefined;
  readonly env: Env;
}

/**
 * Writes a whole `text` on stdout, through the pager when stdout is a terminal, a pager is wanted and the text is
 * taller than the terminal; returns the pager's end then (the text was all given to it), else undefined.
 */
export function pageOrWrite(text: string, to: PageTarget): Promise<void> | undefined {
  const command = pagerCommand(to.env);
  if (
    !to.tty ||
    to.rows === undefined ||
    !command ||
    rowsOf(text, to.columns ?? 80, to.rows, (l) => l.length) <= to.rows
  ) {
    to.stdout.write(text);
    return undefined;
  }
  const pager = new Pager(command, to.env, to, () => undefined);
  pager.write(text);
  return pager.end();
}
