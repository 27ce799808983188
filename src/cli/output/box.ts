/**
 * Box tables, drawn in one pass: cli-table3's default look (its box
 * characters, one space of padding, cells left-aligned, a cell with line
 * breaks growing to several lines), in time linear in the cells.
 * cli-table3 itself lays rows out in time quadratic in their number and
 * spends tens of microseconds a cell, so 5,000 records took seconds
 * (bench/p7-table.mjs). Cells are safe text (cells.ts); widths are
 * terminal columns as string-width counts them (wide CJK characters and
 * emoji take two, combining marks none).
 *
 * Given a `width` (the terminal's), no line is wider: when the columns'
 * natural widths do not fit, each column first gets its `min`, then the
 * room left goes to the columns that want more, narrowest first. A cell
 * of a narrowed column wraps on spaces (a word longer than the column is
 * cut across lines, nothing is lost), or, for a column marked `clip`, is
 * cut to one line ending in `…` (the field labels of an expanded record).
 */
import { textWidth } from './width.js';
import type { Style } from './style.js';
import { clipLine, wrapLine } from './wrap.js';

export interface Box {
  /** Header cells, bold, with a rule under them. */
  readonly head?: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /**
   * A rule between the rows too (the tables of records), or none (expanded
   * records). Even then, two rows of one line each get no rule between them:
   * a rule only tells apart rows that take several lines.
   */
  readonly rules: boolean;
  /** Whether the first column is bold (the field names of an expanded record). */
  readonly boldFirst?: boolean;
  /** The widest a line may be (the terminal's columns); no limit when absent. */
  readonly width?: number;
  /** Each column's narrowest width (padding included) when narrowed to fit `width`; 4 by default. */
  readonly min?: readonly number[];
  /** Each column's widest width when narrowed (padding included); none by default. */
  readonly max?: readonly (number | undefined)[];
  /** Columns whose cells are cut to one line with `…` instead of wrapped when the column is narrowed. */
  readonly clip?: readonly boolean[];
}

/** The narrowest a narrowed column gets: two columns of text (the widest character) and the padding. */
export const MIN_CELL = 4;

/** Each column's width, padding included: its widest line plus two. */
export function columnWidths(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      let w = widths[i] ?? 2;
      for (const line of cell.split('\n')) w = Math.max(w, textWidth(line) + 2);
      widths[i] = w;
    });
  }
  return widths;
}

/** Width of the whole table with these column widths (borders included). */
export function boxWidth(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w + 1, 1);
}

/**
 * Column widths (padding included) for a table at most `width` wide: the
 * natural ones when they fit; else each column's `min` (never more than its
 * natural width), then what is left shared out as water fills a vessel:
 * the columns wanting least get all they want, the others an even share,
 * none more than its `max`.
 */
export function fitWidths(
  natural: readonly number[],
  width: number,
  min: readonly number[] = [],
  max: readonly (number | undefined)[] = [],
): number[] {
  const want = natural.map((w, i) => Math.min(w, max[i] ?? w));
  const out = want.map((w, i) => Math.min(w, min[i] ?? MIN_CELL));
  let left = width - boxWidth(out);
  const need = (i: number) => want[i]! - out[i]!;
  const order = [...want.keys()].sort((a, b) => need(a) - need(b));
  order.forEach((i, k) => {
    const give = Math.max(0, Math.min(need(i), Math.floor(left / (order.length - k))));
    out[i]! += give;
    left -= give;
  });
  return out;
}

export function box(spec: Box, style: Style): string {
  const all = spec.head ? [spec.head, ...spec.rows] : spec.rows;
  const natural = columnWidths(all);
  const widths =
    spec.width !== undefined && boxWidth(natural) > spec.width
      ? fitWidths(natural, spec.width, spec.min, spec.max)
      : natural;
  /** The lines of a cell in column i: as written, or wrapped / cut when the column was narrowed. */
  const linesOf = (cell: string, i: number): string[] => {
    const lines = cell.split('\n');
    const w = widths[i]!;
    if (w >= natural[i]!) return lines;
    if (spec.clip?.[i]) return [clipLine(lines.join(' '), w - 2)];
    const out: string[] = [];
    for (const line of lines) wrapLine(line, w - 2, out);
    return out;
  };
  const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w)).join(m)}${r}\n`;
  const out: string[] = [rule('┌', '┬', '┐')];
  const draw = (lines: readonly string[][], bold: (i: number) => boolean) => {
    const height = Math.max(1, ...lines.map((l) => l.length));
    for (let n = 0; n < height; n++) {
      const parts = widths.map((w, i) => {
        const text = lines[i]![n] ?? '';
        return ` ${bold(i) ? style.bold(text) : text}${' '.repeat(Math.max(0, w - 1 - textWidth(text)))}`;
      });
      out.push(`│${parts.join('│')}│\n`);
    }
  };
  let before = 0;
  all.forEach((row, y) => {
    const lines = widths.map((_, i) => linesOf(row[i] ?? '', i));
    const height = Math.max(1, ...lines.map((l) => l.length));
    const head = y === 0 && spec.head !== undefined;
    const afterHead = y === 1 && spec.head !== undefined;
    if (y > 0 && (afterHead || (spec.rules && (before > 1 || height > 1)))) out.push(rule('├', '┼', '┤'));
    draw(lines, (i) => head || (i === 0 && spec.boldFirst === true));
    before = height;
  });
  out.push(rule('└', '┴', '┘'));
  return out.join('');
}
