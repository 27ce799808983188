/**
 * Tables with cli-table3 (loaded when first used): one row per record. A
 * table wider than WIDE characters (the 15-column registration record, the
 * addresses) reads badly in a terminal, so it is shown expanded instead, as
 * psql's expanded display does: one field/value table per record.
 */
import type { Row } from '../../spec/index.js';
import type { Style } from '../style.js';
import { cellText } from './cells.js';

/** Widest table shown as rows and columns. */
export const WIDE = 120;

/** No rule between the lines of an expanded record. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function widthOf(columns: readonly string[], cells: readonly string[][]): number {
  let total = 1;
  columns.forEach((c, i) => {
    total += 3 + Math.max(c.length, ...cells.map((row) => Math.max(...row[i]!.split('\n').map((l) => l.length))));
  });
  return total;
}

export async function table(columns: readonly string[], rows: readonly Row[], style: Style): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // Colour comes from our Style only (cli-table3's own colouring ignores NO_COLOR).
  const opts = { style: { head: [], border: [] } };
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  if (widthOf(columns, cells) <= WIDE) {
    const t = new Table({ ...opts, head: columns.map((c) => style.bold(c)) });
    for (const row of cells) t.push(row);
    return `${t.toString()}\n`;
  }
  return cells
    .map((row) => {
      const t = new Table({ ...opts, chars: COMPACT });
      columns.forEach((c, i) => t.push({ [style.bold(c)]: row[i]! }));
      return `${t.toString()}\n`;
    })
    .join('');
}
