/**
 * The columns of the CSV layout (csv-layout.ts): what each header name
 * means (the contract key, a field of the contract, payer or beneficiary, a
 * field of a numbered contact, address or document, a declaration answer),
 * or why it means nothing.
 */
import type { Operation } from '../../catalogue/index.js';
import type { CsvRecord } from './csv.js';
import { columnsOf, parts } from './parts.js';
import type { Problem, SubKind } from './source.js';

export type Role = 'contract' | 'payer' | 'beneficiary';
export type Column =
  | { readonly role: 'key' }
  | { readonly role: Role; readonly field: string }
  | { readonly role: 'sub'; readonly kind: Exclude<SubKind, 'declaration'>; readonly n: number; readonly field: string }
  | { readonly role: 'ds'; readonly form: string; readonly question: string; readonly field: 'resposta' | 'descricao' };

export const KEY_COLUMN = 'contract';

/** What a header name means, or a message saying why it means nothing. */
export function readColumn(name: string): Column | string {
  if (name === KEY_COLUMN) return { role: 'key' };
  if (name.startsWith('ds.')) return readDeclarationColumn(name);
  const dot = name.indexOf('.');
  if (dot < 0) return readBeneficiaryColumn(name);
  return readPartColumn(name.slice(0, dot), name.slice(dot + 1));
}

function readDeclarationColumn(name: string): Column | string {
  const ds = /^ds\.(\d+)\.(\d+)(?:\.(descricao))?$/.exec(name);
  if (ds) return { role: 'ds', form: ds[1]!, question: ds[2]!, field: ds[3] ? 'descricao' : 'resposta' };
  return 'a declaration column is ds.<formulario_id>.<pergunta_id> (the answer, S or N) or ds.<formulario_id>.<pergunta_id>.descricao';
}

function readBeneficiaryColumn(name: string): Column | string {
  if (columnsOf('beneficiary').includes(name)) return { role: 'beneficiary', field: name };
  if (name === 'contrato_id' || name === 'beneficiario_id')
    return `${name} is filled in by the batch from the ids it creates`;
  return `not a field of beneficiario; a beneficiary column is one of ${columnsOf('beneficiary').join(', ')}`;
}

function notAField(kind: 'contract' | 'payer' | Exclude<SubKind, 'declaration'>, prefix: string): string {
  return `not a field of ${parts[kind].op.name}; use one of ${columnsOf(kind)
    .map((f) => `${prefix}.${f}`)
    .join(', ')}`;
}

function readPartColumn(prefix: string, field: string): Column | string {
  if (prefix === 'contract' || prefix === 'payer') {
    if (columnsOf(prefix).includes(field)) return { role: prefix, field };
    return notAField(prefix, prefix);
  }
  const sub = /^(contact|address|document)(\d*)$/.exec(prefix);
  if (sub) {
    const kind = sub[1] as 'contact' | 'address' | 'document';
    const n = sub[2] ? Number(sub[2]) : 1;
    if (n < 1) return `number the ${kind}s from 2: ${kind}., ${kind}2., ${kind}3.`;
    if (columnsOf(kind).includes(field)) return { role: 'sub', kind, n, field };
    return notAField(kind, prefix);
  }
  return 'unknown prefix; columns are contract, contract.<field>, payer.<field>, <beneficiary field>, contact.<field>, address.<field>, document.<field> (contact2., address2., …) and ds.<formulario_id>.<pergunta_id>';
}

/**
 * The columns of the header, in order (undefined for an empty name); pushes
 * to `fatal` what makes the header unusable: a nameless column with values,
 * a name given twice, an unknown name, no contract column.
 */
export function readHeader(header: CsvRecord, records: readonly CsvRecord[], fatal: Problem[]): (Column | undefined)[] {
  const columns: (Column | undefined)[] = [];
  const seen = new Map<string, number>();
  const at = (field: string, message: string) => fatal.push({ line: header.line, field, message });
  header.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') {
      if (records.some((r) => (r.cells[i] ?? '').trim() !== ''))
        at(`column ${i + 1}`, 'has values but no name in the header');
      columns.push(undefined);
      return;
    }
    if (seen.has(name)) at(name, `appears twice in the header (columns ${seen.get(name)! + 1} and ${i + 1})`);
    seen.set(name, i);
    const col = readColumn(name);
    if (typeof col === 'string') at(name, col);
    columns.push(typeof col === 'string' ? undefined : col);
  });
  if (!seen.has(KEY_COLUMN))
    at(KEY_COLUMN, 'the header needs a contract column: a key of your choice that groups the rows of one contract');
  return columns;
}

const listSplit = /[\s,;|]+/;

/** A cell's value for a field of `op`: list fields split into their codes, the others as written. */
export function cellValue(op: Operation, field: string, text: string): unknown {
  if (op.params[field]?.kind === 'array') return text.split(listSplit).filter((s) => s !== '');
  return text;
}
