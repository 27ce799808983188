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
import type { Params, Problem as CatalogueProblem } from '../../catalogue/index.js';
import {
  enrolContract,
  type Naming,
  type PartCheck,
  type RawContract,
  type RawPart,
  type Sending,
  type Tagged,
} from '../enrol/enrolment.js';
import type { Step as ChainStep, ContractChain, StepKind } from '../enrol/plan.js';
import type { Messages } from '../i18n/index.js';
import type { Place, Problem, Source, SourcePart, SourceRow, SourceSub } from './source.js';
import type { StepHasher } from './step-hash.js';
import { words as fileWords } from './file-words.js';

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
  readonly contract?: Step;
  readonly payer?: Step;
  readonly rows: PlanRow[];
  /** Problems of the contract and payer: the whole group is invalid. */
  readonly errors: Problem[];
  /** Sends the group's chain through the engine (its beneficiaries tagged by their row's place in `rows`), once. */
  send(how: Sending<Step, number>): Promise<void>;
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

/** A part of a row or contract as the engine is given it, with where it is written and what its problems go to. */
interface BatchPart extends RawPart {
  readonly src: SourcePart;
  /** What its problems name it: `address2`, `ds.1.3`; the kind's by default. */
  readonly part: string;
  /** Its key (a record: its beneficiary's, to which its name is added). */
  readonly key: readonly string[];
  readonly errors: Problem[];
  /** A record: the names its beneficiary's records have so far, each with the field of the first. */
  readonly names?: Map<string, string>;
}

/** What planning needs besides the file: the run's words, and how it hashes. */
interface Planner {
  readonly m: Messages;
  readonly hash: StepHasher;
}

/** A problem of a check in the run's language; a field the part does not have, with the fields it has. */
function errorMessage(m: Messages, part: BatchPart, e: CatalogueProblem, fields: readonly string[]): string {
  return e.code === 'unknown' ? fileWords[m.common.lang].notAField(part.kind, fields.join(', ')) : m.rules.problem(e);
}

/** The problems of a part's check, each placed where its field is written and named by its part. */
function placeProblems(m: Messages, part: BatchPart, c: Extract<PartCheck, { ok: false }>): void {
  const { src, errors } = part;
  if (c.written) errors.push({ ...src.locate(c.written), part: part.part, message: fileWords[m.common.lang].leaveOut });
  for (const e of c.problems) {
    const at = /^([^[]+)(\[.*)?$/.exec(e.field);
    const where = src.locate(at?.[1] ?? e.field);
    const message = errorMessage(m, part, e, c.fields);
    errors.push({ ...where, field: `${where.field}${at?.[2] ?? ''}`, part: part.part, message });
  }
}

/** A step's naming: its key (as JSON, its id), its name and the hash of its parameters. */
function naming(hash: StepHasher, key: readonly string[], name: string, params: Params): Naming<Step> {
  return { id: JSON.stringify(key), key, name, hash: paramsHash(params, hash) };
}

/**
 * The step of a checked part, or none: a part with problems, or a record
 * that answers a question its beneficiary answered already. A declaration
 * answer is named by its question (`ds.1.3`), the other records as the file
 * names them.
 */
function named(p: Planner, part: BatchPart, c: PartCheck): Naming<Step> | undefined {
  if (!c.ok) {
    placeProblems(p.m, part, c);
    return undefined;
  }
  if (!part.names) return naming(p.hash, part.key, part.part, c.params);
  const declaration = part.kind === 'declaration';
  const name = declaration ? `ds.${String(c.params['formulario_id'])}.${String(c.params['pergunta_id'])}` : part.part;
  const where = part.src.locate(declaration ? 'pergunta_id' : (Object.keys(part.src.values)[0] ?? ''));
  const earlier = part.names.get(name);
  if (earlier !== undefined) {
    part.errors.push({ ...where, part: name, message: fileWords[p.m.common.lang].sameQuestion(name, earlier) });
    return undefined;
  }
  part.names.set(name, where.field);
  return naming(p.hash, [...part.key, name], name, c.params);
}

/**
 * The beneficiary's identity: its CPF (hashed: the journal holds no personal
 * data) and its rank among the contract's rows with that CPF.
 */
function beneficiaryKey(
  hash: StepHasher,
  key: string,
  beneficiary: SourcePart,
  cpfCount: Map<string, number>,
): string[] {
  // The CPF as written (validated or not): a row's rank must not depend on whether the rows before it are valid.
  const digits = String(beneficiary.values['cpf'] ?? '').replace(/\D/g, '');
  const n = (cpfCount.get(digits) ?? 0) + 1;
  cpfCount.set(digits, n);
  return [key, `b:${hash(digits, 12)}#${n}`];
}

function placeOf(p: Place): Place {
  return p.line !== undefined ? { line: p.line } : { path: p.path! };
}

/** A part as the engine is given it. */
function rawPart(
  kind: StepKind,
  src: SourcePart,
  key: readonly string[],
  errors: Problem[],
  part: string = kind,
): BatchPart {
  return { kind, values: src.values, src, part, key, errors };
}

/** A row's beneficiary and records, tagged by the row's place in its contract, as the engine is given them. */
function rawBeneficiary(
  p: Planner,
  key: string,
  src: SourceRow,
  i: number,
  errors: Problem[],
  cpfCount: Map<string, number>,
) {
  const bkey = beneficiaryKey(p.hash, key, src.beneficiary!, cpfCount);
  const names = new Map<string, string>();
  const records = src.subs.map((sub: SourceSub) => ({ ...rawPart(sub.kind, sub.part, bkey, errors, sub.name), names }));
  return { tag: i, person: rawPart('beneficiary', src.beneficiary!, bkey, errors), records };
}

/**
 * A contract and its rows: handed whole to the engine (`enrolContract`, its
 * one crossing), which checks and builds them now and sends the chain when
 * the group's `send` is called (lane.ts); never, for a group not sent.
 */
function planGroup(p: Planner, g: Source['groups'][number]): PlanGroup {
  const errors: Problem[] = [...g.problems];
  const rowErrors = g.rows.map((r) => [...r.problems]);
  const cpfCount = new Map<string, number>();
  const raw: RawContract<BatchPart, number> = {
    contract: rawPart('contract', g.contract, [g.key], errors),
    ...(g.payer ? { payer: rawPart('payer', g.payer, [g.key, 'payer'], errors) } : {}),
    beneficiaries: g.rows.flatMap((r, i) =>
      r.beneficiary ? [rawBeneficiary(p, g.key, r, i, rowErrors[i]!, cpfCount)] : [],
    ),
  };
  let go: (how: Sending<Step, number>) => void = () => {};
  const when = new Promise<Sending<Step, number> | undefined>((resolve) => {
    go = resolve;
  });
  let chain: ContractChain<Step, Tagged<Step, number>> = { beneficiaries: [] };
  const sent = enrolContract(raw, {
    checked: (part, c) => named(p, part, c),
    ready(built) {
      chain = built;
      return when;
    },
  });
  const group: PlanGroup = {
    ...placeOf(g),
    key: g.key,
    ...(chain.contract ? { contract: chain.contract } : {}),
    ...(chain.payer ? { payer: chain.payer } : {}),
    rows: [],
    errors,
    send(how) {
      go(how);
      return sent;
    },
  };
  const byTag = new Map(chain.beneficiaries.map((b) => [b.tag, b]));
  g.rows.forEach((r, i) => {
    const b = byTag.get(i);
    const row = { ...placeOf(r), group, subs: b ? [...b.records] : [], errors: rowErrors[i]! };
    group.rows.push(b ? { ...row, beneficiary: b.person } : row);
  });
  return group;
}

/** The plan of a read file, its problems worded in the language of `m`, its steps hashed with `hash` (step-hash.ts). */
export function makePlan(m: Messages, source: Source, hash: StepHasher): Plan {
  const p: Planner = { m, hash };
  const groups = source.groups.map((g) => planGroup(p, g));
  const rows = groups.flatMap((g) => g.rows);
  // A row of no contract: nothing of it is checked or sent.
  for (const s of source.strays) rows.push({ ...placeOf(s), subs: [], errors: [...s.problems] });
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
