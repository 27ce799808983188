/**
 * The steps of an operation's run, as an explicit list that the command tree
 * passes in (commands/pipeline.ts says which and in what order): `options`
 * when each command is built (extra flags such as --yes, --dry-run),
 * `params` on the raw parameters before validation (prompting for missing
 * ones), `preSend` on the validated, built requests (dry run, confirmation).
 * A step states the capabilities it uses; what a run learns on the way
 * (whether a call was asked about, what it acts on) is carried in the call.
 */
import type { HttpRequest } from '../../client/types.js';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import type { CommandSpec, PendingCall, Pipeline } from './spec.js';

export type { OptionStep, ParamStep, PendingCall, Pipeline, PreSendStep } from './spec.js';

/** A call of `spec`'s operation with these parameters and request, nothing read about it yet. */
export function pendingCall(spec: CommandSpec, params: Params, request: HttpRequest, asGiven?: boolean): PendingCall {
  return { spec, params, request, ...(asGiven ? { asGiven } : {}), read: {} };
}

/** Raw parameters through the param steps, in order. */
export async function completedParams(
  pipeline: Pipeline,
  io: Output & Asking,
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
  io: Output & Asking & Service & Settings & GivenFlags,
  calls: readonly PendingCall[],
): Promise<number | undefined> {
  for (const step of pipeline.preSend) {
    const code = await step(calls, io);
    if (code !== undefined) return code;
  }
  return undefined;
}
