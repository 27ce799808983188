/** CSV (RFC 4180 quoting): a header of field names, then one line per row. */
import type { Row } from '../../spec/index.js';
import { cellText } from './cells.js';

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csv(columns: readonly string[], rows: readonly Row[]): string {
  const lines = [columns.map(quote).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(cellText(row[c]))).join(','));
  return `${lines.join('\n')}\n`;
}
