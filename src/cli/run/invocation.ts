/**
 * One command being run: the context plus its global options and its own
 * flags, and what is derived from them once. It gives every capability of
 * capabilities.ts; the code it runs names only those it uses.
 */
import { fileFault } from '../file-errors.js';
import type { Writable } from 'node:stream';
import type { OptionValues } from 'commander';
import type { Client } from '../../client/client.js';
import { parseSize } from '../../client/size.js';
import type { ClientOptions, Clock, ListStyle, Target, TraceEvent } from '../../client/types.js';
import type { Host } from '../../catalogue/index.js';
import { isoDate } from '../../catalogue/dates.js';
import type { Io } from '../capabilities.js';
import { tokenForHost } from '../config/credentials.js';
import { readConfig } from '../config/file.js';
import { resolveSettings, selectProfile, type Profile, type ResolvedSettings } from '../config/settings.js';
import type { Context } from '../context.js';
import { UsageError } from '../exit-codes.js';
import type { GlobalOptions, OutputFormat } from '../flags/global.js';
import { DEFAULT_COLUMNS, type Display, fieldsOf, tableWidth } from '../output/display.js';
import type { Masking } from '../output/mask.js';
import { Pager, pagerCommand, rowsOf } from '../output/pager.js';
import { sanitize } from '../output/sanitize.js';
import { type Prompter, showingPrompter, speakingPrompter } from '../prompter.js';
import { messageLines } from '../output/wrap.js';
import { errorLine, loadStyle, type Style } from '../output/style.js';
import { type Lang, messagesFor, type Messages } from '../i18n/index.js';
import { version } from '../version.js';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as lazy from '../lazy.js';

export class Invocation implements Io {
  readonly ctx: Context;
  readonly globals: GlobalOptions;
  /** The command's own flags as commander parsed them (read through flags/declared.ts). */
  readonly options: OptionValues;
  #settings: Promise<{ profile: Profile; settings: ResolvedSettings }> | undefined;
  #client: Promise<Client> | undefined;
  #styles = new Map<'stdout' | 'stderr', Promise<Style>>();
  #stdinTakenBy: string | undefined;
  #warned = new Set<string>();
  /** The pager of this run's output, once output taller than the terminal was written (output/pager.ts). */
  #pager: Pager | undefined;
  /** Terminal rows written to stdout so far, while no pager runs. */
  #rows = 0;

  /** The language of this run's messages (i18n/lang.ts); `m` its message catalogue. */
  readonly lang: Lang;
  readonly m: Messages;
  /**
   * `--mask` (output/mask.ts): what hides personal data in the data this run
   * shows (its display) and in its messages and questions; undefined when the
   * run shows it in full.
   */
  readonly mask: Masking | undefined;

  constructor(ctx: Context, globals: GlobalOptions, lang: Lang = 'en', options: OptionValues = {}, mask?: Masking) {
    this.lang = lang;
    this.m = messagesFor(lang);
    this.mask = mask;
    // The context as given, but its prompter speaks the run's language (the prompt library's own words),
    // and its questions are masked with --mask (not an answer offered for editing: Enter sends what it shows).
    const speaking = speakingPrompter(ctx.prompter, this.m.prompts.words);
    this.ctx = Object.create(ctx, {
      prompter: { value: mask ? showingPrompter(speaking, mask.text, false) : speaking, enumerable: true },
    }) as Context;
    this.globals = globals;
    this.options = options;
  }

  /** The context's prompter, speaking the run's language. */
  get prompter(): Prompter {
    return this.ctx.prompter;
  }

  get noInput(): boolean {
    return this.globals.input === false;
  }

  get tty(): Context['tty'] {
    return this.ctx.tty;
  }

  get stderr(): Writable {
    return this.ctx.stderr;
  }

  get stateDir(): string {
    // An absolute XDG_STATE_HOME only, as the XDG rules say; else ~/.local/state.
    const { env } = this.ctx;
    const xdg = env['XDG_STATE_HOME'];
    return join(xdg?.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.local', 'state'), 'coopctl');
  }

  get clock(): Clock {
    return this.ctx.clock;
  }

  /** Aborted on Ctrl-C. */
  get signal(): AbortSignal {
    return this.ctx.signal;
  }

  /** Text for people, made safe to show (output/sanitize.ts) and masked with `--mask`. */
  shown(text: string): string {
    const safe = sanitize(text);
    return this.mask ? this.mask.text(safe) : safe;
  }

  get format(): OutputFormat {
    return this.globals.json !== undefined || this.globals.jq !== undefined ? 'json' : this.globals.output;
  }

  /** Prompts are allowed: stdin and stdout are TTYs and --no-input is absent. */
  get interactive(): boolean {
    return this.ctx.tty.stdin && this.ctx.tty.stdout && this.globals.input !== false;
  }

  colored(stream: 'stdout' | 'stderr'): boolean {
    return this.globals.color !== false && this.ctx.color[stream];
  }

  style(stream: 'stdout' | 'stderr'): Promise<Style> {
    let s = this.#styles.get(stream);
    if (!s) {
      s = loadStyle(this.colored(stream));
      this.#styles.set(stream, s);
    }
    return s;
  }

  /**
   * How data on stdout is shown (output/display.ts): for a person on a
   * terminal (tables as wide as it at most, in the run's language), or for
   * a program (tab-separated lines) when stdout is a pipe or a file.
   */
  async display(): Promise<Display> {
    const width = tableWidth(this.ctx.env, this.ctx.tty.stdout, this.ctx.screen.columns);
    const fields = fieldsOf(this.globals.json);
    const columns = fieldsOf(this.globals.columns);
    return {
      style: await this.style('stdout'),
      lang: this.lang,
      m: this.m,
      width,
      today: isoDate(this.ctx.clock.date?.() ?? new Date()),
      ...(this.mask ? { mask: this.mask } : {}),
      ...(fields ? { fields } : {}),
      ...(columns ? { columns } : {}),
      ...(this.globals.jq !== undefined ? { jq: this.globals.jq } : {}),
    };
  }

  /**
   * Data, on stdout (made safe by its renderer: cells.ts, jsonText,
   * api/command.ts); through the pager once the output is taller than the
   * terminal (output/pager.ts).
   */
  out(text: string): void {
    if (!this.#pager && this.#pagerWanted(text)) {
      const command = pagerCommand(this.ctx.env)!;
      this.#pager = new Pager(command, this.ctx.env, this.ctx, (reason) =>
        this.warn(this.m.output.pager.cannotRun(command, reason)),
      );
    }
    if (this.#pager) this.#pager.write(text);
    else this.ctx.stdout.write(text);
  }

  /** Whether writing `text` makes the output taller than the terminal, where a pager is wanted. */
  #pagerWanted(text: string): boolean {
    const { tty, screen, env } = this.ctx;
    // A terminal that does not tell its height (none does not) cannot be filled.
    const rows = screen.rows;
    if (!tty.stdout || rows === undefined || this.globals.pager === false || pagerCommand(env) === undefined)
      return false;
    this.#rows += rowsOf(text, screen.columns ?? DEFAULT_COLUMNS, rows, (line) => line.length);
    return this.#rows > rows;
  }

  /** Text for stderr: into the pager while one runs and stderr is the terminal too (as git does), else on stderr. */
  #err(text: string): void {
    if (this.#pager?.active && this.ctx.tty.stderr) this.#pager.write(text);
    else this.ctx.stderr.write(text);
  }

  /*
   * Messages are one line each, made safe to show (output/sanitize.ts: a
   * control character or line break in them, from the service or a file, is
   * shown as `\x1b`, `\n`…), then wrapped on its spaces on a terminal narrower
   * than it (output/wrap.ts `messageLines`). `dress` adds coopctl's own styling
   * to the safe text (a bold heading, a green mark), so that styling survives.
   */

  /** A message on stderr, left out with --quiet. */
  info(text: string, dress?: (safe: string) => string): void {
    if (!this.globals.quiet) this.say(text, dress);
  }

  /** A line for people on stderr even with --quiet: a wizard's screens, the facts of a confirmation. */
  say(text = '', dress: (safe: string) => string = (safe) => safe): void {
    this.#err(`${dress(messageLines(this.shown(text), this.#columns()))}\n`);
  }

  /** The columns of the terminal that stderr is (undefined when it is not one): messages are wrapped to them. */
  #columns(): number | undefined {
    return this.ctx.tty.stderr ? this.ctx.screen.columns : undefined;
  }

  /**
   * `warning: <text>` on stderr, even with --quiet, once per text (a prompt's
   * warning is not repeated when its answer is sent). Warnings never change
   * the exit code.
   */
  warn(text: string): void {
    if (this.#warned.has(text)) return;
    this.#warned.add(text);
    this.say(this.m.common.warning(text));
  }

  /** A message on stderr, even with --quiet: it explains the exit code. */
  async notice(text: string, kind: 'note' | 'error'): Promise<void> {
    if (kind === 'note') {
      this.say(text);
      return;
    }
    this.#err(errorLine(await this.style('stderr'), this.shown(text), this.m.errors.error, this.#columns()));
  }

  /** The contents of a file, or of stdin for `-` (which only one option may claim). */
  async readInput(spec: string, option: string): Promise<string> {
    if (spec !== '-') {
      try {
        const { readFile } = await lazy.fsPromises();
        return await readFile(spec, 'utf8');
      } catch (err) {
        throw new UsageError(this.m.errors.cannotRead(option, spec, fileFault(this.m, err)));
      }
    }
    if (this.#stdinTakenBy) throw new UsageError(this.m.errors.stdinTwice(option, this.#stdinTakenBy));
    this.#stdinTakenBy = option;
    const { text } = await lazy.streamConsumers();
    return text(this.ctx.stdin);
  }

  /**
   * A `--token-file`'s text: refused when another user owns it or others may
   * write it, taken with a warning when others may read it, as ssh does with
   * keys (config/file-trust.ts); stdin (`-`) as it comes.
   */
  async #readTokenFile(spec: string): Promise<string> {
    if (spec === '-') return this.readInput(spec, '--token-file');
    const { open } = await lazy.fsPromises();
    const { distrustOf } = await lazy.fileTrust();
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      try {
        handle = await open(spec, 'r');
      } catch (err) {
        const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        throw new UsageError(this.m.errors.cannotRead('--token-file', spec, why));
      }
      const distrust = distrustOf(await handle.stat(), true);
      if (distrust?.kind === 'readable') this.warn(this.m.errors.tokenFileReadable(spec, distrust.mode));
      else if (distrust) throw new UsageError(this.m.errors.tokenFileUntrusted(spec, this.m.config.distrust(distrust)));
      return await handle.readFile('utf8');
    } finally {
      await handle?.close();
    }
  }

  /** The selected profile (a named one must exist) and the settings in effect: flags > environment > profile > defaults. */
  #resolved(): Promise<{ profile: Profile; settings: ResolvedSettings }> {
    this.#settings ??= (async () => {
      const profile = selectProfile(this.globals.profile, this.ctx.env, readConfig(this.ctx.configPath));
      const flags: { token?: string; maxResponseSize?: string; listStyle?: string } = {};
      if (this.globals.maxResponseSize !== undefined) flags.maxResponseSize = this.globals.maxResponseSize;
      if (this.globals.listStyle !== undefined) flags.listStyle = this.globals.listStyle;
      if (this.globals.tokenFile !== undefined) {
        const token = (await this.#readTokenFile(this.globals.tokenFile)).trim();
        if (!token) throw new UsageError(this.m.errors.noTokenInFile(this.globals.tokenFile));
        flags.token = token;
      }
      return { profile, settings: resolveSettings({ env: this.ctx.env, profile, flags }) };
    })();
    return this.#settings;
  }

  /** The settings in effect: flags > environment > profile > defaults. */
  async settings(): Promise<ResolvedSettings> {
    return (await this.#resolved()).settings;
  }

  /** Where requests to `host` go, with the token only when it may go there (config/credentials.ts); a UsageError when it may not. */
  async target(host: Host): Promise<Target> {
    const { profile, settings: s } = await this.#resolved();
    const token = tokenForHost(host, s, profile);
    return {
      baseUrl: s.baseUrl.value!,
      testBaseUrl: s.testBaseUrl.value!,
      tokens: token === undefined ? {} : { [host]: token },
      body: this.globals.body,
      listStyle: s.listStyle.value as ListStyle,
      userAgent: `coopctl/${version}`,
      lang: this.m.common.lang,
    };
  }

  /** Client options from the global flags and settings (timeout, retries, response limit, the -v trace), without Ctrl-C: client() adds it. */
  async clientOptions(): Promise<ClientOptions> {
    const s = await this.settings();
    return {
      timeoutMs: this.globals.timeout,
      retries: this.globals.retries,
      maxResponseBytes: parseSize(s.maxResponseSize.value!)!,
      clock: this.ctx.clock,
      env: this.ctx.env,
      ...(this.globals.verbose ? { trace: (event: TraceEvent) => this.say(this.m.errors.trace(event)) } : {}),
    };
  }

  /** One client per invocation, aborted by Ctrl-C: its keep-alive pool serves every call of the command. */
  client(): Promise<Client> {
    this.#client ??= this.clientOptions().then((options) =>
      this.ctx.createClient({ ...options, signal: this.ctx.signal }),
    );
    return this.#client;
  }

  async close(): Promise<void> {
    await this.#pager?.end();
    const client = this.#client;
    this.#client = undefined;
    if (client) await (await client.catch(() => undefined))?.close();
  }
}
