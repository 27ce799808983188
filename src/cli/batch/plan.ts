/**
 * From a read file to the requests of the batch: every part validated by the
 * catalogue's rules (each error placed at its line and column, or JSON path),
 * and every request given a stable identity and a hash of its content, which
 * the journal records.
 *
 * Identities (the journal's keys), which do not depend on line numbers:
 * - contract: [key]; payer: [key, "payer"];
 * - beneficiary: [key, "b:<hash of the CPF's digits>#<n>"], n counting the
 *   rows of that contract with that CPF (dependants may carry the holder's);
 * - its records: [key, beneficiary, "contact" | "address2" | "ds.1.3" | …].
 */
import { createHash } from 'node:crypto';
import { validateParams, type Operation, type Params } from '../../catalogue/index.js';
import { parts } from './csv-layout.js';
import type { Place, Problem, Source, SourcePart, SourceRow, SubKind } from './source.js';

export type StepKind = 'contract' | 'payer' | 'beneficiary' | SubKind;

export interface Step {
  /** Identity in the journal. */
  readonly key: readonly string[];
  /** `JSON.stringify(key)`: the map key. */
  readonly id: string;
  readonly kind: StepKind;
  /** What the report calls it: `contract`, `payer`, `beneficiary`, `contact`, `address2`, `ds.1.3`. */
  readonly name: string;
  readonly op: Operation;
  /** Validated parameters, without the id that the batch fills in. */
  readonly params: Params;
  /** The id field filled in from the step before (contrato_id, beneficiario_id). */
  readonly parent?: 'contrato_id' | 'beneficiario_id';
  /** The id field of the answer that this step creates. */
  readonly creates?: string;
  /** Hash of the parameters: a journal entry of other content means the file was edited. */
  readonly hash: string;
}

export interface PlanGroup extends Place {
  readonly key: string;
  /** Undefined when the contract is invalid. */
  readonly contract?: Step;
  readonly payer?: Step;
  readonly rows: PlanRow[];
  /** Problems of the contract and payer: the whole group is invalid. */
  readonly errors: Problem[];
}

export interface PlanRow extends Place {
  readonly group?: PlanGroup;
  /** Absent for a row that only carries its contract. */
  readonly beneficiary?: Step;
  readonly subs: Step[];
  /** Problems of the row itself. */
  readonly errors: Problem[];
}

export interface Plan {
  readonly format: 'csv' | 'json';
  readonly groups: PlanGroup[];
  /** Every row, in file order (strays included). */
  readonly rows: PlanRow[];
  /** Problems of the whole file: nothing can be sent. */
  readonly fatal: Problem[];
  readonly notes: string[];
}

export function rowValid(row: PlanRow): boolean {
  return row.errors.length === 0 && (row.group?.errors.length ?? 0) === 0;
}

const createdIds: Record<StepKind, string | undefined> = {
  contract: 'contrato_id',
  payer: undefined,
  beneficiary: 'beneficiario_id',
  contact: 'contato_id',
  address: 'endereco_id',
  document: 'documento_id',
  declaration: undefined,
};

function sha(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** A hash of parameters that does not depend on the order of their keys. */
export function paramsHash(params: Params): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return sha(JSON.stringify(sorted), 16);
}

/**
 * Validates one part against its operation (with a stand-in for the id the
 * batch fills in). Returns the validated parameters, or pushes the errors,
 * each placed where its field is written.
 */
function check(kind: StepKind, src: SourcePart, errors: Problem[]): Params | undefined {
  const { op: opOf, filled } = parts[kind];
  const op = opOf();
  const raw: Params = { ...src.values };
  let ok = true;
  if (filled) {
    if (raw[filled] !== undefined) {
      errors.push({ ...src.locate(filled), message: 'is filled in by the batch from the id it creates; leave it out' });
      ok = false;
    }
    raw[filled] = '1';
  }
  const v = validateParams(op, raw);
  if (!v.ok) {
    for (const e of v.errors) {
      const m = /^([^[]+)(\[.*)?$/.exec(e.field);
      const where = src.locate(m?.[1] ?? e.field);
      const message = e.message.startsWith('is not a parameter of')
        ? `${e.message} (${Object.keys(op.params)
            .filter((p) => p !== filled)
            .join(', ')})`
        : e.message;
      errors.push({ ...where, field: `${where.field}${m?.[2] ?? ''}`, message });
    }
    return undefined;
  }
  if (!ok) return undefined;
  const params = { ...v.value };
  if (filled) delete params[filled];
  return params;
}

function step(kind: StepKind, key: readonly string[], name: string, params: Params): Step {
  const { op, filled } = parts[kind];
  const creates = createdIds[kind];
  return {
    key,
    id: JSON.stringify(key),
    kind,
    name,
    op: op(),
    params,
    ...(filled ? { parent: filled } : {}),
    ...(creates ? { creates } : {}),
    hash: paramsHash(params),
  };
}

function planRow(src: SourceRow, group: PlanGroup | undefined, cpfCount: Map<string, number>): PlanRow {
  const errors: Problem[] = [...src.problems];
  const place: Place = src.line !== undefined ? { line: src.line } : { path: src.path! };
  if (!src.beneficiary || !group) return { ...place, ...(group ? { group } : {}), subs: [], errors };
  // The beneficiary's identity: its CPF (hashed: the journal holds no personal data) and its rank among the contract's rows with that CPF.
  const digits = String(src.beneficiary.values['cpf'] ?? '').replace(/\D/g, '');
  const n = (cpfCount.get(digits) ?? 0) + 1;
  cpfCount.set(digits, n);
  const bkey = [group.key, `b:${sha(digits, 12)}#${n}`];
  const params = check('beneficiary', src.beneficiary, errors);
  const subs: Step[] = [];
  const names = new Map<string, string>();
  for (const sub of src.subs) {
    const p = check(sub.kind, sub.part, errors);
    if (!p) continue;
    const name = sub.kind === 'declaration' ? `ds.${String(p['formulario_id'])}.${String(p['pergunta_id'])}` : sub.name;
    const earlier = names.get(name);
    const where = sub.part.locate(sub.kind === 'declaration' ? 'pergunta_id' : (Object.keys(sub.part.values)[0] ?? ''));
    if (earlier !== undefined) {
      errors.push({
        ...where,
        message: `answers the same question (${name}) as ${earlier}; answer each question once`,
      });
      continue;
    }
    names.set(name, where.field);
    subs.push(step(sub.kind, [...bkey, name], name, p));
  }
  if (!params) return { ...place, group, subs: [], errors };
  return { ...place, group, beneficiary: step('beneficiary', bkey, 'beneficiary', params), subs, errors };
}

export function makePlan(source: Source): Plan {
  const groups: PlanGroup[] = [];
  const rows: PlanRow[] = [];
  for (const g of source.groups) {
    const errors: Problem[] = [...g.problems];
    const contractParams = check('contract', g.contract, errors);
    const payerParams = g.payer ? check('payer', g.payer, errors) : undefined;
    const place: Place = g.line !== undefined ? { line: g.line } : { path: g.path! };
    const group: PlanGroup = {
      ...place,
      key: g.key,
      ...(contractParams ? { contract: step('contract', [g.key], 'contract', contractParams) } : {}),
      ...(payerParams ? { payer: step('payer', [g.key, 'payer'], 'payer', payerParams) } : {}),
      rows: [],
      errors,
    };
    const cpfCount = new Map<string, number>();
    for (const r of g.rows) group.rows.push(planRow(r, group, cpfCount));
    groups.push(group);
    rows.push(...group.rows);
  }
  for (const s of source.strays) rows.push(planRow(s, undefined, new Map()));
  // File order: CSV rows by line (groups gather rows from anywhere in the file).
  if (source.format === 'csv') rows.sort((a, b) => a.line! - b.line!);
  return { format: source.format, groups, rows, fatal: source.fatal, notes: source.notes };
}

/** Every problem of the plan, in file order, each once (a group's problems are not repeated for each of its rows). */
export function planErrors(plan: Plan): Problem[] {
  const out: Problem[] = [...plan.fatal];
  for (const g of plan.groups) {
    out.push(...g.errors);
    for (const r of g.rows) out.push(...r.errors);
  }
  for (const r of plan.rows) if (!r.group) out.push(...r.errors);
  if (plan.format === 'csv') out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return out;
}
