/**
 * Output formats (GUIDE §4): `table` and `csv` show the data fields of the
 * records (the envelope is reported on stderr instead); `json` and `jsonl`
 * print the records exactly as received (jsonText: the same values, with no
 * raw control character). In CSV, nested groups (the `endereco` and
 * `contato` of `registration show`) are JSON-encoded cells; in tables they
 * follow as tables of their own. Table and CSV cells are safe text (cells.ts).
 * A command may draw its own table (its module's `render` hook). Tables load
 * on demand: measuring display widths (string-width) costs about 20 ms of
 * start-up, which JSON and CSV output do not need.
 */
import type { Operation, Row } from '../../catalogue/index.js';
import type { OutputFormat } from '../global-options.js';
import type { Style } from '../style.js';
import { dataColumns, groupColumns } from './cells.js';
import { csv } from './csv.js';
import { jsonText } from './json-text.js';

const tables = () => import('./table.js');

/** Draws the data records as the table output, instead of the derived table. */
export type TableRenderer = (data: readonly Row[], style: Style) => string;

/** Rows under the given columns, in a format. */
export async function renderRows(
  columns: readonly string[],
  rows: readonly Row[],
  format: OutputFormat,
  style: Style,
): Promise<string> {
  switch (format) {
    case 'json':
      return `${jsonText(rows, 2)}\n`;
    case 'jsonl':
      return rows.map((r) => `${jsonText(r)}\n`).join('');
    case 'csv':
      return csv(columns, rows);
    case 'table':
      return (await tables()).table(columns, rows, style);
  }
}

/** The rows of a nested group across the records (a record holds one or a list). */
function groupRows(data: readonly Row[], name: string): Row[] {
  return data.flatMap((r) => {
    const value = r[name];
    if (Array.isArray(value)) return value as Row[];
    return value === undefined ? [] : [value as Row];
  });
}

/** The derived table: the data fields, then each nested group as a titled table of its own. */
async function derivedTable(
  op: Operation,
  data: readonly Row[],
  columns: readonly string[],
  style: Style,
): Promise<string> {
  const { table } = await tables();
  const parts: string[] = [];
  if (columns.length) parts.push(table(columns, data, style));
  for (const name of groupColumns(op, data)) {
    const group = op.response.groups![name]!;
    const rows = groupRows(data, name);
    const cols = Object.keys(group.fields).filter((f) => rows.some((row) => row[f] !== undefined));
    parts.push(
      `${style.bold(`[${name}]`)} ${group.title}\n${cols.length && rows.length ? table(cols, rows, style) : '(none)\n'}`,
    );
  }
  return parts.join('\n');
}

/**
 * The records of an answer. `received` are all records (json, jsonl);
 * `data` those carrying data (table, csv). Empty when a table or CSV would
 * have no column (an operation that answers the envelope only).
 */
export async function renderAnswer(
  op: Operation,
  received: readonly Row[],
  data: readonly Row[],
  format: OutputFormat,
  style: Style,
  ownTable?: TableRenderer,
): Promise<string> {
  if (format === 'json' || format === 'jsonl') return renderRows([], received, format, style);
  if (format === 'table' && ownTable) return ownTable(data, style);
  const columns = dataColumns(op, data);
  if (format === 'table') return derivedTable(op, data, columns, style);
  const groups = groupColumns(op, data);
  return columns.length + groups.length ? csv([...columns, ...groups], data) : '';
}
