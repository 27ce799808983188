/**
 * CSV (RFC 4180 quoting): a header of field names, then one line per row.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that
 * starts with `=`, `+`, `-` or `@` (also after leading blanks), TAB, CR or
 * NUL as a formula. Such a text cell is written with a leading `'` (which
 * spreadsheets read as "text") and quoted: `"'=1+1"`. Values the service
 * typed as JSON numbers are written as they are (`-5`); the same characters
 * in a text value (`"-5"`) are guarded, so a reader of the CSV gets `'-5`.
 */
import type { Row } from '../../catalogue/index.js';
import { cellText } from './cells.js';

/** Text a spreadsheet would read as a formula. */
const FORMULA = /^(?:[\t\r\0]|\s*[=+\-@])/;

function quote(text: string, delimiter = ','): string {
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell: safe text (cells.ts), guarded when a spreadsheet would run it, quoted as needed. */
export function csvCell(value: unknown, delimiter = ','): string {
  const text = cellText(value);
  if (typeof value === 'string' && FORMULA.test(value)) return `"'${text.replace(/"/g, '""')}"`;
  return quote(text, delimiter);
}

/** How a CSV is written: its delimiter (`,`; `;` as Excel writes it in pt-BR) and the header's words by column. */
export interface CsvLayout {
  readonly delimiter?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export function csv(columns: readonly string[], rows: readonly Row[], layout: CsvLayout = {}): string {
  const d = layout.delimiter ?? ',';
  const lines = [columns.map((c) => quote(layout.headers?.[c] ?? c, d)).join(d)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c], d)).join(d));
  return `${lines.join('\n')}\n`;
}
