/**
 * The box table of the batch report (output/box.ts): the look of the other
 * tables without a rule between rows, one line a row (line breaks in a
 * value read as spaces), fast for tens of thousands of rows.
 */
import type { Row } from '../../catalogue/index.js';
import { box } from '../output/box.js';
import { cellText } from '../output/cells.js';
import type { Style } from '../style.js';

function text(value: unknown): string {
  return cellText(value).replace(/\n/g, ' ');
}

export function boxTable(columns: readonly string[], rows: readonly Row[], style: Style): string {
  return box({ head: columns, rows: rows.map((r) => columns.map((c) => text(r[c]))), rules: false }, style);
}
