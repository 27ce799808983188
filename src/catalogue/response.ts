/**
 * Checking a response body against an operation's record shape, and reading
 * its outcome. A fault names the record, the field's path, what the rule
 * expects and what was received (received.ts).
 */
import type * as z from 'zod';
import { codeSchema, codeText, type Outcome, outcomeOfCode } from './confirmation.js';
import type { Field, Row } from './field.js';
import type { Operation, RecordOfOperation } from './operation.js';
import type { JsonType, ShapeFault } from './problems.js';
import { envelopeOf } from './records.js';
import { cut, describeReceived } from './received.js';
import { issueProblem } from './validate.js';

export type { Outcome, Row };

export type ResponseCheck =
  | { readonly ok: true; readonly records: Row[]; readonly outcome: Outcome; readonly message: string }
  | { readonly ok: false; readonly fault: ShapeFault };

/** A record of the envelope alone (spec §2.1): what outcomes 3 and 4 and every error answer carry. */
export function envelopeRecord(confirma: 1 | 2 | 3 | 4, message: string): Row {
  return { confirma_operacao: confirma, mensagem_erro: message };
}

/** Process exit code of an outcome (docs/output.md, "Exit codes"): an undocumented code is not a success. */
export function outcomeExitCode(outcome: Outcome): number {
  if (outcome === 'failed' || outcome === 'undocumented') return 1;
  return outcome === 'no-result' ? 3 : 0;
}

/** The outcome a record's code means (confirmation.ts); a record without one (where the envelope is optional) is `ok`. */
function outcomeOf(record: Row): Outcome {
  const code = record['confirma_operacao'];
  return code === undefined ? 'ok' : outcomeOfCode(code);
}

/**
 * The codes of the records that have no documented meaning, each once, in
 * order, as text (`-1`, `2147483648`), cut to a bound (a code is no personal
 * number: it is shown digit for digit).
 */
export function undocumentedCodes(records: readonly Row[]): string[] {
  const codes = records
    .filter((r) => outcomeOf(r) === 'undocumented')
    .map((r) => cut(codeText(r['confirma_operacao'])));
  return [...new Set(codes)];
}

/** The value at `path` inside `value`, or undefined. */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path)
    v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/**
 * The issue to report and where: inside a union of an object and a list (a
 * nested group), the branch that the value's type chose, whose issue lies deeper.
 */
function deepest(issue: z.core.$ZodIssue): { path: PropertyKey[]; issue: z.core.$ZodIssue } {
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.map((branch) => branch[0]).find((i) => i !== undefined && i.path.length > 0);
    if (inner) {
      const found = deepest(inner);
      return { path: [...issue.path, ...found.path], issue: found.issue };
    }
  }
  return { path: issue.path, issue };
}

/** The field a record's path names (`endereco.1.cep`: the group's `cep`), for its rule. */
function fieldAt(op: Operation, path: readonly PropertyKey[]): Field | undefined {
  const [head, ...rest] = path.map(String);
  const group = head === undefined ? undefined : op.response.groups?.[head];
  if (!group)
    return head === undefined || rest.length ? undefined : (op.response.fields[head] ?? envelopeOf(op.area)[head]);
  const name = rest.find((p) => !/^\d+$/.test(p));
  return name === undefined ? undefined : group.fields[name];
}

/** Record `i` breaks a rule: where, what was expected (a problem), what was received. */
function fault(op: Operation, i: number, record: unknown, error: z.ZodError): ShapeFault {
  const { path, issue } = deepest(error.issues[0]!);
  const field = path.map(String).join('.');
  const rule = fieldAt(op, path)?.rule;
  const value = at(record, path);
  const problem =
    value === undefined && rule ? { code: 'required' as const, field, rule } : issueProblem(issue, field, rule);
  return { code: 'record', record: i, problem, received: describeReceived(value) };
}

/** A JSON value's type, as a problem names it. */
function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'other';
}

/**
 * The schemas an answer's records are read with: the operation's, with its
 * `confirma_operacao` read as any int (confirmation.ts). `envelope`: the
 * envelope alone; `full`: a data-bearing record; `present`: the fields a
 * record whose code has no documented meaning carries, each checked by its rule.
 */
interface ReadingSchemas {
  readonly envelope: z.ZodType;
  readonly full: z.ZodType;
  readonly present: z.ZodType;
}
const readingSchemas = new WeakMap<Operation, ReadingSchemas>();
function readingOf(op: Operation): ReadingSchemas {
  const known = readingSchemas.get(op);
  if (known) return known;
  const code = { confirma_operacao: op.response.envelope === 'required' ? codeSchema : codeSchema.optional() };
  const full = (op.recordSchema as unknown as z.ZodObject).extend(code);
  const made = {
    envelope: (op.envelopeSchema as unknown as z.ZodObject).extend(code),
    full,
    present: full.partial(),
  };
  readingSchemas.set(op, made);
  return made;
}

/** The schema a record must match: the full record for outcomes 1 and 2, what it carries for an undocumented code. */
function schemaFor(op: Operation, outcome: Outcome): z.ZodType | undefined {
  if (outcome === 'ok' || outcome === 'found') return readingOf(op).full;
  return outcome === 'undocumented' ? readingOf(op).present : undefined;
}

/** The answer's outcome from its records' (an empty array means no result). */
function combined(outcomes: readonly Outcome[]): Outcome {
  if (outcomes.length === 0) return 'no-result';
  for (const o of ['failed', 'undocumented'] as const) if (outcomes.includes(o)) return o;
  if (outcomes.every((o) => o === 'no-result')) return 'no-result';
  return outcomes.includes('found') ? 'found' : 'ok';
}

/** The body's records: an array, or one object where the operation's records need not carry the envelope. */
function recordsOf(op: Operation, body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  return op.response.envelope !== 'required' && body !== null && typeof body === 'object' ? [body] : undefined;
}

/**
 * Checks a parsed JSON body. Every record's envelope must match (its code
 * any int: confirmation.ts); records of outcome 1 or 2 (or with no envelope, where the operation
 * allows none) must match the full record shape; records of outcome 3 or 4
 * need only the envelope; a record whose code has no documented meaning is
 * checked on the fields it carries.
 */
export function checkResponse(op: Operation, body: unknown): ResponseCheck {
  const records = recordsOf(op, body);
  if (!records) return { ok: false, fault: { code: 'not-records', got: jsonType(body) } };
  const outcomes: Outcome[] = [];
  for (const [i, rec] of records.entries()) {
    const env = readingOf(op).envelope.safeParse(rec);
    if (!env.success) return { ok: false, fault: fault(op, i, rec, env.error) };
    const outcome = outcomeOf(rec as Row);
    const full = schemaFor(op, outcome)?.safeParse(rec);
    if (full && !full.success) return { ok: false, fault: fault(op, i, rec, full.error) };
    outcomes.push(outcome);
  }
  const outcome = combined(outcomes);
  const explaining = (records as Row[]).find((r, i) => outcomes[i] === outcome && r['mensagem_erro']);
  const message = outcome === 'ok' || outcome === 'found' ? '' : String(explaining?.['mensagem_erro'] ?? '');
  return { ok: true, records: records as Row[], outcome, message };
}

/** Records that carry data (any but outcome 3 or 4): what table output shows. */
export function dataRecords(records: readonly Row[]): Row[] {
  return records.filter((r) => {
    const o = outcomeOf(r);
    return o !== 'no-result' && o !== 'failed';
  });
}

/**
 * The data records that are whole records of the operation by its own rules,
 * parsed to their typed values: what code that reads them as typed data
 * takes. A record whose code has no documented meaning is left out, being
 * no confirmed record (it may carry only some fields, or a code the spec
 * does not give the area).
 */
export function typedRecords<Op extends Operation>(op: Op, records: readonly Row[]): RecordOfOperation<Op>[] {
  return dataRecords(records).flatMap((r) => {
    const parsed = op.recordSchema.safeParse(r);
    return parsed.success ? [parsed.data as RecordOfOperation<Op>] : [];
  });
}
