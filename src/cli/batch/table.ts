/**
 * A plain box table for the batch report: the look of the other tables
 * (cli-table3's box characters, bold header) without a rule between rows,
 * and fast for tens of thousands of rows (cli-table3 takes seconds there).
 */
import type { Row } from '../../spec/index.js';
import { cellText } from '../output/cells.js';
import type { Style } from '../style.js';

/** Display width: code points, line breaks shown as spaces. */
function text(value: unknown): string {
  return cellText(value).replace(/\r?\n/g, ' ');
}

export function boxTable(columns: readonly string[], rows: readonly Row[], style: Style): string {
  const cells = rows.map((r) => columns.map((c) => text(r[c])));
  const widths = columns.map((c, i) => {
    let w = [...c].length;
    for (const row of cells) w = Math.max(w, [...row[i]!].length);
    return w;
  });
  const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}\n`;
  const line = (values: readonly string[], head = false) =>
    `│${values.map((v, i) => ` ${head ? style.bold(v) : v}${' '.repeat(widths[i]! - [...v].length)} `).join('│')}│\n`;
  const out: string[] = [rule('┌', '┬', '┐'), line(columns, true), rule('├', '┼', '┤')];
  for (const row of cells) out.push(line(row));
  out.push(rule('└', '┴', '┘'));
  return out.join('');
}
