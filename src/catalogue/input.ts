/**
 * The CLI's side of the field rules: what people type made the wire value
 * (each field's `accept`, input-forms.ts), the warnings about valid values
 * (`warn`), and errors that say what was understood (`understood`). The
 * server calls none of this: it validates the wire format only.
 */
import type { Field, Params } from './field.js';
import type { InputContext } from './input-forms.js';
import type { Operation } from './operation.js';
import type { Problem } from './problems.js';

export { type InputContext, phoneAsWritten, wallClockInput } from './input-forms.js';

/** A field's value as typed, made its wire form (a list element by element); unchanged when the field has no normaliser. */
export function acceptValue(field: Field, value: unknown, at: InputContext): unknown {
  const { accept } = field;
  if (!accept || value === undefined || value === null) return value;
  return Array.isArray(value) ? value.map((v) => accept(v, at)) : accept(value, at);
}

/** The parameters with each present field's value normalised; the same object when nothing changed. */
export function normaliseParams(op: Operation, raw: Params, at: InputContext): Params {
  let out: Params | undefined;
  for (const name of Object.keys(raw)) {
    if (!Object.hasOwn(op.params, name)) continue;
    const value = acceptValue(op.params[name]!, raw[name], at);
    if (value === raw[name]) continue;
    out ??= { ...raw };
    out[name] = value;
  }
  return out ?? raw;
}

/** The warnings about validated parameters (`ParamsOf`): a card whose check digit does not match, undocumented codes. */
export function fieldWarnings(op: Operation, params: Params): Problem[] {
  const out: Problem[] = [];
  for (const [name, field] of Object.entries(op.params)) {
    const value = params[name];
    const warning = field.warn && value !== undefined ? field.warn(name, value) : undefined;
    if (warning) out.push(warning);
  }
  return out;
}

/** The problems of `validateParams(op, params)`, a broken rule adding what the CLI understood of the value when its rule says (`understood`). */
export function explainErrors(op: Operation, params: Params, errors: readonly Problem[]): Problem[] {
  return errors.map((e) => {
    if (e.code === 'required' || !Object.hasOwn(op.params, e.field) || e.code !== op.params[e.field]!.rule.code)
      return e;
    const field = op.params[e.field]!;
    const understood =
      field.understood && params[e.field] !== undefined ? field.understood(params[e.field]) : undefined;
    return understood ? { ...e, ...understood } : e;
  });
}
