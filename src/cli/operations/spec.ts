/**
 * What a command module (src/cli/commands/<area>/<verb>.ts) may declare about
 * its catalogue operation's command. Every hook is optional: an operation
 * without a module runs on what the catalogue entry gives (flags, help,
 * example, validation, table, confirmation when its `confirm` says so).
 */
import type { Operation, Params, Row } from '../../catalogue/index.js';
import type { Invocation } from '../invocation.js';
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

/** The hooks of a command module; `P` is the shape of the operation's validated parameters. */
export interface CommandHooks<P = Params> {
  /** Example lines for the help, after the one derived from the rules' examples. */
  readonly examples?: readonly string[];
  /**
   * The confirmation's wording (the catalogue's `confirm` says when to ask).
   * The operation's commands pass validated parameters; `coopctl api` passes
   * what was given, so any of them may be missing.
   */
  confirm?(params: Partial<P>): ConfirmText;
  /**
   * The table output on a terminal (the default format) instead of the
   * derived table; the other formats, and tables into a pipe, stay derived.
   */
  render?(data: readonly Row[], display: Display): string;
  /**
   * A flow that replaces the plain run (a wizard): gets the raw parameters of
   * the command line, returns an exit code, or undefined to run as usual.
   */
  interactive?(inv: Invocation, spec: CommandSpec, raw: Params): Promise<number | undefined>;
}

/** A command's declaration: its catalogue operation (by reference) and its hooks. */
export interface CommandSpec<P = Params> extends CommandHooks<P> {
  readonly op: Operation;
}

/** The command of an operation that has no module: the catalogue entry alone. */
export function derivedSpec(op: Operation): CommandSpec {
  return { op };
}
