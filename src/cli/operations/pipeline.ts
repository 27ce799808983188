/**
 * The steps of an operation's run, as an explicit list that the command tree
 * passes in (commands/pipeline.ts says which and in what order): `options`
 * when each command is built (extra flags such as --yes, --dry-run),
 * `params` on the raw parameters before validation (prompting for missing
 * ones), `preSend` on the validated, built requests (dry run, confirmation).
 * A step states the capabilities it uses; what a run learns on the way
 * (whether a call was asked about, what it acts on) is carried in the call.
 */
import type { Command } from 'commander';
import type { HttpRequest } from '../../client/types.js';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { OperationIo } from '../capabilities.js';
import type { CommandSpec, Subject } from './spec.js';

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

/** A call of `spec`'s operation with these parameters and request, nothing read about it yet. */
export function pendingCall(spec: CommandSpec, params: Params, request: HttpRequest, asGiven?: boolean): PendingCall {
  return { spec, params, request, ...(asGiven ? { asGiven } : {}), read: {} };
}

/** Adds options (and their help, in the language of `m`) to an operation's command. */
export type OptionStep = (command: Command, op: Operation, m: Messages) => void;
/** The raw parameters, completed (or as they are). */
export type ParamStep = (op: Operation, raw: Params, io: OperationIo) => Promise<Params>;
/** Returns an exit code to stop before sending (nothing is sent), or undefined to go on. */
export type PreSendStep = (calls: readonly PendingCall[], io: OperationIo) => Promise<number | undefined>;

/** The steps of an operation's run, each list run in its order. */
export interface Pipeline {
  readonly options: readonly OptionStep[];
  readonly params: readonly ParamStep[];
  readonly preSend: readonly PreSendStep[];
}

/** Raw parameters through the param steps, in order. */
export async function completedParams(
  pipeline: Pipeline,
  io: OperationIo,
  op: Operation,
  raw: Params,
): Promise<Params> {
  let params = raw;
  for (const step of pipeline.params) params = await step(op, params, io);
  return params;
}

/** The pre-send steps on the calls, in order: the first that stops gives the exit code (nothing is sent). */
export async function stopBeforeSending(
  pipeline: Pipeline,
  io: OperationIo,
  calls: readonly PendingCall[],
): Promise<number | undefined> {
  for (const step of pipeline.preSend) {
    const code = await step(calls, io);
    if (code !== undefined) return code;
  }
  return undefined;
}
