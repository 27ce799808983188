/**
 * Tables for a person (loaded by render.ts only when one is drawn: measuring
 * display widths, string-width and its East Asian width data, costs start-up
 * time that JSON, CSV and piped output do not need).
 */
import type { Fields, Operation, Row } from '../../catalogue/index.js';
import { inLang } from '../../catalogue/lang.js';
import { groupColumns } from './cells.js';
import type { Display } from './display.js';
import { labelOf, peopleText } from './people.js';
import { priorityOf } from './priority.js';
import { type TableOptions, table } from './table.js';

export { table };

/** Records of the catalogue's fields as a person's table: labels for headers, values as the language writes them. */
export function peopleTable(
  fields: Fields,
  columns: readonly string[],
  rows: readonly Row[],
  display: Display,
): string {
  const { lang } = display;
  const head = columns.map((c) => labelOf(lang, c, fields[c]));
  const cells = rows.map((r) => columns.map((c) => peopleText(lang, c, fields[c], r[c])));
  // Given --columns, the columns are the person's: none is left out.
  const options: TableOptions = display.columns
    ? {}
    : {
        priority: priorityOf(columns),
        omitted: (left) => display.m.output.omitted(left.map((i) => `${head[i]} (${columns[i]})`)),
      };
  return table(head, cells, display.style, display.width, options);
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
export function derivedTable(
  op: Operation,
  data: readonly Row[],
  columns: readonly string[],
  display: Display,
): string {
  const parts: string[] = [];
  const { style, m, lang } = display;
  if (columns.length) parts.push(peopleTable(op.response.fields, columns, data, display));
  for (const name of groupColumns(op, data)) {
    const group = op.response.groups![name]!;
    const rows = groupRows(data, name);
    const cols = Object.keys(group.fields).filter((f) => rows.some((row) => row[f] !== undefined));
    const body = cols.length && rows.length ? peopleTable(group.fields, cols, rows, display) : `${m.output.none}\n`;
    parts.push(`${style.bold(inLang(group.title, lang))}\n${body}`);
  }
  return parts.join('\n');
}
