/**
 * Box tables, drawn in one pass: cli-table3's default look (its box
 * characters, one space of padding, cells left-aligned, a cell with line
 * breaks growing to several lines), in time linear in the cells.
 * cli-table3 itself lays rows out in time quadratic in their number and
 * spends tens of microseconds a cell, so 5,000 records took seconds
 * (bench/p7-table.mjs). Cells are safe text (cells.ts); widths are
 * terminal columns as string-width counts them (wide CJK characters and
 * emoji take two, combining marks none).
 */
import displayWidth from 'string-width';
import type { Style } from '../style.js';

export interface Box {
  /** Header cells, bold, with a rule under them. */
  readonly head?: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** A rule between the rows too (the tables of records), or none (expanded records). */
  readonly rules: boolean;
  /** Whether the first column is bold (the field names of an expanded record). */
  readonly boldFirst?: boolean;
}

/** Each column's width, padding included: its widest line plus two. */
export function columnWidths(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      let w = widths[i] ?? 2;
      for (const line of cell.split('\n')) w = Math.max(w, displayWidth(line) + 2);
      widths[i] = w;
    });
  }
  return widths;
}

/** Width of the whole table with these column widths (borders included). */
export function boxWidth(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w + 1, 1);
}

export function box(spec: Box, style: Style): string {
  const all = spec.head ? [spec.head, ...spec.rows] : spec.rows;
  const widths = columnWidths(all);
  const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w)).join(m)}${r}\n`;
  const out: string[] = [rule('┌', '┬', '┐')];
  const draw = (cells: readonly string[], bold: (i: number) => boolean) => {
    const lines = cells.map((c) => c.split('\n'));
    const height = Math.max(1, ...lines.map((l) => l.length));
    for (let n = 0; n < height; n++) {
      const parts = widths.map((w, i) => {
        const text = lines[i]?.[n] ?? '';
        return ` ${bold(i) ? style.bold(text) : text}${' '.repeat(w - 1 - displayWidth(text))}`;
      });
      out.push(`│${parts.join('│')}│\n`);
    }
  };
  all.forEach((row, y) => {
    if (y > 0 && (spec.rules || (y === 1 && spec.head))) out.push(rule('├', '┼', '┤'));
    const head = y === 0 && spec.head !== undefined;
    draw(row, (i) => head || (i === 0 && spec.boldFirst === true));
  });
  out.push(rule('└', '┴', '┘'));
  return out.join('');
}
