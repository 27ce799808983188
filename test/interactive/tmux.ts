/**
 * Driving coopctl in a real pseudo-terminal with tmux: a private tmux server
 * (its own socket), one session per run, keys with `send-keys`, the screen
 * with `capture-pane -p`. Waits poll the pane with bounded retries; nothing
 * sleeps a fixed time.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import stringWidth from 'string-width';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const EXIT = /__EXIT__ (\d+)/;

export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/** A tmux server on a private socket, with the sessions it runs. */
export class Tmux {
  readonly dir = mkdtempSync(join(tmpdir(), 'coopctl-tmux-'));
  readonly socket = join(this.dir, 'socket');
  readonly #sessions = new Set<string>();

  async tmux(...args: string[]): Promise<string> {
    const { stdout } = await exec('tmux', ['-S', this.socket, ...args], { encoding: 'utf8' });
    return stdout;
  }

  /**
   * Starts `argv` in a new session (200×50 unless `size` says) with exactly
   * `env` (and the PATH of this process unless `env` gives one): nothing of the
   * machine's or the tmux server's environment (LANG, LC_ALL, COOPCTL_*)
   * reaches coopctl. The shell then prints `__EXIT__ <code>` and keeps the pane.
   */
  async start(
    name: string,
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
    size: { readonly columns: number; readonly rows: number } = { columns: 200, rows: 50 },
  ): Promise<Pane> {
    const exact = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env };
    const assignments = Object.entries(exact).map(([k, v]) => `${k}=${shellQuote(v)}`);
    const command = `env -i ${assignments.join(' ')} ${argv.map(shellQuote).join(' ')}; echo "__EXIT__ $?"; sleep 3600`;
    // The server stays up between sessions (by default it exits with its last one, racing the next start).
    await this.tmux(
      'new-session',
      '-d',
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      '-s',
      name,
      command,
      ';',
      'set-option',
      '-s',
      'exit-empty',
      'off',
    );
    this.#sessions.add(name);
    return new Pane(this, name, size.columns);
  }

  async killSession(name: string): Promise<void> {
    if (!this.#sessions.delete(name)) return;
    await this.tmux('kill-session', '-t', name).catch(() => undefined);
  }

  /** Kills this private server's sessions, then the server itself (only the one on this socket). */
  async close(): Promise<void> {
    for (const name of [...this.#sessions]) await this.killSession(name);
    await this.tmux('kill-server').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class Pane {
  readonly #tmux: Tmux;
  readonly name: string;
  /** The pane's width. */
  readonly columns: number;
  /** Every screen seen, for the failure message. */
  last = '';

  constructor(tmux: Tmux, name: string, columns: number) {
    this.#tmux = tmux;
    this.name = name;
    this.columns = columns;
  }

  /** The visible screen, wrapped lines joined, trailing blank lines dropped. */
  async screen(): Promise<string> {
    this.last = (await this.#tmux.tmux('capture-pane', '-p', '-J', '-t', this.name)).replace(/\s+$/, '');
    return this.last;
  }

  /**
   * Everything the pane drew: the lines scrolled off the top (tmux's history)
   * and the visible screen, wrapped lines joined, trailing blank lines dropped.
   */
  async history(): Promise<string> {
    return (await this.#tmux.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', this.name)).replace(/\s+$/, '');
  }

  /** Polls the screen until `test` holds; fails with the screen after the time limit. */
  async waitFor(
    what: string,
    test: (screen: string) => boolean,
    { timeoutMs = 30_000, intervalMs = 50 }: WaitOptions = {},
  ): Promise<string> {
    const attempts = Math.ceil(timeoutMs / intervalMs);
    for (let i = 0; i < attempts; i++) {
      const screen = await this.screen();
      if (test(screen)) return screen;
      const exited = EXIT.exec(screen);
      if (exited) throw new Error(`coopctl exited (${exited[1]}) while waiting for ${what}; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${this.last}`);
  }

  /**
   * The question being asked: the last line that starts with inquirer's `?`,
   * with the lines that continue it when it is wider than the pane (`columns`),
   * and the lines after it (a list's choices, a rule broken).
   */
  static activePrompt(
    screen: string,
    columns = Number.POSITIVE_INFINITY,
  ): { line: string; below: string[] } | undefined {
    const lines = screen.split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      if (!lines[i]!.startsWith('? ')) continue;
      let line = lines[i]!;
      let next = i + 1;
      for (; next < lines.length && continues(lines[next]!); next++)
        line += (stringWidth(lines[next - 1]!) >= columns ? '' : ' ') + lines[next]!;
      return { line, below: lines.slice(next) };
    }
    return undefined;
  }

  /** The question being asked on the screen last seen. */
  active(screen = this.last): { line: string; below: string[] } | undefined {
    return Pane.activePrompt(screen, this.columns);
  }

  /** Waits until the question being asked contains `question`. */
  async prompt(question: string | RegExp): Promise<{ line: string; below: string[] }> {
    // The question's text follows inquirer's `? ` prefix.
    const matches = (line: string) =>
      typeof question === 'string' ? line.includes(question) : question.test(line.slice(2));
    const screen = await this.waitFor(`the question ${String(question)}`, (s) => {
      const p = this.active(s);
      return p !== undefined && matches(p.line);
    });
    return this.active(screen)!;
  }

  async keys(...keys: string[]): Promise<void> {
    await this.#tmux.tmux('send-keys', '-t', this.name, ...keys);
  }

  async type(text: string): Promise<void> {
    if (text) await this.#tmux.tmux('send-keys', '-t', this.name, '-l', text);
  }

  /** Answers a text question: types, waits for the echo, then Enter. */
  async input(question: string | RegExp, text: string): Promise<void> {
    await this.prompt(question);
    await this.type(text);
    if (text)
      await this.waitFor(`the echo of "${text}"`, (s) => this.active(s)?.line.trimEnd().endsWith(text) ?? false);
    await this.keys('Enter');
  }

  /** Answers a select by typing the start of a choice's name, waiting for the pointer on it, then Enter. */
  async select(question: string | RegExp, choiceStart?: string): Promise<string> {
    await this.prompt(question);
    if (choiceStart !== undefined) {
      await this.type(choiceStart);
      await this.waitFor(
        `the pointer on "${choiceStart}"`,
        (s) => this.active(s)?.below.some((l) => l.startsWith(`❯ ${choiceStart}`)) ?? false,
      );
    }
    const chosen = this.active()!
      .below.find((l) => l.startsWith('❯ '))!
      .slice(2)
      .trim();
    await this.keys('Enter');
    return chosen;
  }

  /** Answers a yes/no question. */
  async confirm(question: string | RegExp, yes: boolean): Promise<void> {
    await this.input(question, yes ? 'y' : 'n');
  }

  /** Waits for the exit code line. */
  async exitCode(timeoutMs = 30_000): Promise<number> {
    const screen = await this.waitFor('the end of coopctl', (s) => EXIT.test(s), { timeoutMs });
    return Number(EXIT.exec(screen)![1]);
  }
}

/**
 * Whether `next` goes on with the question on `previous`: not a choice of a
 * list (`❯ …`, two spaces), a separator, a rule broken (`> …`), a blank line
 * or the keys' help (`↑↓ …`). A question wider than the pane is cut at the
 * pane's width by @inquirer/prompts, or at a word by coopctl.
 */
function continues(next: string): boolean {
  return next !== '' && !/^(❯ | {2}| [─-]|> |↑↓|\? )/.test(next);
}

export { root };
