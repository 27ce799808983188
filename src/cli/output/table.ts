/**
 * Tables of records for a person on a terminal (box.ts), never wider than
 * the terminal: one row per record when the columns fit, or can be narrowed
 * to fit with every column still as wide as its longest word (up to
 * WORD_MAX columns, a URL as wide as wrap.ts shortens it), so that codes and dates are not
 * cut. Several records that still do not fit stay rows, as gh's lists do:
 * columns are left out, those of least priority first (the `priority`
 * given, else the rightmost), and the table says which (the `omitted` note:
 * `--columns` or `-o json` show them). One record that does not fit is shown
 * expanded, as psql's expanded display does: a field/value card, the labels
 * cut with `…` past 40% of the width and the values wrapped in the rest.
 * Without a width (tests, cli-table3's comparison) a table is as wide as its
 * cells.
 */
import { textWidth } from './width.js';
import type { Style } from './style.js';
import { box, boxWidth, columnWidths, MIN_CELL } from './box.js';
import { urlWidth, wrapLine } from './wrap.js';

/** The longest word that keeps a column from being narrowed: longer ones (URLs, long names) may be cut. */
export const WORD_MAX = 20;

const IS_URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/**
 * Each column's narrowest width (padding included): its longest word, at
 * most WORD_MAX; a URL whole, or (`short`) as wrap.ts shortens it. With
 * `short`, `max` gets the widest a column of URLs needs shortened: more room
 * would not show them whole, so it goes to the other columns.
 */
function wordWidths(rows: readonly (readonly string[])[], short = false, max: (number | undefined)[] = []): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      let w = widths[i] ?? MIN_CELL;
      // Words as wrap.ts wraps them: between spaces and lines (a no-break space joins).
      for (const word of cell.split(/[ \n]+/)) {
        if (IS_URL.test(word)) {
          w = Math.max(w, (short ? urlWidth(word) : textWidth(word)) + 2);
          if (short) max[i] = Math.max(max[i] ?? 0, w);
          continue;
        }
        if (w >= WORD_MAX + 2) continue;
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

/** How a table that may leave columns out is laid out. */
export interface TableOptions {
  /** Each column's priority: the lowest is left out first (equal ones from the right); by default the rightmost. */
  readonly priority?: readonly number[];
  /** The line after a table that left columns out, given their indexes (in `head`'s order); none are left out without it. */
  readonly omitted?: (columns: readonly number[]) => string;
}

/**
 * The columns kept so that rows of their narrowest widths (`min`) fit
 * `width`: all, or without those of least priority (never fewer than one).
 */
function keptColumns(min: readonly number[], width: number, priority: readonly number[] | undefined): number[] {
  const kept = min.map((_, i) => i);
  // Least priority first; of equal ones, the rightmost first.
  const order = [...kept].sort((a, b) => (priority?.[a] ?? 0) - (priority?.[b] ?? 0) || b - a);
  for (const i of order) {
    if (kept.length <= 1 || boxWidth(kept.map((k) => min[k]!)) <= width) break;
    kept.splice(kept.indexOf(i), 1);
  }
  return kept;
}

/**
 * The records (`cells`, one array per record, in the order of `head`) as a
 * table at most `width` columns wide: rows (some columns left out when need
 * be), or one record expanded when it cannot be. Without a width, expanded
 * past WIDE columns (the tables of other layouts).
 */
export function table(
  head: readonly string[],
  cells: readonly (readonly string[])[],
  style: Style,
  width?: number,
  options: TableOptions = {},
): string {
  const all = [head, ...cells];
  const natural = boxWidth(columnWidths(all));
  if (natural <= (width ?? WIDE)) return box({ head, rows: cells, rules: true }, style);
  if (width !== undefined) {
    const whole = wordWidths(all);
    if (boxWidth(whole) <= width) return box({ head, rows: cells, rules: true, width, min: whole }, style);
    const max: (number | undefined)[] = [];
    const min = wordWidths(all, true, max);
    if (boxWidth(min) <= width) return box({ head, rows: cells, rules: true, width, min, max }, style);
    if (cells.length > 1 && options.omitted) {
      const kept = keptColumns(min, width, options.priority);
      const pick = <T>(row: readonly T[]) => kept.map((i) => row[i]!);
      const left = head.map((_, i) => i).filter((i) => !kept.includes(i));
      const drawn = box(
        { head: pick(head), rows: cells.map(pick), rules: true, width, min: pick(min), max: pick(max) },
        style,
      );
      const note: string[] = [];
      wrapLine(options.omitted(left), width, note);
      return `${drawn}${note.map((line) => `${style.dim(line)}\n`).join('')}`;
    }
  }
  return expanded(head, cells, style, width);
}

/** Widest table shown as rows and columns when no width is given. */
export const WIDE = 120;
