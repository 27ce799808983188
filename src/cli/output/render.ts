/**
 * Output formats (docs/output.md): `table` and `csv` show the data fields of the
 * records (the envelope is reported on stderr instead); `json` and `jsonl`
 * print the records exactly as received (jsonText: the same values, with no
 * raw control character). In CSV, nested groups (the `endereco` and
 * `contato` of `registration show`) are JSON-encoded cells; in tables they
 * follow as tables of their own. Table and CSV cells are safe text (cells.ts).
 * A command may draw its own table (its module's `render` hook).
 *
 * `table` is for a person on a terminal (display.ts: labels, the language's
 * dates, the terminal's width); into a pipe or a file it becomes
 * tab-separated lines without header (tsv.ts), and a write that creates a
 * record (the catalogue's `creates`) prints the new id alone, so that
 * `id=$(coopctl enrol contract create …)` works.
 *
 * With `--mask`, every format shows the records masked (the display's
 * `mask`: mask.ts), before they are laid out.
 */
import type { Operation, Row } from '../../catalogue/index.js';
import type { OutputFormat } from '../flags/global.js';
import { messagesFor } from '../i18n/index.js';
import type { Style } from './style.js';
import { cellText, dataColumns, groupColumns } from './cells.js';
import { csv } from './csv.js';
import type { Display } from './display.js';
import { jsonText } from './json-text.js';
import { selectFields } from './json-select.js';
import { plainCell, tsv } from './tsv.js';
import * as lazy from '../lazy.js';

/** The tables for people, loaded when one is drawn (people-table.ts). */
const tables = lazy.peopleTable;

/** Draws the data records as the table output on a terminal, instead of the derived table. */
export type TableRenderer = (data: readonly Row[], display: Display) => string | Promise<string>;

/**
 * Rows under the given columns, in a format. A table on a terminal has the
 * `head` given (the columns' names by default) and the cells as they are.
 * Given a Style instead of a Display (the batch report's machine formats),
 * a table is drawn as wide as its cells.
 */
export async function renderRows(
  columns: readonly string[],
  rows: readonly Row[],
  format: OutputFormat,
  to: Display | Style,
  head: readonly string[] = columns,
): Promise<string> {
  const display: Display = 'style' in to ? to : { style: to, lang: 'en', m: messagesFor('en'), width: Infinity };
  if (display.mask) rows = display.mask.records(rows);
  switch (format) {
    case 'json':
      return `${jsonText(rows, 2)}\n`;
    case 'jsonl':
      return rows.map((r) => `${jsonText(r)}\n`).join('');
    case 'csv':
      return csv(columns, rows);
    case 'table':
      if (display.width === undefined) return tsv(columns, rows);
      return (await tables()).table(
        head,
        rows.map((r) => columns.map((c) => cellText(r[c]))),
        display.style,
        Number.isFinite(display.width) ? display.width : undefined,
      );
  }
}

/**
 * JSON output of a value (the records, or the record summary's sections):
 * indented, or through `--jq`'s filter when given (jq.ts, loaded only then).
 */
export async function jsonOutput(value: unknown, display: Display): Promise<string> {
  const shown = display.mask ? display.mask.records(value) : value;
  if (display.jq === undefined) return `${jsonText(shown, 2)}\n`;
  const { runJq } = await lazy.jq();
  return runJq(jsonText(shown), display.jq, display.width !== undefined, display.m);
}

/** The ids a write created, one a line (the answer's `creates` field), for a pipe. */
function createdIds(field: string, data: readonly Row[]): string {
  return data
    .map((r) => r[field])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map((v) => `${plainCell(v)}\n`)
    .join('');
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
  display: Display,
  ownTable?: TableRenderer,
): Promise<string> {
  // JSON and JSON lines are masked where they are written (jsonOutput, renderRows), the other formats here.
  if (format === 'json') return jsonOutput(selectFields(received, display.fields), display);
  if (format === 'jsonl') return renderRows([], received, format, display);
  if (display.mask) data = display.mask.records(data);
  const chosen = (names: string[]) => (display.columns ? display.columns.filter((c) => names.includes(c)) : names);
  const columns = format === 'table' ? chosen(dataColumns(op, data)) : dataColumns(op, data);
  const groups = format === 'table' ? chosen(groupColumns(op, data)) : groupColumns(op, data);
  if (format === 'csv') return columns.length + groups.length ? csv([...columns, ...groups], data) : '';
  if (display.width === undefined) {
    if (op.response.creates) return createdIds(op.response.creates, data);
    return columns.length + groups.length ? tsv([...columns, ...groups], data) : '';
  }
  if (ownTable) return ownTable(data, display);
  return (await tables()).derivedTable(op, data, columns, display);
}
