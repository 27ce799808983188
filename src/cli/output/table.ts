/**
 * Tables of records (box.ts): one row per record. A table wider than WIDE
 * characters (the 15-column registration record, the addresses) reads badly
 * in a terminal, so it is shown expanded instead, as psql's expanded display
 * does: one field/value table per record.
 */
import type { Row } from '../../catalogue/index.js';
import type { Style } from '../style.js';
import { box, boxWidth, columnWidths } from './box.js';
import { cellText } from './cells.js';

/** Widest table shown as rows and columns. */
export const WIDE = 120;

export function table(columns: readonly string[], rows: readonly Row[], style: Style): string {
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  if (boxWidth(columnWidths([columns, ...cells])) <= WIDE)
    return box({ head: columns, rows: cells, rules: true }, style);
  return cells
    .map((row) => box({ rows: columns.map((c, i) => [c, row[i]!]), rules: false, boldFirst: true }, style))
    .join('');
}
