/** From raw parameters to an exit code: the param steps, validation (nothing sent on error), request, the pre-send steps, call, report. */
import { buildRequest } from '../../client/request.js';
import {
  explainErrors,
  fieldOf,
  problemField,
  validateParams,
  type Operation,
  type Params,
  type Problem,
} from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import { UsageError } from '../exit-codes.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import { recordFields } from '../output/json-fields.js';
import { checkJsonOptions } from '../output/json-select.js';
import { flagOf } from './flags.js';
import { completedParams, pendingCall, stopBeforeSending, type PendingCall, type Pipeline } from './pipeline.js';
import { warnParams } from './input.js';
import { reportAnswer } from './report.js';
import type { CommandSpec } from './spec.js';
import { subjectOf } from './subject.js';

export function helpHint(op: Operation): string {
  return `coopctl ${op.command.join(' ')} --help`;
}

/** A problem's field with its flag: `usuario_cartao (--usuario-cartao)`, `tipo_documento[1] (--tipo-documento)`. */
export function withFlag(op: Operation): (p: Problem) => string {
  return (p) => {
    const name = fieldOf(p.field);
    return p.code !== 'unknown' && Object.hasOwn(op.params, name) ? `${p.field} (${flagOf(name)})` : problemField(p);
  };
}

/**
 * The usage error of a request's problems, in the run's language: one
 * problem in its one line; several, one per line (at most MAX_DESCRIBED, then
 * how many more), each naming its field by `name`.
 */
export function problemsError(m: Messages, problems: readonly Problem[], name: (p: Problem) => string, hint?: string) {
  if (problems.length === 1) return new UsageError(m.rules.line(problems[0]!, name), hint);
  return new UsageError(m.rules.several(problems.length), hint, m.rules.lines(problems, name).split('\n'));
}

/**
 * Parameters as given (already normalised: inputs.ts, prompts) validated:
 * the parsed values, after the warnings about them are said; else a
 * UsageError naming every offending field (with its flag), its rule and what
 * was understood of the value.
 */
export function checkedInput(inv: Output, op: Operation, params: Params, hint = helpHint(op)): Params {
  const checked = validateParams(op, params);
  if (checked.ok) {
    warnParams(inv, op, checked.value);
    return checked.value;
  }
  throw problemsError(inv.m, explainErrors(op, params, checked.errors), withFlag(op), hint);
}

/** Raw parameters through the pipeline's param steps (prompts for missing ones), then checkedInput. */
export async function checkedParams(
  inv: Output & Asking,
  op: Operation,
  raw: Params,
  pipeline: Pipeline,
  hint = helpHint(op),
): Promise<Params> {
  return checkedInput(inv, op, await completedParams(pipeline, inv, op, raw), hint);
}

export async function prepareCall(inv: Service, spec: CommandSpec, params: Params): Promise<PendingCall> {
  return pendingCall(spec, params, buildRequest(spec.op, params, await inv.target(spec.op.host)));
}

/** A prepared call through the pipeline's pre-send steps, then (with what it acts on read first) sent and reported. */
export async function sendCall(
  inv: Output & Asking & Service & Settings & GivenFlags,
  call: PendingCall,
  pipeline: Pipeline,
): Promise<number> {
  const stop = await stopBeforeSending(pipeline, inv, [call]);
  if (stop !== undefined) return stop;
  const subject = await subjectOf(inv, call);
  const client = await inv.client();
  const result = await client.call(call.spec.op, call.request);
  return reportAnswer(inv, call.spec, result, { params: call.params, subject });
}

/** The plain run of an operation's command: checked, through the pipeline's steps, sent, reported. */
export async function executeOperation(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  raw: Params,
  pipeline: Pipeline,
): Promise<number> {
  await checkJsonOptions(await inv.display(), recordFields(spec.op));
  return sendCall(inv, await prepareCall(inv, spec, await checkedParams(inv, spec.op, raw, pipeline)), pipeline);
}
