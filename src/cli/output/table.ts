/**
 * Tables of records for a person on a terminal (box.ts), never wider than
 * the terminal: one row per record when the columns fit, or can be narrowed
 * to fit with every column still as wide as its longest word (up to
 * WORD_MAX columns), so that codes and dates are not cut; otherwise the
 * records are shown expanded, as psql's expanded display does: one
 * field/value table per record, the labels cut with `…` past 40% of the
 * width and the values wrapped in the rest. Without a width (tests,
 * cli-table3's comparison) a table is as wide as its cells.
 */
import { textWidth } from './width.js';
import type { Style } from '../style.js';
import { box, boxWidth, columnWidths, MIN_CELL } from './box.js';

/** The longest word that keeps a column from being narrowed: longer ones (URLs, long names) may be cut. */
export const WORD_MAX = 20;

/** Each column's narrowest width (padding included): its longest word, at most WORD_MAX. */
function wordWidths(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      let w = widths[i] ?? MIN_CELL;
      // Words as wrap.ts wraps them: between spaces and lines (a no-break space joins).
      for (const word of cell.split(/[ \n]+/)) {
        if (w >= WORD_MAX + 2) break;
        if (word.length * 2 + 2 > w) w = Math.min(WORD_MAX + 2, Math.max(w, textWidth(word) + 2));
      }
      widths[i] = w;
    });
  }
  return widths;
}

/** One field/value table per record. */
function expanded(
  head: readonly string[],
  cells: readonly (readonly string[])[],
  style: Style,
  width?: number,
): string {
  const labelMax = width === undefined ? undefined : Math.max(12, Math.floor(width * 0.4));
  return cells
    .map((row) =>
      box(
        {
          rows: head.map((h, i) => [h, row[i]!]),
          rules: false,
          boldFirst: true,
          ...(width === undefined ? {} : { width, max: [labelMax], min: [Math.min(labelMax!, 12)], clip: [true] }),
        },
        style,
      ),
    )
    .join('');
}

/**
 * The records (`cells`, one array per record, in the order of `head`) as a
 * table at most `width` columns wide, or expanded when they cannot be.
 * Without a width, expanded past WIDE columns (the tables of other layouts).
 */
export function table(
  head: readonly string[],
  cells: readonly (readonly string[])[],
  style: Style,
  width?: number,
): string {
  const all = [head, ...cells];
  const natural = boxWidth(columnWidths(all));
  if (natural <= (width ?? WIDE)) return box({ head, rows: cells, rules: true }, style);
  if (width !== undefined) {
    const min = wordWidths(all);
    if (boxWidth(min) <= width) return box({ head, rows: cells, rules: true, width, min }, style);
  }
  return expanded(head, cells, style, width);
}

/** Widest table shown as rows and columns when no width is given. */
export const WIDE = 120;
