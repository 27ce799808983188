/**
 * Extension points of the operation commands, run in this order:
 * `options` when each command is built (extra flags such as --yes, --dry-run),
 * `params` on the raw parameters before validation (prompting for missing ones),
 * `preSend` on the validated, built request (confirmation, dry run).
 * Add a hook by appending it here; the command builder and executeOperation run them.
 */
import type { Command } from 'commander';
import type { HttpRequest } from '../../client/types.js';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Invocation } from '../invocation.js';

/** A request about to be sent. */
export interface PendingCall {
  readonly op: Operation;
  /** Validated parameters (the catalogue's parsed values). */
  readonly params: Params;
  readonly request: HttpRequest;
}

export type OptionHook = (command: Command, op: Operation) => void;
export type ParamHook = (op: Operation, raw: Params, inv: Invocation) => Promise<Params>;
/** Returns an exit code to stop before sending (nothing is sent), or undefined to go on. */
export type PreSendHook = (call: PendingCall, inv: Invocation) => Promise<number | undefined>;

export const hooks: { readonly options: OptionHook[]; readonly params: ParamHook[]; readonly preSend: PreSendHook[] } =
  {
    options: [],
    params: [],
    preSend: [],
  };
