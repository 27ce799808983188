/** Checking parameters against an operation's field rules, with errors that name the field and the rule. */
import type * as z from 'zod';
import type { Operation } from './operation.js';

export interface FieldError {
  /** Spec field name, e.g. `usuario_cartao`, or `tipo_documento[1]` for an element. */
  readonly field: string;
  /** What is wrong, e.g. `is required (17 digits)` or `must be 17 digits`. */
  readonly message: string;
}

export type Params = Record<string, unknown>;

export type Validation =
  | { readonly ok: true; readonly value: Params }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** One line naming every offending field and its rule. */
export function describeErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.field}: ${e.message}`).join('; ');
}

function toFieldErrors(op: Operation, raw: Params, issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: key, message: `is not a parameter of ${op.name}` });
      continue;
    }
    const [head, ...rest] = issue.path;
    const name = String(head ?? '');
    const field = op.params[name];
    const label = rest.length ? `${name}${rest.map((p) => `[${String(p)}]`).join('')}` : name;
    if (seen.has(label)) continue;
    seen.add(label);
    if (field && raw[name] === undefined) out.push({ field: name, message: `is required (${field.rule})` });
    else out.push({ field: label, message: issue.message });
  }
  return out;
}

/** Validates raw parameters (strings from flags or a query string, or JSON values). */
export function validateParams(op: Operation, raw: Params): Validation {
  const result = op.paramSchema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data as Params };
  return { ok: false, errors: toFieldErrors(op, raw, result.error.issues) };
}
