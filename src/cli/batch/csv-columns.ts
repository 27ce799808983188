/**
 * The columns of the CSV layout (csv-layout.ts): what each header name
 * means (the contract key, a field of the contract, payer or beneficiary, a
 * field of a numbered contact, address or document, a declaration answer),
 * or why it means nothing.
 */
import type { Operation } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { CsvRecord } from './csv.js';
import { columnsOf, type RecordKind } from '../enrol/plan.js';
import type { Problem } from './source.js';
import { words as fileWords } from './file-words.js';

export type Role = 'contract' | 'payer' | 'beneficiary';
export type Column =
  | { readonly role: 'key' }
  | { readonly role: Role; readonly field: string }
  | {
      readonly role: 'sub';
      readonly kind: Exclude<RecordKind, 'declaration'>;
      readonly n: number;
      readonly field: string;
    }
  | { readonly role: 'ds'; readonly form: string; readonly question: string; readonly field: 'resposta' | 'descricao' };

export const KEY_COLUMN = 'contract';

/** What a header name means, or a message saying why it means nothing. */
export function readColumn(m: Messages, name: string): Column | string {
  if (name === KEY_COLUMN) return { role: 'key' };
  if (name.startsWith('ds.')) return readDeclarationColumn(m, name);
  const dot = name.indexOf('.');
  if (dot < 0) return readBeneficiaryColumn(m, name);
  return readPartColumn(m, name.slice(0, dot), name.slice(dot + 1));
}

function readDeclarationColumn(m: Messages, name: string): Column | string {
  const ds = /^ds\.(\d+)\.(\d+)(?:\.(descricao))?$/.exec(name);
  if (ds) return { role: 'ds', form: ds[1]!, question: ds[2]!, field: ds[3] ? 'descricao' : 'resposta' };
  return fileWords[m.common.lang].dsColumn;
}

function readBeneficiaryColumn(m: Messages, name: string): Column | string {
  if (columnsOf('beneficiary').includes(name)) return { role: 'beneficiary', field: name };
  if (name === 'contrato_id' || name === 'beneficiario_id') return fileWords[m.common.lang].filledByBatch(name);
  return fileWords[m.common.lang].notAField('beneficiary', columnsOf('beneficiary').join(', '));
}

function notAField(
  m: Messages,
  kind: 'contract' | 'payer' | Exclude<RecordKind, 'declaration'>,
  prefix: string,
): string {
  return fileWords[m.common.lang].notAField(
    kind,
    columnsOf(kind)
      .map((f) => `${prefix}.${f}`)
      .join(', '),
  );
}

function readPartColumn(m: Messages, prefix: string, field: string): Column | string {
  if (prefix === 'contract' || prefix === 'payer') {
    if (columnsOf(prefix).includes(field)) return { role: prefix, field };
    return notAField(m, prefix, prefix);
  }
  const sub = /^(contact|address|document)(\d*)$/.exec(prefix);
  if (sub) {
    const kind = sub[1] as 'contact' | 'address' | 'document';
    const n = sub[2] ? Number(sub[2]) : 1;
    if (n < 1) return fileWords[m.common.lang].numberFrom(kind);
    if (columnsOf(kind).includes(field)) return { role: 'sub', kind, n, field };
    return notAField(m, kind, prefix);
  }
  return fileWords[m.common.lang].unknownPrefix;
}

/**
 * The columns of the header, in order (undefined for an empty name); pushes
 * to `fatal` what makes the header unusable: a nameless column with values,
 * a name given twice, an unknown name, no contract column.
 */
export function readHeader(
  m: Messages,
  header: CsvRecord,
  records: readonly CsvRecord[],
  fatal: Problem[],
): (Column | undefined)[] {
  const said = fileWords[m.common.lang];
  const columns: (Column | undefined)[] = [];
  const seen = new Map<string, number>();
  const at = (field: string, message: string) => fatal.push({ line: header.line, field, message });
  header.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') {
      if (records.some((r) => (r.cells[i] ?? '').trim() !== '')) at(said.column(i + 1), said.noHeaderName);
      columns.push(undefined);
      return;
    }
    if (seen.has(name)) at(name, said.twice(seen.get(name)! + 1, i + 1));
    seen.set(name, i);
    const col = readColumn(m, name);
    if (typeof col === 'string') at(name, col);
    columns.push(typeof col === 'string' ? undefined : col);
  });
  if (!seen.has(KEY_COLUMN)) at(KEY_COLUMN, said.needsKey);
  return columns;
}

const listSplit = /[\s,;|]+/;

/** A cell's value for a field of `op`: list fields split into their codes, the others as written. */
export function cellValue(op: Operation, field: string, text: string): unknown {
  if (op.params[field]?.kind === 'array') return text.split(listSplit).filter((s) => s !== '');
  return text;
}
