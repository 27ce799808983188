/**
 * Checking parameters against an operation's field rules, with errors that
 * name the field and the rule; the plain-text rule (plain-text.ts) on every
 * parameter first, the operation's rules across fields (checks.ts) last.
 * Messages stay short whatever was sent (limits.ts).
 */
import type * as z from 'zod';
import { onClock } from './birth-date.js';
import { checkProblem } from './checks.js';
import type { Operation, ParamsOfOperation } from './operation.js';
import { composed, plainTextProblem } from './plain-text.js';
import { ECHOED_NAME, MAX_DESCRIBED } from './limits.js';
import { maskPersonalNumbers } from './mask.js';

export interface FieldError {
  /** Spec field name, e.g. `usuario_cartao`, or `tipo_documento[1]` for an element; '' for the request as a whole. */
  readonly field: string;
  /** What is wrong, e.g. `is required (17 digits)` or `must be 17 digits`. */
  readonly message: string;
  /** The field is a name the client made up (not a parameter): messages repeat it only briefly. */
  readonly unknown?: boolean;
}

/** Parameters as they arrive, not yet checked (flags, a query string, a JSON body): any names, any values. */
import type { Params } from './field.js';

export type { Params };

/** The outcome of validating parameters: the parsed values (`P`, typed for a typed operation), or the errors. */
export type Validation<P = Params> =
  | { readonly ok: true; readonly value: P }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/**
 * A client's text (a made-up parameter name, a content type) as a message
 * may repeat it: its first ECHOED_NAME characters, card numbers and CPFs
 * masked, anything but printable ASCII as `?`, since it may be anything,
 * even personal data.
 */
export function briefly(text: string): string {
  const masked = maskPersonalNumbers(text.slice(0, 2 * ECHOED_NAME)).replace(/[^\x20-\x7e]/g, '?');
  return masked.length > ECHOED_NAME || text.length > 2 * ECHOED_NAME ? `${masked.slice(0, ECHOED_NAME)}…` : masked;
}

function describeOne(e: FieldError): string {
  if (e.unknown) return `${briefly(e.field)}: ${e.message}`;
  return e.field === '' ? e.message : `${e.field}: ${e.message}`;
}

/** One line naming the offending fields and their rules: the first MAX_DESCRIBED, then how many more. */
export function describeErrors(errors: readonly FieldError[]): string {
  const text = errors.slice(0, MAX_DESCRIBED).map(describeOne).join('; ');
  return errors.length > MAX_DESCRIBED ? `${text}; and ${errors.length - MAX_DESCRIBED} more` : text;
}

/** The field a label names: `tipo_documento[1]` → `tipo_documento`. */
function fieldOf(label: string): string {
  const bracket = label.indexOf('[');
  return bracket < 0 ? label : label.slice(0, bracket);
}

/** The plain-text rule, on every text value (and list element) of every parameter the operation has. */
function textErrors(op: Operation, raw: Params): FieldError[] {
  const out: FieldError[] = [];
  for (const name in op.params) {
    const value = raw[name];
    if (typeof value === 'string') {
      const problem = plainTextProblem(value);
      if (problem) out.push({ field: name, message: problem });
    } else if (Array.isArray(value)) {
      const i = value.findIndex((v) => typeof v === 'string' && plainTextProblem(v) !== undefined);
      if (i >= 0) out.push({ field: `${name}[${i}]`, message: plainTextProblem(value[i] as string)! });
    }
  }
  return out;
}

/** Errors of the field rules, the operation's parameters first, then the names it does not have. */
function toFieldErrors(
  op: Operation,
  raw: Params,
  issues: readonly z.core.$ZodIssue[],
  skip: ReadonlySet<string>,
): FieldError[] {
  const out: FieldError[] = [];
  const unknown: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        unknown.push({ field: key, message: `is not a parameter of ${op.name}`, unknown: true });
      continue;
    }
    const [head, ...rest] = issue.path;
    const name = String(head ?? '');
    if (skip.has(name)) continue;
    const field = op.params[name];
    const label = rest.length ? `${name}${rest.map((p) => `[${String(p)}]`).join('')}` : name;
    if (seen.has(label)) continue;
    seen.add(label);
    if (field && raw[name] === undefined) out.push({ field: name, message: `is required (${field.rule})` });
    else out.push({ field: label, message: issue.message });
  }
  return unknown.length ? out.concat(unknown) : out;
}

export interface ValidateOptions {
  /** The clock of the rules that depend on the day (a birth date not in the future); the system clock by default. */
  readonly now?: () => Date;
}

/** The problems of the operation's rules across fields, on parameters that keep their field rules. */
function checkErrors(op: Operation, params: Params): FieldError[] {
  const out: FieldError[] = [];
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
  return { ok: false, errors: text.concat(toFieldErrors(op, raw, result.error.issues, named)) };
}
