/**
 * The end of a batch as people read it on stderr: a line of counts per
 * outcome, the first few rows not done with their reason, and where the
 * report file and the journal are. Short whatever the size of the file:
 * every row is in the report file.
 */
import { counted } from './plural.js';
import type { Summary } from './report.js';
import type { RowResult } from './row-result.js';
import { placeText } from './source.js';

/** Rows not done listed on the terminal; the others are counted (and are in the report file). */
export const FIRST_FAILURES = 5;

/**
 * `enrol batch: 4000 rows: 1000 done (1000 created), 0 failed, 0 in doubt,
 * 17 partly done, 2983 not started; 6100 requests sent`. A category is
 * named when it has rows; failed, in doubt and not started always are when
 * sending stopped early.
 */
export function countsLine(s: Summary): string {
  const stopped = s.stopped !== undefined && s.stopped !== 'invalid';
  const done = [
    s.created && `${s.created} created`,
    s.resumed && `${s.resumed} resumed`,
    s.skipped && `${s.skipped} already done`,
  ]
    .filter(Boolean)
    .join(', ');
  const notDone = [
    (stopped || s.failed) && `${s.failed} failed`,
    (stopped || s.uncertain) && `${s.uncertain} in doubt`,
    s.partlyDone && `${s.partlyDone} partly done`,
    (stopped || s.notStarted) && `${s.notStarted} not started`,
    s.invalid && `${s.invalid} invalid (not sent)`,
  ].filter(Boolean);
  let line = `enrol batch: ${counted(s.rows, 'row')}: ${s.done} done${done ? ` (${done})` : ''}`;
  if (notDone.length) line += `, ${notDone.join(', ')}`;
  line += `; ${counted(s.requestsSent, 'request')} sent`;
  if (s.stepsSkipped) line += `, ${counted(s.stepsSkipped, 'step')} skipped (done by an earlier run)`;
  return line;
}

/** Rows that failed or are in doubt, in file order. */
export function rowsNotDone(results: readonly RowResult[]): RowResult[] {
  return results.filter((r) => r.status === 'failed' || r.status === 'uncertain');
}

/** The first rows not done, one line each: `row 12 · document: the service refused it: …`. */
export function failureLines(rows: readonly RowResult[]): string[] {
  return rows.slice(0, FIRST_FAILURES).map((r) => {
    const f = r.failures[0];
    const more = r.failures.length > 1 ? ` (and ${counted(r.failures.length - 1, 'other step')})` : '';
    return `  ${placeText(r.row)}${f ? ` · ${f.step}: ${f.message}${more}` : `: ${r.status}`}`;
  });
}
