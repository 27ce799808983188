/**
 * A parameter or response field: a rule, whether it is required, and its
 * words for people in both languages (its help, label and question). `T` is
 * the parsed value's type, `R` whether it is required: the catalogue's
 * parameter and record types are inferred from both (types.ts).
 */
import { capitalised, type Said } from './lang.js';
import { extend, type FieldRule } from './rules.js';

/** A field's words, in each language. */
export interface FieldWords {
  /** What the field is, in a phrase (`beneficiary's card number`): its flag's help; in English, its OpenAPI description. */
  readonly help: Said;
  /** A short name (`Card`): a table's header, a line of a review. */
  readonly label: Said;
  /** What a prompt asks (`Beneficiary's card number`). */
  readonly question: Said;
  /** An example in each language, for a text field whose rule's example is words of one (a notification's content). */
  readonly example?: Said;
}

export interface Field<T = unknown, R extends boolean = boolean> extends FieldRule<T> {
  readonly required: R;
  readonly words: FieldWords;
  /** Value the CLI sends when the flag is absent (docs/commands.md). */
  readonly cliDefault?: string;
}

export type Fields = Readonly<Record<string, Field>>;

/** Parameters as received, before validation: field names to raw values. */
export type Params = Record<string, unknown>;

/** A response record as received, before it is checked against its shape. */
export type Row = Record<string, unknown>;

/** What a declaration may add to a field's help: its label and question when they are not the help capitalised, an example in words, a CLI default. */
export interface FieldExtra {
  readonly label?: Said;
  readonly question?: Said;
  readonly example?: Said;
  readonly cliDefault?: string;
}

const upper = (s: Said): Said => ({ en: capitalised(s.en), 'pt-BR': capitalised(s['pt-BR']) });

/** The words of a field from its help and what the declaration adds. */
export function fieldWords(help: Said, extra: FieldExtra = {}): FieldWords {
  const capital = upper(help);
  const words = { help, label: extra.label ?? capital, question: extra.question ?? capital };
  return extra.example ? { ...words, example: extra.example } : words;
}

/** A field required (`true`) or optional (`false`) as `required` says, keeping its value type. */
export function field<T, const R extends boolean>(
  required: R,
  r: FieldRule<T>,
  help: Said,
  extra: FieldExtra = {},
): Field<T, R> {
  const words = fieldWords(help, extra);
  return extend(
    r,
    extra.cliDefault === undefined ? { required, words } : { required, words, cliDefault: extra.cliDefault },
  );
}

export function req<T>(r: FieldRule<T>, help: Said, extra: FieldExtra = {}): Field<T, true> {
  return field(true, r, help, extra);
}

export function opt<T>(r: FieldRule<T>, help: Said, extra: FieldExtra = {}): Field<T, false> {
  return field(false, r, help, extra);
}
