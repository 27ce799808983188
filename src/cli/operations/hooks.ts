/**
 * Extension points of the operation commands, run in this order:
 * `options` when each command is built (extra flags such as --yes, --dry-run),
 * `params` on the raw parameters before validation (prompting for missing ones),
 * `preSend` on the validated, built request (confirmation, dry run).
 * The layers above (safety, interactive) append their hooks here when the
 * command tree is built (src/cli/commands/tree.ts); the runner runs them.
 */
import type { Command } from 'commander';
import type { HttpRequest } from '../../client/types.js';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { OperationIo } from '../capabilities.js';
import type { CommandSpec } from './spec.js';

/** A request about to be sent. */
export interface PendingCall {
  /** The command whose operation it calls (its hooks word the confirmation). */
  readonly spec: CommandSpec;
  /** Validated parameters (the catalogue's parsed values). */
  readonly params: Params;
  readonly request: HttpRequest;
  /** Sent as written (`coopctl api`): the command's hooks read what they need, but ask nothing more. */
  readonly asGiven?: boolean;
}

/** Adds options (and their help, in the language of `m`) to an operation's command. */
export type OptionHook = (command: Command, op: Operation, m: Messages) => void;
export type ParamHook = (op: Operation, raw: Params, inv: OperationIo) => Promise<Params>;
/** Returns an exit code to stop before sending (nothing is sent), or undefined to go on. */
export type PreSendHook = (call: PendingCall, inv: OperationIo) => Promise<number | undefined>;

export const hooks: { readonly options: OptionHook[]; readonly params: ParamHook[]; readonly preSend: PreSendHook[] } =
  {
    options: [],
    params: [],
    preSend: [],
  };
