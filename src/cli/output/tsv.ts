/**
 * Tables when stdout is not a terminal (display.ts): one line per record,
 * fields separated by TAB, no header and no box, as the GitHub CLI prints
 * its tables into a pipe, so that `cut -f2`, `awk -F'\t'` and `while read`
 * work. Values are the spec's, as received (no labels, no formats, no code
 * meanings); a nested group is one field of JSON. Every control character
 * of a value, TAB and line breaks included, is shown as its escape (`\t`,
 * `\n`: sanitize.ts), so a record is always one line of the same number of
 * fields.
 */
import type { Row } from '../../catalogue/index.js';
import { stringifyExact } from '../../catalogue/exact-json.js';
import { sanitize } from './sanitize.js';

/** One field: the value's text on one line, safe to show. */
export function plainCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  return sanitize(typeof value === 'object' ? stringifyExact(value) : String(value), 'show');
}

export function tsv(columns: readonly string[], rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) out += `${columns.map((c) => plainCell(row[c])).join('\t')}\n`;
  return out;
}
