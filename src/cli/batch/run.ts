/**
 * `enrol batch <file>`: read and validate the whole file (nothing is sent
 * when a row is invalid, unless --skip-invalid), check it against the
 * journal of earlier runs, decide the steps left in doubt, send the rest,
 * and report (docs/batch.md).
 */
import { ExitCode } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { readHistory, refuseEdits } from './earlier-runs.js';
import { loadBatch } from './input.js';
import { finishBatch } from './outcome.js';
import { sayDryRun, sendBatch, type SendOptions } from './send.js';
import { refuseInvalid } from './validity.js';

export interface BatchOptions extends SendOptions {
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  readonly format?: 'csv' | 'json';
  /** Journal path; undefined for the default (`<file>.journal.jsonl`, none for stdin). */
  readonly journal?: string;
}

export async function runBatch(inv: Invocation, file: string, opts: BatchOptions): Promise<number> {
  const batch = await loadBatch(inv, file, opts.format);
  const invalid = await refuseInvalid(batch, opts.skipInvalid);
  if (invalid !== undefined) return invalid;
  const history = await readHistory(batch, file, opts.journal);
  const edited = await refuseEdits(batch, history);
  if (edited !== undefined) return edited;
  if (opts.dryRun) {
    sayDryRun(batch, history);
    return ExitCode.ok;
  }
  const totals = await sendBatch(batch, history, opts);
  return finishBatch(batch, history.journalPath, totals);
}
