/** A parameter or response field: a rule plus whether it is required and its help text. */
import { extend, type FieldRule } from './rules.js';

export interface Field extends FieldRule {
  readonly required: boolean;
  /** Help text from the spec. */
  readonly help: string;
  /** Value the CLI sends when the flag is absent (GUIDE §3). */
  readonly cliDefault?: string;
}

export type Fields = Readonly<Record<string, Field>>;

export function req(r: FieldRule, help: string, extra: { cliDefault?: string } = {}): Field {
  return extend(r, { required: true, help, ...extra });
}

export function opt(r: FieldRule, help: string, extra: { cliDefault?: string } = {}): Field {
  return extend(r, { required: false, help, ...extra });
}
