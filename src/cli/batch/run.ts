/**
 * `enrol batch <file>`: read and validate the whole file (nothing is sent
 * when a row is invalid, unless --skip-invalid), check it against the
 * journal of earlier runs, decide the steps left in doubt, send the rest,
 * and report (docs/batch.md).
 */
import { ExitCode } from '../exit-codes.js';
import type { Io } from '../capabilities.js';
import { shellQuote } from '../output/shell.js';
import { journalEntries, journalPathOf, readHistory, refuseEdits } from './earlier-runs.js';
import { journalKeying } from './step-hash.js';
import { loadBatch } from './input.js';
import { finishBatch } from './outcome.js';
import { type BatchFiles, checkReportPath, reportPath } from './report-file.js';
import { sayDryRun, sendBatch, type SendOptions } from './send.js';
import { refuseInvalid } from './validity.js';

export interface BatchOptions extends SendOptions {
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  readonly format?: 'csv' | 'json';
  /** Journal path; undefined for the default (`<file>.journal.jsonl`, none for stdin). */
  readonly journal?: string;
  /** Report file; undefined for the default (`<file>.report.csv`; for stdin, beside --journal, else none). */
  readonly report?: string;
}

/** The command that goes on with the batch (the options that say where its files are); undefined without a journal. */
function rerunCommand(file: string, opts: BatchOptions, journal: string | undefined): string | undefined {
  if (journal === undefined) return undefined;
  const words = ['coopctl', 'enrol', 'batch', file];
  if (opts.journal !== undefined) words.push('--journal', opts.journal);
  if (opts.report !== undefined) words.push('--report', opts.report);
  if (opts.format !== undefined) words.push('--format', opts.format);
  return `${file === '-' ? '… | ' : ''}${words.map(shellQuote).join(' ')}`;
}

export async function runBatch(inv: Io, file: string, opts: BatchOptions): Promise<number> {
  const journal = journalPathOf(file, opts.journal);
  const files: BatchFiles = {
    journal,
    report: reportPath(file, opts.report, opts.journal),
    rerun: rerunCommand(file, opts, journal),
  };
  if (files.report !== undefined) checkReportPath(inv.m, files.report, journal);
  const entries = journalEntries(inv, file, opts.journal);
  const keying = journalKeying(inv.m, inv.ctx.env, journal, entries, (text) => inv.info(`enrol batch: ${text}`));
  const batch = await loadBatch(inv, file, keying.hasher, opts.format);
  const invalid = await refuseInvalid(batch, opts.skipInvalid, files);
  if (invalid !== undefined) return invalid;
  const history = await readHistory(batch, file, opts.journal, entries, keying.keyId);
  const edited = await refuseEdits(batch, history);
  if (edited !== undefined) return edited;
  if (opts.dryRun) {
    sayDryRun(batch, history);
    return ExitCode.ok;
  }
  const totals = await sendBatch(batch, history, opts);
  return finishBatch(batch, files, totals);
}
