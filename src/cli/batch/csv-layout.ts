/**
 * The CSV layout of `enrol batch` (docs/batch.md): one row per beneficiary.
 *
 * - `contract`: a key of your choice that groups rows into one contract.
 * - `contract.<field>`: the contract (POST contrato); `payer.<field>`: its
 *   financial responsible party (POST contrato/responsavel_financeiro).
 *   Written on one row of the contract (any), or repeated identically.
 * - `<field>` (no prefix): the beneficiary (POST beneficiario).
 * - `contact.<field>`, `address.<field>`, `document.<field>` (and
 *   `contact2.`, `address2.`, `document2.` … for more of them): the
 *   beneficiary's contacts, addresses and documents.
 * - `ds.<formulario_id>.<pergunta_id>`: the answer (S or N) to a question of
 *   the health declaration, and `ds.<f>.<p>.descricao` its details.
 *
 * Field names are the spec's. An empty cell is an absent field; list fields
 * (`tipo_documento`, `finalidade`) take codes separated by commas, spaces,
 * `;` or `|`. The ids that tie the requests together (`contrato_id`,
 * `beneficiario_id`) are filled in by the batch.
 */
import { plainDialect } from './dialect.js';
import type { Messages } from '../i18n/index.js';
import { cellValue, type Column, KEY_COLUMN, readHeader, type Role } from './csv-columns.js';
import { type CsvRecord, parseCsv } from './csv.js';
import { PartBuilder } from './part-builder.js';
import { parts, type RecordKind } from '../enrol/plan.js';
import type { Problem, Source, SourceGroup, SourceRow, SourceSub } from './source.js';
import { words as fileWords } from './file-words.js';

/** A contract's or payer's cell, checked against the same column on the contract's other rows. */
interface ContractCell {
  readonly role: Exclude<Role, 'beneficiary'>;
  readonly field: string;
  readonly text: string;
}

interface GroupBuilder {
  readonly key: string;
  readonly line: number;
  readonly contract: PartBuilder;
  readonly payer: PartBuilder;
  readonly rows: SourceRow[];
  readonly problems: Problem[];
}

/** One record read cell by cell: its contract key, its contract and payer cells, its beneficiary and records. */
class RecordReader {
  key = '';
  readonly contractCells: ContractCell[] = [];
  readonly #line: number;
  readonly #beneficiary: PartBuilder;
  readonly #subs = new Map<string, { kind: RecordKind; name: string; part: PartBuilder }>();

  constructor(line: number) {
    this.#line = line;
    this.#beneficiary = new PartBuilder(line, (f) => f);
  }

  read(col: Column, text: string): void {
    switch (col.role) {
      case 'key':
        this.key = text;
        break;
      case 'contract':
      case 'payer':
        this.contractCells.push({ role: col.role, field: col.field, text });
        break;
      case 'beneficiary':
        this.#beneficiary.set(col.field, cellValue(parts.beneficiary.op, col.field, text), this.#line);
        break;
      case 'sub': {
        const prefix = col.n === 1 ? col.kind : `${col.kind}${col.n}`;
        const part = this.#sub(col.kind, prefix, (f) => `${prefix}.${f}`);
        part.set(col.field, cellValue(parts[col.kind].op, col.field, text), this.#line);
        break;
      }
      case 'ds':
        this.#answer(col, text);
        break;
    }
  }

  /** A declaration answer: the question's ids come from the column's name. */
  #answer(col: Extract<Column, { role: 'ds' }>, text: string): void {
    const name = `ds.${col.form}.${col.question}`;
    const part = this.#sub('declaration', name, (f) => (f === 'descricao' ? `${name}.descricao` : name));
    if (part.empty) {
      part.set('formulario_id', col.form, this.#line);
      part.set('pergunta_id', col.question, this.#line);
    }
    part.set(col.field, text, this.#line);
  }

  #sub(kind: RecordKind, name: string, label: (f: string) => string): PartBuilder {
    const existing = this.#subs.get(name);
    if (existing) return existing.part;
    const part = new PartBuilder(this.#line, label);
    this.#subs.set(name, { kind, name, part });
    return part;
  }

  /** The row read, with its problems (records on a row without a beneficiary among them). */
  row(m: Messages, problems: Problem[]): SourceRow {
    const line = this.#line;
    const subs: SourceSub[] = [...this.#subs.values()].map(({ kind, name, part }) => ({ kind, name, part }));
    const hasBeneficiary = !this.#beneficiary.empty;
    if (!hasBeneficiary && subs.length) {
      const first = subs[0]!;
      problems.push({
        line,
        field: first.part.locate(Object.keys(first.part.values)[0]!).field,
        part: first.name,
        message: fileWords[m.common.lang].noBeneficiary,
      });
    }
    return { line, ...(hasBeneficiary ? { beneficiary: this.#beneficiary } : {}), subs, problems };
  }
}

/** Reads a record's cells; a row with more cells than the header has columns is a problem unless they are empty. */
function readRecord(
  m: Messages,
  record: CsvRecord,
  columns: readonly (Column | undefined)[],
): { key: string; reader: RecordReader; row: SourceRow } {
  const { line } = record;
  const problems: Problem[] = [];
  const reader = new RecordReader(line);
  if (record.cells.length > columns.length && record.cells.slice(columns.length).some((c) => c.trim() !== '')) {
    problems.push({
      line,
      field: '',
      message: fileWords[m.common.lang].tooManyCells(record.cells.length, columns.length),
    });
  }
  columns.forEach((col, i) => {
    const text = (record.cells[i] ?? '').trim();
    if (col && text !== '') reader.read(col, text);
  });
  return { key: reader.key, reader, row: reader.row(m, problems) };
}

function groupFor(groups: Map<string, GroupBuilder>, key: string, line: number): GroupBuilder {
  const existing = groups.get(key);
  if (existing) return existing;
  const group: GroupBuilder = {
    key,
    line,
    contract: new PartBuilder(line, (f) => `contract.${f}`),
    payer: new PartBuilder(line, (f) => `payer.${f}`),
    rows: [],
    problems: [],
  };
  groups.set(key, group);
  return group;
}

/** Adds a row's contract and payer cells to its group: written once, or the same on each row. */
function addContractCells(m: Messages, group: GroupBuilder, cells: readonly ContractCell[], line: number): void {
  for (const { role, field, text } of cells) {
    const part = role === 'contract' ? group.contract : group.payer;
    const value = cellValue(parts[role].op, field, text);
    const earlier = part.lineOf(field);
    if (earlier === undefined) part.set(field, value, line);
    else if (JSON.stringify(part.values[field]) !== JSON.stringify(value)) {
      group.problems.push({
        line,
        field: `${role}.${field}`,
        part: role,
        message: fileWords[m.common.lang].differs(text, String(part.values[field]), earlier),
      });
    }
  }
}

/** The rows gathered into their contracts (by key, from anywhere in the file), and the rows without a key. */
function groupRows(m: Messages, records: readonly CsvRecord[], columns: readonly (Column | undefined)[]) {
  const groups = new Map<string, GroupBuilder>();
  const strays: SourceRow[] = [];
  for (const record of records) {
    const { key, reader, row } = readRecord(m, record, columns);
    if (key === '') {
      row.problems.unshift({
        line: record.line,
        field: KEY_COLUMN,
        message: fileWords[m.common.lang].emptyKey,
      });
      strays.push(row);
      continue;
    }
    const group = groupFor(groups, key, record.line);
    addContractCells(m, group, reader.contractCells, record.line);
    group.rows.push(row);
  }
  const out: SourceGroup[] = [...groups.values()].map((g) => ({
    key: g.key,
    line: g.line,
    contract: g.contract,
    ...(g.payer.empty ? {} : { payer: g.payer }),
    rows: g.rows,
    problems: g.problems,
  }));
  return { groups: out, strays };
}

export function readCsvSource(m: Messages, text: string, notes: string[]): Source {
  const csv = parseCsv(m, text);
  const fatal: Problem[] = csv.problems.map((p) => ({ line: p.line, field: '', message: p.message }));
  const [header, ...records] = csv.records;
  const unreadable: Source = { format: 'csv', groups: [], strays: [], fatal, notes };
  if (!header) {
    fatal.push({
      line: 1,
      field: '',
      message: fileWords[m.common.lang].emptyFile,
    });
    return unreadable;
  }
  const columns = readHeader(m, header, records, fatal);
  if (fatal.length) return unreadable;
  const { groups, strays } = groupRows(m, records, columns);
  if (groups.length === 0 && strays.length === 0)
    fatal.push({ line: header.line + 1, field: '', message: fileWords[m.common.lang].noRows });
  return { format: 'csv', groups, strays, fatal, notes, dialect: { ...plainDialect, delimiter: csv.delimiter } };
}
