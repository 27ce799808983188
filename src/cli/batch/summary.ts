/**
 * The end of a batch as people read it on stderr: a line of counts per
 * outcome, the first few rows not done with their reason, and where the
 * report file and the journal are. Short whatever the size of the file:
 * every row is in the report file.
 */
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import { partWords } from './part-words.js';
import type { Messages } from '../i18n/index.js';
import type { Summary } from './report.js';
import type { RowResult } from './row-result.js';
import { placeText } from './source.js';
import { words as batchWords } from './words.js';

/** Rows not done listed on the terminal; the others are counted (and are in the report file). */
export const FIRST_FAILURES = 5;

/**
 * `enrol batch: 4000 rows: 1000 done (1000 created), 0 failed, 0 in doubt,
 * 17 partly done, 2983 not started; 6100 requests sent`. A category is
 * named when it has rows; failed, in doubt and not started always are when
 * sending stopped early.
 */
export function countsLine(m: Messages, s: Summary): string {
  const said = batchWords[m.common.lang];
  const stopped = s.stopped !== undefined && s.stopped !== 'invalid';
  const done = [
    s.created && said.created(s.created),
    s.resumed && said.resumed(s.resumed),
    s.skipped && said.alreadyDone(s.skipped),
  ]
    .filter(Boolean)
    .join(', ');
  const notDone = [
    (stopped || s.failed) && said.failed(s.failed),
    (stopped || s.uncertain) && said.inDoubt(s.uncertain),
    s.partlyDone && said.partlyDone(s.partlyDone),
    (stopped || s.notStarted) && said.notStarted(s.notStarted),
    s.invalid && said.invalid(s.invalid),
  ].filter(Boolean);
  let line = `enrol batch: ${said.rows(s.rows)}: ${said.done(s.done)}${done ? ` (${done})` : ''}`;
  if (notDone.length) line += `, ${notDone.join(', ')}`;
  line += `; ${said.requestsSent(s.requestsSent)}`;
  if (s.stepsSkipped) line += `, ${said.stepsSkipped(s.stepsSkipped)}`;
  return line;
}

/** Rows that failed or are in doubt, in file order. */
export function rowsNotDone(results: readonly RowResult[]): RowResult[] {
  return results.filter((r) => r.status === 'failed' || r.status === 'uncertain');
}

/**
 * The first rows not done, one line each: `row 12 · document: the service
 * refused it: …`. A card or CPF in the service's message is shown with its
 * last 4 digits only, as in the other messages (the report file has it whole).
 */
export function failureLines(m: Messages, rows: readonly RowResult[]): string[] {
  return rows.slice(0, FIRST_FAILURES).map((r) => {
    const f = r.failures[0];
    const more = r.failures.length > 1 ? batchWords[m.common.lang].otherSteps(r.failures.length - 1) : '';
    const status =
      r.status === 'failed' || r.status === 'uncertain' ? batchWords[m.common.lang].status(r.status) : r.status;
    const why = f ? ` · ${partWords(m, f.step)}: ${maskPersonalNumbers(f.message)}${more}` : `: ${status}`;
    return `  ${placeText(m, r.row)}${why}`;
  });
}
