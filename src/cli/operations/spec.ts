/**
 * What a command module (src/cli/commands/<area>/<verb>.ts) may declare about
 * its catalogue operation's command. Every hook is optional: an operation
 * without a module runs on what the catalogue entry gives (flags, help,
 * example, validation, table, confirmation when its `confirm` says so).
 */
import type { Command } from 'commander';
import type { HttpRequest } from '../../client/types.js';
import type { Operation, Params, Row } from '../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import type { FlagDecls } from '../flags/declared.js';
import type { Messages } from '../i18n/index.js';
import type { Display } from '../output/display.js';

/** What the confirmation question shows; the asker adds the service line after `lines`. */
export interface ConfirmText {
  /** What will happen, one fact a line. */
  readonly lines: readonly string[];
  /** The yes/no question. */
  readonly question: string;
  /** Why it needs confirming, for the message without a terminal. */
  readonly what: string;
}

/** What a call acts on, as the command read it before sending (whose appointment, which address), in words. */
export interface Subject {
  /** Facts for the confirmation, one a line. */
  readonly lines: readonly string[];
  /** The same in a few words, for the outcome message (`Appointment cancelled: <brief>`). */
  readonly brief: string;
  /**
   * Why the call must not be sent, in the run's language, when what was read
   * shows it acts on something else than the person said (an appointment that
   * is not the given card's): the confirmation stops there, before asking or
   * sending, with exit 1, --yes or not.
   */
  readonly refusal?: string;
}

/** How a call's subject is read. */
export interface SubjectContext {
  /**
   * Whether the subject may be asked for on the terminal (the operation's own
   * command on a terminal); never for `coopctl api`, which sends what it is given.
   */
  readonly mayAsk: boolean;
}

/** A help example: a command line, with a note (a key of the help messages' `notes`) saying what it shows. */
export type Example = string | { readonly command: string; readonly note: keyof Messages['help']['notes'] };

/** The hooks of a command module; `P` is the shape of the operation's validated parameters. */
export interface CommandHooks<P = Params> {
  /** Examples for the help, after the one derived from the rules' examples; each must succeed against the demo data. */
  readonly examples?: readonly Example[];
  /** Flags of the command besides the operation's fields (not sent), typed (flags/declared.ts); `defineCommand` reads them for `subject`. */
  readonly flags?: FlagDecls;
  /**
   * Reads what the call will act on, before it is sent (not in a dry run):
   * the confirmation shows it and the outcome message names it. Undefined
   * when it cannot be known; a failed read is no error (the call goes on).
   * Its `io` is what the hooks that exist use (`schedule cancel`'s reads the
   * `providers` setting and may ask for the card); a hook names less.
   */
  subject?(
    io: Output & Asking & Service & Settings & GivenFlags,
    params: Partial<P>,
    context: SubjectContext,
  ): Promise<Subject | undefined>;
  /**
   * The confirmation's wording (the catalogue's `confirm` says when to ask),
   * in the run's language, with what `subject` read. The operation's commands
   * pass validated parameters; `coopctl api` passes what was given, so any of
   * them may be missing.
   */
  confirm?(params: Partial<P>, m: Messages, subject: Subject | undefined): ConfirmText;
  /**
   * The table output on a terminal (the default format) instead of the
   * derived table; the other formats, and tables into a pipe, stay derived.
   */
  render?(data: readonly Row[], display: Display): string | Promise<string>;
  /**
   * A flow that replaces the plain run (a wizard): gets the raw parameters of
   * the command line and the steps of the operation's run (to send through),
   * returns an exit code, or undefined to run as usual. Its `io` is what the
   * plain run's steps use (it may send through them), and no more: no flow
   * reads a file itself (the parameters are read before it).
   */
  interactive?(
    io: Output & Asking & Service & Settings & GivenFlags,
    spec: CommandSpec,
    raw: Params,
    pipeline: Pipeline,
  ): Promise<number | undefined>;
}

/** A command's declaration: its catalogue operation (by reference) and its hooks. */
export interface CommandSpec<P = Params> extends CommandHooks<P> {
  readonly op: Operation;
}

/** The command of an operation that has no module: the catalogue entry alone. */
export function derivedSpec(op: Operation): CommandSpec {
  return { op };
}

/** A request about to be sent. */
export interface PendingCall {
  /** The command whose operation it calls (its hooks word the confirmation). */
  readonly spec: CommandSpec;
  /** Validated parameters (the catalogue's parsed values). */
  readonly params: Params;
  readonly request: HttpRequest;
  /** Sent as written (`coopctl api`): the command's hooks read what they need, but ask nothing more. */
  readonly asGiven?: boolean;
  /** Asked about already by the command's own flow (`notify send` on a terminal): the confirmation does not ask again. */
  readonly confirmed?: boolean;
  /** What the call acts on, once read (operations/subject.ts): one read per call. */
  readonly read: { subject?: Promise<Subject | undefined> };
}

/** Adds options (and their help, in the language of `m`) to an operation's command. */
export type OptionStep = (command: Command, op: Operation, m: Messages) => void;
/**
 * The raw parameters, completed (or as they are). A step's `io` is what the
 * steps of commands/pipeline.ts use (the prompt for missing fields); a step
 * names what it uses itself, and the pipeline passes the run's.
 */
export type ParamStep = (op: Operation, raw: Params, io: Output & Asking) => Promise<Params>;
/**
 * Returns an exit code to stop before sending (nothing is sent), or undefined
 * to go on. Its `io` is what the steps of commands/pipeline.ts use: the dry
 * run (the settings), the confirmation (a question, and the call's `subject`
 * hook, which reads the service) and the kept card.
 */
export type PreSendStep = (
  calls: readonly PendingCall[],
  io: Output & Asking & Service & Settings & GivenFlags,
) => Promise<number | undefined>;

/** The steps of an operation's run, each list run in its order. */
export interface Pipeline {
  readonly options: readonly OptionStep[];
  readonly params: readonly ParamStep[];
  readonly preSend: readonly PreSendStep[];
}
