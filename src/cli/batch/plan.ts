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
 *
 * The hashes are keyed (step-hash.ts): the journal gives away no CPF or answer.
 */
import type { CsvDialect } from './dialect.js';
import {
  normaliseParams,
  type Params,
  type Problem as CatalogueProblem,
  wallClockInput,
} from '../../catalogue/index.js';
import {
  checkPart,
  columnsOf,
  type PartParams,
  parts,
  type Step as ChainStep,
  type StepKind,
  stepOf,
} from '../enrol/plan.js';
import type { Messages } from '../i18n/index.js';
import type { Place, Problem, Source, SourcePart, SourceRow, SourceSub } from './source.js';
import type { StepHasher } from './step-hash.js';

export type { StepKind } from '../enrol/plan.js';

/** One request of the batch (its id is its key as JSON); `P`, its parameters, typed where the part is known. */
export interface Step<P extends Params = Params> extends ChainStep<P> {
  /** Identity in the journal. */
  readonly key: readonly string[];
  /** What the report calls it: `contract`, `payer`, `beneficiary`, `contact`, `address2`, `ds.1.3`. */
  readonly name: string;
  /** Hash of the parameters: a journal entry of other content means the file was edited. */
  readonly hash: string;
}

export interface PlanGroup extends Place {
  readonly key: string;
  /** Undefined when the contract is invalid. */
  readonly contract?: Step<PartParams<'contract'>>;
  readonly payer?: Step<PartParams<'payer'>>;
  readonly rows: PlanRow[];
  /** Problems of the contract and payer: the whole group is invalid. */
  readonly errors: Problem[];
}

export interface PlanRow extends Place {
  readonly group?: PlanGroup;
  /** Absent for a row that only carries its contract. */
  readonly beneficiary?: Step<PartParams<'beneficiary'>>;
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
  /** The input's CSV dialect (source.ts), which its report file keeps. */
  readonly dialect?: CsvDialect;
}

export function rowValid(row: PlanRow): boolean {
  return row.errors.length === 0 && (row.group?.errors.length ?? 0) === 0;
}

/** A hash of parameters that does not depend on the order of their keys. */
export function paramsHash(params: Params, hash: StepHasher): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return hash(JSON.stringify(sorted), 16);
}

/** A validation problem in the run's language; a field the part does not have, with the fields it has. */
function errorMessage(m: Messages, kind: StepKind, e: CatalogueProblem): string {
  return e.code === 'unknown' ? m.batchFile.notAField(kind, columnsOf(kind).join(', ')) : m.rules.problem(e);
}

/**
 * Validates one part against its operation (with a stand-in for the id the
 * batch fills in). Returns the validated parameters, or pushes the errors,
 * each placed where its field is written and named by its part (`part`: the
 * step's name, `address2`; the kind's by default).
 */
function check<K extends StepKind>(
  m: Messages,
  kind: K,
  src: SourcePart,
  errors: Problem[],
  part: string = kind,
): PartParams<K> | undefined {
  const { op, parent } = parts[kind];
  const raw: Params = { ...normaliseParams(op, src.values, wallClockInput) };
  const written = parent !== undefined && raw[parent] !== undefined;
  if (written) errors.push({ ...src.locate(parent), part, message: m.batchFile.leaveOut });
  if (parent) delete raw[parent];
  const v = checkPart(kind, raw);
  if (!v.ok) {
    for (const e of v.errors) {
      const at = /^([^[]+)(\[.*)?$/.exec(e.field);
      const where = src.locate(at?.[1] ?? e.field);
      errors.push({ ...where, field: `${where.field}${at?.[2] ?? ''}`, part, message: errorMessage(m, kind, e) });
    }
    return undefined;
  }
  if (written) return undefined;
  const params: Params = { ...v.value };
  if (parent) delete params[parent];
  // What is left is the operation's parameters less the one it hangs on: PartParams<K>, which TypeScript cannot follow through `delete`.
  return params as PartParams<K>;
}

/** What planning needs besides the file: the run's words, and how it hashes. */
interface Planner {
  readonly m: Messages;
  readonly hash: StepHasher;
}

function step<P extends Params>(
  hash: StepHasher,
  kind: StepKind,
  key: readonly string[],
  name: string,
  params: P,
): Step<P> {
  return { ...stepOf(kind, JSON.stringify(key), params), key, name, hash: paramsHash(params, hash) };
}

/** A checked sub-record: its name in the journal and the report, and the field that places a repeat of it. */
interface CheckedSub {
  readonly name: string;
  readonly field: string;
  readonly params: Params;
}

/** Checks a sub-record; a declaration answer is named by its question (`ds.1.3`), the others as the file names them. */
function checkSub(m: Messages, sub: SourceSub, errors: Problem[]): CheckedSub | undefined {
  if (sub.kind === 'declaration') {
    const p = check(m, 'declaration', sub.part, errors, sub.name);
    return p && { name: `ds.${p.formulario_id}.${p.pergunta_id}`, field: 'pergunta_id', params: p };
  }
  const p = check(m, sub.kind, sub.part, errors, sub.name);
  return p && { name: sub.name, field: Object.keys(sub.part.values)[0] ?? '', params: p };
}

/** The steps of a beneficiary's records, each question answered once. */
function subSteps(p: Planner, subs: readonly SourceSub[], bkey: readonly string[], errors: Problem[]): Step[] {
  const { m } = p;
  const steps: Step[] = [];
  const names = new Map<string, string>();
  for (const sub of subs) {
    const checked = checkSub(m, sub, errors);
    if (!checked) continue;
    const { name } = checked;
    const earlier = names.get(name);
    const where = sub.part.locate(checked.field);
    if (earlier !== undefined) {
      errors.push({ ...where, part: name, message: m.batchFile.sameQuestion(name, earlier) });
      continue;
    }
    names.set(name, where.field);
    steps.push(step(p.hash, sub.kind, [...bkey, name], name, checked.params));
  }
  return steps;
}

/**
 * The beneficiary's identity: its CPF (hashed: the journal holds no personal
 * data) and its rank among the contract's rows with that CPF.
 */
function beneficiaryKey(
  hash: StepHasher,
  group: PlanGroup,
  beneficiary: SourcePart,
  cpfCount: Map<string, number>,
): string[] {
  // The CPF as written (validated or not): a row's rank must not depend on whether the rows before it are valid.
  const digits = String(beneficiary.values['cpf'] ?? '').replace(/\D/g, '');
  const n = (cpfCount.get(digits) ?? 0) + 1;
  cpfCount.set(digits, n);
  return [group.key, `b:${hash(digits, 12)}#${n}`];
}

function placeOf(p: Place): Place {
  return p.line !== undefined ? { line: p.line } : { path: p.path! };
}

function planRow(p: Planner, src: SourceRow, group: PlanGroup | undefined, cpfCount: Map<string, number>): PlanRow {
  const errors: Problem[] = [...src.problems];
  const place = placeOf(src);
  if (!src.beneficiary || !group) return { ...place, ...(group ? { group } : {}), subs: [], errors };
  const bkey = beneficiaryKey(p.hash, group, src.beneficiary, cpfCount);
  const params = check(p.m, 'beneficiary', src.beneficiary, errors);
  const subs = subSteps(p, src.subs, bkey, errors);
  if (!params) return { ...place, group, subs: [], errors };
  return { ...place, group, beneficiary: step(p.hash, 'beneficiary', bkey, 'beneficiary', params), subs, errors };
}

function planGroup(p: Planner, g: Source['groups'][number]): PlanGroup {
  const errors: Problem[] = [...g.problems];
  const contractParams = check(p.m, 'contract', g.contract, errors);
  const payerParams = g.payer ? check(p.m, 'payer', g.payer, errors) : undefined;
  const group: PlanGroup = {
    ...placeOf(g),
    key: g.key,
    ...(contractParams ? { contract: step(p.hash, 'contract', [g.key], 'contract', contractParams) } : {}),
    ...(payerParams ? { payer: step(p.hash, 'payer', [g.key, 'payer'], 'payer', payerParams) } : {}),
    rows: [],
    errors,
  };
  const cpfCount = new Map<string, number>();
  for (const r of g.rows) group.rows.push(planRow(p, r, group, cpfCount));
  return group;
}

/** The plan of a read file, its problems worded in the language of `m`, its steps hashed with `hash` (step-hash.ts). */
export function makePlan(m: Messages, source: Source, hash: StepHasher): Plan {
  const p: Planner = { m, hash };
  const groups = source.groups.map((g) => planGroup(p, g));
  const rows = groups.flatMap((g) => g.rows);
  for (const s of source.strays) rows.push(planRow(p, s, undefined, new Map()));
  // File order: CSV rows by line (groups gather rows from anywhere in the file).
  if (source.format === 'csv') rows.sort((a, b) => a.line! - b.line!);
  const plan = { format: source.format, groups, rows, fatal: source.fatal, notes: source.notes };
  return source.dialect ? { ...plan, dialect: source.dialect } : plan;
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
