/**
 * What a command may use, one narrow capability each (types only: nothing is
 * loaded for them). A run's Invocation (invocation.ts) gives them all; a
 * command module, a hook or a helper names only those it uses, so what it can
 * reach is written in its signature (as gh's per-command options and factory
 * do). See docs/architecture.md, "Capabilities".
 */
import type { Writable } from 'node:stream';
import type { OptionValues } from 'commander';
import type { Host } from '../catalogue/index.js';
import type { Client } from '../client/client.js';
import type { ClientOptions, Clock, Target } from '../client/types.js';
import type { ResolvedSettings } from './config/settings.js';
import type { Context } from './context.js';
import type { GlobalOptions, OutputFormat } from './flags/global.js';
import type { Lang, Messages } from './i18n/index.js';
import type { Display } from './output/display.js';
import type { Masking } from './output/mask.js';
import type { Prompter } from './prompter.js';
import type { Style } from './output/style.js';

/** The run's language and its message catalogue. */
export interface Words {
  readonly lang: Lang;
  readonly m: Messages;
}

/** Data on stdout (through the pager when taller than the terminal) and one-line messages on stderr, made safe. */
export interface Output extends Words {
  /** The output format: --output, or json with --json/--jq. */
  readonly format: OutputFormat;
  /** How data on stdout is shown (output/display.ts). */
  display(): Promise<Display>;
  style(stream: 'stdout' | 'stderr'): Promise<Style>;
  /** Data, on stdout. */
  out(text: string): void;
  /** A message on stderr, left out with --quiet. */
  info(text: string, dress?: (safe: string) => string): void;
  /** A line for people on stderr even with --quiet. */
  say(text?: string, dress?: (safe: string) => string): void;
  /** `warning: <text>` on stderr, once per text. */
  warn(text: string): void;
  /** A message on stderr, even with --quiet: it explains the exit code. */
  notice(text: string, kind: 'note' | 'error'): Promise<void>;
  /** `--mask`: what hides personal data in what is shown (output/mask.ts); undefined when the run shows it in full. */
  readonly mask: Masking | undefined;
}

/** Asking a person: whether prompts are allowed, the prompter in the run's language, and the day answers are read on. */
export interface Asking extends Words {
  /** Prompts are allowed: stdin and stdout are TTYs and --no-input is absent. */
  readonly interactive: boolean;
  /** --no-input was given (a refusal to ask says so). */
  readonly noInput: boolean;
  readonly prompter: Prompter;
  /** Which standard streams are terminals: whether a person reads the words. */
  readonly tty: Context['tty'];
  /** The stream the questions are drawn on, for what is drawn between them as it is (a calendar). */
  readonly stderr: Writable;
  readonly clock: Clock;
  /** coopctl's private state folder (`$XDG_STATE_HOME/coopctl`), where a question finds what an earlier run kept. */
  readonly stateDir: string;
}

/** A file, or stdin for `-`, named by a flag. */
export interface Input extends Words {
  readInput(spec: string, option: string): Promise<string>;
}

/** Calls to the service: where a host's requests go (with its token when allowed) and the run's one client. */
export interface Service {
  target(host: Host): Promise<Target>;
  client(): Promise<Client>;
  clientOptions(): Promise<ClientOptions>;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}

/** The settings in effect: flags > environment > profile > defaults. */
export interface Settings {
  settings(): Promise<ResolvedSettings>;
}

/** The running command's own flags as commander parsed them; read through a declaration (flags/declared.ts). */
export interface GivenFlags {
  readonly options: OptionValues;
}

/**
 * Everything a run gives, the context and the global options included: for
 * the front-ends that drive a whole flow themselves (the enrolment wizard and
 * batch, `config`, `serve`).
 */
export interface Io extends Output, Asking, Input, Service, Settings, GivenFlags {
  readonly ctx: Context;
  readonly globals: GlobalOptions;
  colored(stream: 'stdout' | 'stderr'): boolean;
}
