/** Calls made by the wizards: reads that feed their choices, and the writes they submit (through the pre-send hooks). */
import type { CallResult } from '../../client/types.js';
import { dataRecords, type Operation, type Params, type Row } from '../../catalogue/index.js';
import { ExitCode } from '../exit-codes.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import { checkedInput, prepareCall } from '../operations/execute.js';
import { stopBeforeSending, type Pipeline } from '../operations/pipeline.js';
import { exitCodeOf, problemOf } from '../operations/report.js';
import { derivedSpec, type CommandSpec } from '../operations/spec.js';

/** Exit code when the user declines a wizard's summary, as for a declined confirmation: nothing was sent. */
export const DECLINED = ExitCode.declined;

/** The records of a read, or why there are none (with the exit code that says so). */
export type Lookup =
  | { readonly ok: true; readonly rows: Row[] }
  | { readonly ok: false; readonly code: number; readonly problem: string };

/**
 * A read for the wizard's lists. Reads are not pre-send checked (a dry run
 * still shows the lists). When it finds nothing, the wizard says so in its
 * own words: the problem is then only what the service said (or `no result`).
 */
export async function lookup(inv: Output & Service, op: Operation, raw: Params): Promise<Lookup> {
  const call = await prepareCall(inv, derivedSpec(op), checkedInput(inv, op, raw));
  const result = await (await inv.client()).call(op, call.request);
  const code = exitCodeOf(result);
  const rows = result.kind === 'answer' ? dataRecords(result.records) : [];
  if (code === ExitCode.ok && rows.length > 0) return { ok: true, rows };
  if (code === ExitCode.ok || code === ExitCode.noResult) {
    const message = result.kind === 'answer' ? result.message : '';
    return {
      ok: false,
      code: ExitCode.noResult,
      problem: message ? inv.m.outcomes.saidBy(message) : inv.m.prompts.noResult,
    };
  }
  return { ok: false, code, problem: problemOf(result, inv.m, op, call.params)! };
}

/** The outcome of a write: sent and answered, or stopped by a pre-send hook (nothing sent). */
export type Submitted =
  | {
      readonly kind: 'answered';
      readonly code: number;
      readonly result: CallResult;
      readonly records: Row[];
      readonly problem?: string;
    }
  | { readonly kind: 'stopped'; readonly code: number };

/** A write of a command's operation: validated, through the pipeline's pre-send steps (dry run, confirmation), then sent. */
export async function submit(
  inv: Output & Asking & Service & Settings & GivenFlags,
  spec: CommandSpec,
  raw: Params,
  pipeline: Pipeline,
): Promise<Submitted> {
  const { op } = spec;
  const call = await prepareCall(inv, spec, checkedInput(inv, op, raw));
  const stop = await stopBeforeSending(pipeline, inv, [call]);
  if (stop !== undefined) return { kind: 'stopped', code: stop };
  const result = await (await inv.client()).call(op, call.request);
  const code = exitCodeOf(result);
  const records = result.kind === 'answer' ? dataRecords(result.records) : [];
  const problem = problemOf(result, inv.m, op, call.params);
  return problem === undefined
    ? { kind: 'answered', code, result, records }
    : { kind: 'answered', code, result, records, problem };
}

/** The first value of `field` among the records, as text. */
export function createdId(records: readonly Row[], field: string): string | undefined {
  const value = records.find((r) => r[field] !== undefined && r[field] !== null)?.[field];
  return value === undefined || value === null ? undefined : String(value);
}
