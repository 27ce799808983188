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
import { operation, type Operation, type Params } from '../../catalogue/index.js';
import { parseCsv } from './csv.js';
import type { Problem, Source, SourceGroup, SourcePart, SourceRow, SourceSub, SubKind, Where } from './source.js';

type Role = 'contract' | 'payer' | 'beneficiary';
type Column =
  | { readonly role: 'key' }
  | { readonly role: Role; readonly field: string }
  | { readonly role: 'sub'; readonly kind: Exclude<SubKind, 'declaration'>; readonly n: number; readonly field: string }
  | { readonly role: 'ds'; readonly form: string; readonly question: string; readonly field: 'resposta' | 'descricao' };

export const KEY_COLUMN = 'contract';

/** The operation of each part, and the id field the batch fills in (not a column). */
export const parts = {
  contract: { op: () => operation('enrol.contract.create'), filled: undefined },
  payer: { op: () => operation('enrol.payer'), filled: 'contrato_id' },
  beneficiary: { op: () => operation('enrol.beneficiary.add'), filled: 'contrato_id' },
  contact: { op: () => operation('enrol.beneficiary.contact'), filled: 'beneficiario_id' },
  address: { op: () => operation('enrol.beneficiary.address'), filled: 'beneficiario_id' },
  document: { op: () => operation('enrol.beneficiary.document'), filled: 'beneficiario_id' },
  declaration: { op: () => operation('enrol.beneficiary.declaration'), filled: 'beneficiario_id' },
} as const satisfies Record<Role | SubKind, { op: () => Operation; filled: string | undefined }>;

/** The column names of a part: its operation's parameters less the filled-in id. */
export function columnsOf(kind: keyof typeof parts): string[] {
  const { op, filled } = parts[kind];
  return Object.keys(op().params).filter((name) => name !== filled);
}

function readColumn(name: string): Column | string {
  if (name === KEY_COLUMN) return { role: 'key' };
  const ds = /^ds\.(\d+)\.(\d+)(?:\.(descricao))?$/.exec(name);
  if (ds) return { role: 'ds', form: ds[1]!, question: ds[2]!, field: ds[3] ? 'descricao' : 'resposta' };
  if (name.startsWith('ds.'))
    return 'a declaration column is ds.<formulario_id>.<pergunta_id> (the answer, S or N) or ds.<formulario_id>.<pergunta_id>.descricao';
  const dot = name.indexOf('.');
  if (dot < 0) {
    if (columnsOf('beneficiary').includes(name)) return { role: 'beneficiary', field: name };
    if (name === 'contrato_id' || name === 'beneficiario_id')
      return `${name} is filled in by the batch from the ids it creates`;
    return `not a field of beneficiario; a beneficiary column is one of ${columnsOf('beneficiary').join(', ')}`;
  }
  const prefix = name.slice(0, dot);
  const field = name.slice(dot + 1);
  if (prefix === 'contract' || prefix === 'payer') {
    const kind = prefix;
    if (columnsOf(kind).includes(field)) return { role: kind, field };
    return `not a field of ${parts[kind].op().name}; use one of ${columnsOf(kind)
      .map((f) => `${prefix}.${f}`)
      .join(', ')}`;
  }
  const sub = /^(contact|address|document)(\d*)$/.exec(prefix);
  if (sub) {
    const kind = sub[1] as 'contact' | 'address' | 'document';
    const n = sub[2] ? Number(sub[2]) : 1;
    if (n < 1) return `number the ${kind}s from 2: ${kind}., ${kind}2., ${kind}3.`;
    if (columnsOf(kind).includes(field)) return { role: 'sub', kind, n, field };
    return `not a field of ${parts[kind].op().name}; use one of ${columnsOf(kind)
      .map((f) => `${prefix}.${f}`)
      .join(', ')}`;
  }
  return 'unknown prefix; columns are contract, contract.<field>, payer.<field>, <beneficiary field>, contact.<field>, address.<field>, document.<field> (contact2., address2., …) and ds.<formulario_id>.<pergunta_id>';
}

const listSplit = /[\s,;|]+/;

function cellValue(op: Operation, field: string, text: string): unknown {
  if (op.params[field]?.kind === 'array') return text.split(listSplit).filter((s) => s !== '');
  return text;
}

/** A part built cell by cell: values, and the line and column each came from. */
class PartBuilder implements SourcePart {
  readonly values: Params = {};
  /** Lines of the fields written on another line than the part's own (a contract's columns may be on any of its rows). */
  #lines: Map<string, number> | undefined;
  readonly #line: number;
  readonly #label: (field: string) => string;
  #empty = true;
  constructor(line: number, label: (field: string) => string) {
    this.#line = line;
    this.#label = label;
  }
  set(field: string, value: unknown, line: number): void {
    this.values[field] = value;
    this.#empty = false;
    if (line !== this.#line) (this.#lines ??= new Map()).set(field, line);
  }
  lineOf(field: string): number | undefined {
    return this.values[field] === undefined ? undefined : (this.#lines?.get(field) ?? this.#line);
  }
  get empty(): boolean {
    return this.#empty;
  }
  locate(name: string): Where {
    return { line: this.#lines?.get(name) ?? this.#line, field: this.#label(name) };
  }
}

interface GroupBuilder {
  readonly key: string;
  readonly line: number;
  readonly contract: PartBuilder;
  readonly payer: PartBuilder;
  readonly rows: SourceRow[];
  readonly problems: Problem[];
}

export function readCsvSource(text: string, notes: string[]): Source {
  const csv = parseCsv(text);
  const fatal: Problem[] = [];
  const empty: Source = { format: 'csv', groups: [], strays: [], fatal, notes };
  const [header, ...records] = csv.records;
  for (const p of csv.problems) fatal.push({ line: p.line, field: '', message: p.message });
  if (!header) {
    fatal.push({
      line: 1,
      field: '',
      message: 'the file is empty: it needs a header line of column names and a row per beneficiary',
    });
    return empty;
  }
  const columns: (Column | undefined)[] = [];
  const seen = new Map<string, number>();
  header.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') {
      if (records.some((r) => (r.cells[i] ?? '').trim() !== ''))
        fatal.push({ line: header.line, field: `column ${i + 1}`, message: 'has values but no name in the header' });
      columns.push(undefined);
      return;
    }
    if (seen.has(name))
      fatal.push({
        line: header.line,
        field: name,
        message: `appears twice in the header (columns ${seen.get(name)! + 1} and ${i + 1})`,
      });
    seen.set(name, i);
    const col = readColumn(name);
    if (typeof col === 'string') fatal.push({ line: header.line, field: name, message: col });
    columns.push(typeof col === 'string' ? undefined : col);
  });
  if (!seen.has(KEY_COLUMN))
    fatal.push({
      line: header.line,
      field: KEY_COLUMN,
      message: 'the header needs a contract column: a key of your choice that groups the rows of one contract',
    });
  if (fatal.length) return empty;

  const groups = new Map<string, GroupBuilder>();
  const strays: SourceRow[] = [];
  const ops = {
    contract: parts.contract.op(),
    payer: parts.payer.op(),
    beneficiary: parts.beneficiary.op(),
    contact: parts.contact.op(),
    address: parts.address.op(),
    document: parts.document.op(),
    declaration: parts.declaration.op(),
  };

  for (const record of records) {
    const { line } = record;
    const problems: Problem[] = [];
    const beneficiary = new PartBuilder(line, (f) => f);
    const subs = new Map<string, { kind: SubKind; name: string; part: PartBuilder }>();
    const subOf = (kind: SubKind, name: string, label: (f: string) => string) => {
      let s = subs.get(name);
      if (!s) subs.set(name, (s = { kind, name, part: new PartBuilder(line, label) }));
      return s.part;
    };
    let key = '';
    const contractCells: Array<[Role, string, string]> = [];
    if (record.cells.length > columns.length && record.cells.slice(columns.length).some((c) => c.trim() !== '')) {
      problems.push({
        line,
        field: '',
        message: `has ${record.cells.length} cells but the header names ${columns.length} columns (a delimiter inside a cell needs quotes)`,
      });
    }
    columns.forEach((col, i) => {
      const text = (record.cells[i] ?? '').trim();
      if (!col || text === '') return;
      switch (col.role) {
        case 'key':
          key = text;
          break;
        case 'contract':
        case 'payer':
          contractCells.push([col.role, col.field, text]);
          break;
        case 'beneficiary':
          beneficiary.set(col.field, cellValue(ops.beneficiary, col.field, text), line);
          break;
        case 'sub': {
          const prefix = col.n === 1 ? col.kind : `${col.kind}${col.n}`;
          subOf(col.kind, prefix, (f) => `${prefix}.${f}`).set(
            col.field,
            cellValue(ops[col.kind], col.field, text),
            line,
          );
          break;
        }
        case 'ds': {
          const name = `ds.${col.form}.${col.question}`;
          const part = subOf('declaration', name, (f) => (f === 'descricao' ? `${name}.descricao` : name));
          if (part.empty) {
            part.set('formulario_id', col.form, line);
            part.set('pergunta_id', col.question, line);
          }
          part.set(col.field, text, line);
          break;
        }
      }
    });
    const sourceSubs: SourceSub[] = [...subs.values()].map(({ kind, name, part }) => ({ kind, name, part }));
    const hasBeneficiary = !beneficiary.empty;
    if (!hasBeneficiary && sourceSubs.length) {
      const first = sourceSubs[0]!;
      problems.push({
        line,
        field: first.part.locate(Object.keys(first.part.values)[0]!).field,
        message: 'is given on a row without a beneficiary (no beneficiary column is filled in)',
      });
    }
    const row: SourceRow = { line, ...(hasBeneficiary ? { beneficiary } : {}), subs: sourceSubs, problems };
    if (key === '') {
      problems.unshift({ line, field: KEY_COLUMN, message: 'is empty: every row needs the key of its contract' });
      strays.push(row);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      const g: GroupBuilder = {
        key,
        line,
        contract: new PartBuilder(line, (f) => `contract.${f}`),
        payer: new PartBuilder(line, (f) => `payer.${f}`),
        rows: [],
        problems: [],
      };
      groups.set(key, (group = g));
    }
    for (const [role, field, text] of contractCells) {
      const part = role === 'contract' ? group.contract : group.payer;
      const value = cellValue(ops[role], field, text);
      const earlier = part.lineOf(field);
      if (earlier === undefined) part.set(field, value, line);
      else if (JSON.stringify(part.values[field]) !== JSON.stringify(value)) {
        group.problems.push({
          line,
          field: `${role}.${field}`,
          message: `is ${text} here but ${String(part.values[field])} on line ${earlier}; write the contract's and payer's columns once, or the same on each of its rows`,
        });
      }
    }
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
  if (out.length === 0 && strays.length === 0)
    fatal.push({ line: header.line + 1, field: '', message: 'the file has a header but no rows' });
  return { format: 'csv', groups: out, strays, fatal, notes };
}
