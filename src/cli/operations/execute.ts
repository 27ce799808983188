/** From raw parameters to an exit code: hooks, validation (nothing sent on error), request, hooks, call, report. */
import { buildRequest } from '../../client/request.js';
import { describeErrors, validateParams, type Operation, type Params } from '../../catalogue/index.js';
import { UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { flagOf } from './flags.js';
import { hooks, type PendingCall } from './hooks.js';
import { reportAnswer } from './report.js';
import type { CommandSpec } from './spec.js';

export function helpHint(op: Operation): string {
  return `coopctl ${op.command.join(' ')} --help`;
}

/**
 * Raw parameters through the param hooks and validation; a UsageError names
 * every offending field (with its flag) and its rule.
 */
export async function checkedParams(inv: Invocation, op: Operation, raw: Params, hint = helpHint(op)): Promise<Params> {
  let params = raw;
  for (const hook of hooks.params) params = await hook(op, params, inv);
  const checked = validateParams(op, params);
  if (checked.ok) return checked.value;
  const named = checked.errors.map((e) => {
    const name = e.field.replace(/\[\d+\]$/, '');
    return Object.hasOwn(op.params, name) ? { ...e, field: `${e.field} (${flagOf(name)})` } : e;
  });
  throw new UsageError(describeErrors(named), hint);
}

export async function prepareCall(inv: Invocation, spec: CommandSpec, params: Params): Promise<PendingCall> {
  return { spec, params, request: buildRequest(spec.op, params, await inv.target(spec.op.host)) };
}

/** Runs the pre-send hooks on every call; an exit code when one of them stops (the highest), else undefined. */
export async function preSend(inv: Invocation, calls: readonly PendingCall[]): Promise<number | undefined> {
  let stop: number | undefined;
  for (const call of calls) {
    for (const hook of hooks.preSend) {
      const code = await hook(call, inv);
      if (code !== undefined) {
        stop = Math.max(stop ?? 0, code);
        break;
      }
    }
  }
  return stop;
}

/** The plain run of an operation's command: checked, through the pre-send hooks, sent, reported. */
export async function executeOperation(inv: Invocation, spec: CommandSpec, raw: Params): Promise<number> {
  const call = await prepareCall(inv, spec, await checkedParams(inv, spec.op, raw));
  const stop = await preSend(inv, [call]);
  if (stop !== undefined) return stop;
  const client = await inv.client();
  return reportAnswer(inv, spec, await client.call(spec.op, call.request));
}
