/** Tables with cli-table3 (loaded when first used): one row per record. */
import type { Row } from '../../spec/index.js';
import type { Style } from '../style.js';
import { cellText } from './cells.js';

export async function table(columns: readonly string[], rows: readonly Row[], style: Style): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // Colour comes from our Style only (cli-table3's own colouring ignores NO_COLOR).
  const t = new Table({ head: columns.map((c) => style.bold(c)), style: { head: [], border: [] } });
  for (const row of rows) t.push(columns.map((c) => cellText(row[c])));
  return `${t.toString()}\n`;
}
