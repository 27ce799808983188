/**
 * The end of a batch: the report on stdout, the summary on stderr, and the
 * exit code with the notice that explains it (interrupted, rows not done,
 * the journal unwritable, the service unreachable).
 */
import { ExitCode } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import type { Batch } from './input.js';
import { counted } from './plural.js';
import { renderReport, summarize, summaryLine } from './report.js';
import type { RowResult } from './row-result.js';
import { placeText } from './source.js';
import type { EngineTotals } from './step-sender.js';

/** Reports the run; its exit code. */
export async function finishBatch(b: Batch, journal: string | undefined, totals: EngineTotals): Promise<number> {
  const results = [...b.results.values()];
  const summary = summarize(results, totals);
  const input = { file: b.name, journal, plan: b.plan, results, totals, problems: b.problems };
  b.inv.out(await renderReport(input, b.inv.format, b.style));
  b.inv.info(summaryLine(summary, journal));
  if (totals.stopped === 'interrupted') {
    await b.inv.notice(
      `interrupted: ${counted(summary.notRun, 'row')} not sent; rerun the same command to continue`,
      'note',
    );
    return ExitCode.interrupted;
  }
  if (summary.done === summary.rows) return ExitCode.ok;
  await explainFailure(b.inv, results, journal, totals);
  if (!totals.reached && totals.transportFailures > 0) return ExitCode.transport;
  return ExitCode.failed;
}

/** Why some rows are not done: the first failure, and why sending stopped, if it did. */
async function explainFailure(
  inv: Invocation,
  results: readonly RowResult[],
  journal: string | undefined,
  totals: EngineTotals,
): Promise<void> {
  const failedRows = results.filter((r) => r.status === 'failed' || r.status === 'uncertain');
  if (failedRows.length) {
    const first = failedRows[0]!;
    const f = first.failures[0];
    await inv.notice(
      `${counted(failedRows.length, 'row')} not done${f ? ` (first: ${placeText(first.row)}, ${f.step}: ${f.message})` : ''}; fix what is said, then rerun the same command: done steps are skipped`,
      'error',
    );
  }
  if (totals.stopped === 'journal')
    await inv.notice(
      `stopped: the journal ${journal} cannot be written (${totals.journalError ?? 'fsync failed'}); fix that, then rerun the same command`,
      'error',
    );
  if (totals.stopped === 'unreachable')
    await inv.notice(
      `stopped: the service could not be reached (${totals.lastTransportError ?? 'connection failures'}); rerun the same command to continue`,
      'error',
    );
}
