/**
 * The end of a batch: the report file written (every row), the report on
 * stdout with `-o json|jsonl|csv`, a short summary on stderr (counts, the
 * first rows not done, where the report and the journal are), and the exit
 * code with the notice that explains it and says how to go on.
 */
import { ExitCode } from '../exit-codes.js';
import type { Io } from '../capabilities.js';
import type { Batch } from './input.js';
import { renderReport, type ReportInput, summarize } from './report.js';
import { type BatchFiles, saveReport } from './report-file.js';
import type { RowResult } from './row-result.js';
import type { SendTotals } from '../enrol/sender.js';
import { countsLine, FIRST_FAILURES, failureLines, rowsNotDone } from './summary.js';
import { words as batchWords } from './words.js';

/** How to go on: the same command again, which skips what is done. */
function rerunText(inv: Io, files: BatchFiles, what: string): string {
  return files.rerun ? batchWords[inv.lang].rerun(what, files.rerun) : batchWords[inv.lang].noJournal;
}

/** Says where the report file is, or that there is none. */
function sayWhere(inv: Io, files: BatchFiles, written: string | undefined): void {
  if (written) inv.info(batchWords[inv.lang].reportAt(written));
  else if (files.report === undefined && inv.format === 'table') inv.info(batchWords[inv.lang].noReport);
  if (files.journal) inv.info(batchWords[inv.lang].journalAt(files.journal));
}

/** Reports the run; its exit code. */
export async function finishBatch(b: Batch, files: BatchFiles, totals: SendTotals): Promise<number> {
  const results = [...b.results.values()];
  const why = totals.stopped;
  const summary = summarize(results, why, totals);
  const input: ReportInput = {
    m: b.inv.m,
    file: b.name,
    journal: files.journal,
    report: files.report,
    plan: b.plan,
    results,
    totals,
    why,
    problems: b.problems,
  };
  const written = await saveReport(b.inv, input);
  if (b.inv.format !== 'table')
    b.inv.out(await renderReport({ ...input, report: written }, b.inv.format, b.style, b.inv.mask));
  const said = batchWords[b.inv.lang];
  b.inv.info(countsLine(b.inv.m, summary));
  sayWhere(b.inv, files, written);
  if (why === 'interrupted') {
    await b.inv.notice(said.interruptedNotice(rerunText(b.inv, files, said.toSendRest)), 'note');
    return ExitCode.interrupted;
  }
  if (summary.done === summary.rows) return ExitCode.ok;
  await explainFailure(b.inv, results, files, written, totals, summary.invalid);
  if (!totals.reached && totals.transportFailures > 0) return ExitCode.transport;
  return ExitCode.failed;
}

/** Why some rows are not done: the first of them, why sending stopped (if it did), and how to retry. */
async function explainFailure(
  inv: Io,
  results: readonly RowResult[],
  files: BatchFiles,
  written: string | undefined,
  totals: SendTotals,
  invalid: number,
): Promise<void> {
  const said = batchWords[inv.lang];
  const notDone = rowsNotDone(results);
  if (notDone.length) {
    await inv.notice(said.rowsNotDone(notDone.length), 'error');
    for (const line of failureLines(inv.m, notDone)) inv.say(line);
    const left = notDone.length - FIRST_FAILURES;
    if (left > 0) inv.say(said.moreRows(left, written));
  }
  if (totals.stopped === 'journal') await inv.notice(said.journalStopped(files.journal, totals.journalError), 'error');
  if (totals.stopped === 'unreachable') await inv.notice(said.unreachableStopped(totals.lastTransportError), 'error');
  inv.say(rerunText(inv, files, notDone.length || invalid ? said.toRetry : said.toSendRest));
}
