/**
 * A parameter or response field: a rule plus whether it is required and its
 * help text. `T` is the parsed value's type, `R` whether it is required: the
 * catalogue's parameter and record types are inferred from both (types.ts).
 */
import { extend, type FieldRule } from './rules.js';

export interface Field<T = unknown, R extends boolean = boolean> extends FieldRule<T> {
  readonly required: R;
  /** Help text from the spec. */
  readonly help: string;
  /** Value the CLI sends when the flag is absent (GUIDE §3). */
  readonly cliDefault?: string;
}

export type Fields = Readonly<Record<string, Field>>;

/** Parameters as received, before validation: field names to raw values. */
export type Params = Record<string, unknown>;

/** A response record as received, before it is checked against its shape. */
export type Row = Record<string, unknown>;

/** A field required (`true`) or optional (`false`) as `required` says, keeping its value type. */
export function field<T, const R extends boolean>(
  required: R,
  r: FieldRule<T>,
  help: string,
  extra: { cliDefault?: string } = {},
): Field<T, R> {
  return extend(r, { required, help, ...extra });
}

export function req<T>(r: FieldRule<T>, help: string, extra: { cliDefault?: string } = {}): Field<T, true> {
  return field(true, r, help, extra);
}

export function opt<T>(r: FieldRule<T>, help: string, extra: { cliDefault?: string } = {}): Field<T, false> {
  return field(false, r, help, extra);
}
