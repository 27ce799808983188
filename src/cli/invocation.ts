/** One command being run: the context plus its global options, and what is derived from them once. */
import type { Client } from '../client/client.js';
import type { ClientOptions, Target } from '../client/types.js';
import { readConfig } from './config/file.js';
import { profileName, resolveSettings, type ResolvedSettings } from './config/settings.js';
import type { Context } from './context.js';
import { UsageError } from './exit-codes.js';
import type { GlobalOptions, OutputFormat } from './global-options.js';
import { errorLine, loadStyle, type Style } from './style.js';
import { version } from './version.js';

export class Invocation {
  readonly ctx: Context;
  readonly globals: GlobalOptions;
  #settings: Promise<ResolvedSettings> | undefined;
  #client: Promise<Client> | undefined;
  #styles = new Map<'stdout' | 'stderr', Promise<Style>>();
  #stdinTakenBy: string | undefined;

  constructor(ctx: Context, globals: GlobalOptions) {
    this.ctx = ctx;
    this.globals = globals;
  }

  get format(): OutputFormat {
    return this.globals.json ? 'json' : this.globals.output;
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
    if (!s) this.#styles.set(stream, (s = loadStyle(this.colored(stream))));
    return s;
  }

  /** Data, on stdout. */
  out(text: string): void {
    this.ctx.stdout.write(text);
  }

  /** A message on stderr, left out with --quiet. */
  info(text: string): void {
    if (!this.globals.quiet) this.ctx.stderr.write(`${text}\n`);
  }

  /** A message on stderr, even with --quiet: it explains the exit code. */
  async notice(text: string, kind: 'note' | 'error'): Promise<void> {
    if (kind === 'note') {
      this.ctx.stderr.write(`${text}\n`);
      return;
    }
    this.ctx.stderr.write(errorLine(await this.style('stderr'), text));
  }

  /** The contents of a file, or of stdin for `-` (which only one option may claim). */
  async readInput(spec: string, option: string): Promise<string> {
    if (spec !== '-') {
      try {
        const { readFile } = await import('node:fs/promises');
        return await readFile(spec, 'utf8');
      } catch (err) {
        throw new UsageError(`${option}: cannot read ${spec} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
    }
    if (this.#stdinTakenBy) throw new UsageError(`${option} - and ${this.#stdinTakenBy} - cannot both read stdin`);
    this.#stdinTakenBy = option;
    const { text } = await import('node:stream/consumers');
    return text(this.ctx.stdin);
  }

  /** The settings in effect: flags > environment > profile > defaults. */
  settings(): Promise<ResolvedSettings> {
    this.#settings ??= (async () => {
      const profile = profileName(this.globals.profile, this.ctx.env);
      const flags: { token?: string } = {};
      if (this.globals.tokenFile !== undefined) {
        const token = (await this.readInput(this.globals.tokenFile, '--token-file')).trim();
        if (!token) throw new UsageError(`--token-file ${this.globals.tokenFile} holds no token`);
        flags.token = token;
      }
      return resolveSettings({ env: this.ctx.env, config: readConfig(this.ctx.configPath), profile, flags });
    })();
    return this.#settings;
  }

  async target(): Promise<Target> {
    const s = await this.settings();
    return { baseUrl: s.baseUrl.value!, testBaseUrl: s.testBaseUrl.value!, token: s.token.value, body: this.globals.body, userAgent: `coopctl/${version}` };
  }

  /** Client options from the global flags (timeout, retries, the -v trace), without Ctrl-C: client() adds it. */
  clientOptions(): ClientOptions {
    return {
      timeoutMs: this.globals.timeout,
      retries: this.globals.retries,
      clock: this.ctx.clock,
      env: this.ctx.env,
      ...(this.globals.verbose ? { trace: (line: string) => this.ctx.stderr.write(`${line}\n`) } : {}),
    };
  }

  /** One client per invocation, aborted by Ctrl-C: its keep-alive pool serves every call of the command. */
  client(): Promise<Client> {
    this.#client ??= this.ctx.createClient({ ...this.clientOptions(), signal: this.ctx.signal });
    return this.#client;
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client) await (await client.catch(() => undefined))?.close();
  }
}
