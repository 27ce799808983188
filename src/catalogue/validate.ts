/**
 * Checking parameters against an operation's field rules: the problems, as
 * data (problems.ts), each naming its field; the plain-text rule
 * (plain-text.ts) on every parameter first, the operation's rules across
 * fields (checks.ts) last. Each language words them (words/).
 */
import type * as z from 'zod';
import { onClock } from './birth-date.js';
import { checkProblem } from './checks.js';
import { FIRST_YEAR } from './dates.js';
import type { Field, Params } from './field.js';
import type { Operation, ParamsOfOperation } from './operation.js';
import { composed, plainTextProblem } from './plain-text.js';
import { ruleProblem, type JsonType, type Problem } from './problems.js';

export type { Params };

/** The outcome of validating parameters: the parsed values (`P`, typed for a typed operation), or the problems. */
export type Validation<P = Params> =
  | { readonly ok: true; readonly value: P }
  | { readonly ok: false; readonly errors: readonly Problem[] };

export { briefly } from './brief.js';

/** The field a label names: `tipo_documento[1]` → `tipo_documento`. */
export function fieldOf(label: string): string {
  const bracket = label.indexOf('[');
  return bracket < 0 ? label : label.slice(0, bracket);
}

/** The plain-text rule, on every text value (and list element) of every parameter the operation has. */
function textErrors(op: Operation, raw: Params): Problem[] {
  const out: Problem[] = [];
  for (const name in op.params) {
    const value = raw[name];
    if (typeof value === 'string') {
      const problem = plainTextProblem(name, value);
      if (problem) out.push(problem);
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) {
        const problem = typeof v === 'string' ? plainTextProblem(`${name}[${i}]`, v) : undefined;
        if (problem) {
          out.push(problem);
          break;
        }
      }
    }
  }
  return out;
}

const JSON_TYPES = new Set<string>(['string', 'number', 'boolean', 'object', 'array', 'null']);

/** The problem codes the catalogue's schemas give as their error messages (rules.ts, confirmation.ts). */
const TOKENS = new Set<string>([
  'rule',
  'calendar',
  'future',
  'early',
  'group',
  'cpf-check',
  'list-empty',
  'list-long',
  'code-length',
  'base64-length',
  'integer',
]);

/** Whether a zod issue's message is one of the catalogue's problem codes (else zod's own words, or a schema's). */
export function isProblemToken(message: string): boolean {
  return TOKENS.has(message);
}

/**
 * The problem a zod issue at `field` (a label or a path) means. The catalogue's
 * schemas say it by its code (rules.ts); where only zod speaks (a record's
 * nested group, a union), the JSON type it expected, or `invalid`.
 */
export function issueProblem(issue: z.core.$ZodIssue, field: string, rule: Field['rule'] | undefined): Problem {
  switch (issue.message) {
    case 'rule':
      return rule ? ruleProblem(field, rule) : { code: 'invalid', field };
    case 'calendar':
      return { code: 'calendar', field, layout: rule?.code === 'date' ? rule.layout : 'DD/MM/YYYY' };
    case 'early':
      return { code: 'early', field, from: FIRST_YEAR };
    case 'future':
    case 'group':
    case 'cpf-check':
    case 'list-empty':
    case 'base64-length':
      return { code: issue.message, field };
    case 'list-long':
      return { code: 'list-long', field, most: rule?.code === 'codes' ? rule.most : 0 };
    case 'code-length':
      return { code: 'code-length', field, min: 1, max: rule?.code === 'codes' ? rule.each : 0 };
    case 'integer':
      return { code: 'type', field, want: 'integer' };
  }
  if (issue.code === 'invalid_type' && JSON_TYPES.has(issue.expected))
    return { code: 'type', field, want: issue.expected as JsonType };
  return { code: 'invalid', field };
}

/** Problems of the field rules, the operation's parameters first, then the names it does not have. */
function toProblems(
  op: Operation,
  raw: Params,
  issues: readonly z.core.$ZodIssue[],
  skip: ReadonlySet<string>,
): Problem[] {
  const out: Problem[] = [];
  const unknown: Problem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) unknown.push({ code: 'unknown', field: key, operation: op.name });
      continue;
    }
    const [head, ...rest] = issue.path;
    const name = String(head ?? '');
    if (skip.has(name)) continue;
    const field = op.params[name];
    const label = rest.length ? `${name}${rest.map((p) => `[${String(p)}]`).join('')}` : name;
    if (seen.has(label)) continue;
    seen.add(label);
    if (field && raw[name] === undefined) out.push({ code: 'required', field: name, rule: field.rule });
    else out.push(issueProblem(issue, label, field?.rule));
  }
  return unknown.length ? out.concat(unknown) : out;
}

export interface ValidateOptions {
  /** The clock of the rules that depend on the day (a birth date not in the future); the system clock by default. */
  readonly now?: () => Date;
}

/** The problems of the operation's rules across fields, on parameters that keep their field rules. */
function checkErrors(op: Operation, params: Params): Problem[] {
  const out: Problem[] = [];
  for (const check of op.checks ?? []) {
    const problem = checkProblem(check, params);
    if (problem) out.push(problem);
  }
  return out;
}

/** The value with its text in NFC (plain-text.ts), the same value when it has nothing to compose. */
function composedValue(value: unknown): unknown {
  if (typeof value === 'string') return composed(value);
  if (!Array.isArray(value)) return value;
  const list = value.map((v) => (typeof v === 'string' ? composed(v) : v));
  return list.some((v, i) => v !== value[i]) ? list : value;
}

/** The operation's parameters with their text in NFC: what is checked, sent and stored. */
function composedParams(op: Operation, raw: Params): Params {
  let out: Params | undefined;
  for (const name in op.params) {
    const value = raw[name];
    const c = composedValue(value);
    if (c === value) continue;
    out ??= { ...raw };
    out[name] = c;
  }
  return out ?? raw;
}

/**
 * Validates raw parameters (strings from flags or a query string, or JSON
 * values), their text taken in NFC: the plain-text rule first, then each
 * field's rule, then, when every field keeps its rules, the operation's rules
 * across fields. A field that breaks the plain-text rule is described by that
 * rule alone.
 */
export function validateParams<Op extends Operation>(
  op: Op,
  given: Params,
  options: ValidateOptions = {},
): Validation<ParamsOfOperation<Op>> {
  const raw = composedParams(op, given);
  const text = textErrors(op, raw);
  const result = onClock(options.now, () => op.paramSchema.safeParse(raw));
  if (result.success && text.length === 0) {
    const across = checkErrors(op, result.data as Params);
    return across.length ? { ok: false, errors: across } : { ok: true, value: result.data as ParamsOfOperation<Op> };
  }
  if (result.success) return { ok: false, errors: text };
  const named = new Set(text.map((e) => fieldOf(e.field)));
  return { ok: false, errors: text.concat(toProblems(op, raw, result.error.issues, named)) };
}
