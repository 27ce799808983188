/**
 * What a field rule is (FieldRule) and how one is made and varied: a rule is
 * declared as data (`rule`, `kind`), and its schema is built from that data
 * (schema-of.ts) on first use; a copy (`extend`) carries every other member,
 * and a copy that changes the data gets the schema of its own data. The spec's
 * rules themselves are in rules.ts.
 */
import type * as z from 'zod';
import type { DateLayout } from './dates.js';
import type { InputContext, InputForms } from './input-forms.js';
import type { Said } from './lang.js';
import type { Problem, Rule } from './problems.js';
import { type FieldKind, schemaOf } from './schema-of.js';

export { BROKEN, type FieldKind, type ProblemToken, says } from './schema-of.js';

/**
 * What personal data a field holds, for the CLI's `--mask` (src/cli/output/mask.ts): a card, a part of a card
 * that the masked card hides (its contract, beneficiary and dependent codes), a CPF, a phone, an e-mail.
 */
export type PersonalKind = 'card' | 'card-part' | 'cpf' | 'phone' | 'email';

/**
 * A field rule whose parsed value is a `T` (`string`, `number`, `string[]`,
 * a union of letters): the type travels with the rule, so the catalogue's
 * parameter and record types are inferred from it (types.ts).
 */
export interface FieldRule<T = unknown> {
  /** Validates a present value; the parsed output (a `T`) is what is sent or stored. Built from `rule` and `kind` (schema-of.ts). */
  readonly schema: z.ZodType<T>;
  /** What the rule requires, as data (problems.ts): help and error messages word it in their language. */
  readonly rule: Rule;
  /** A value that satisfies the rule. */
  readonly example: string;
  /** Values the rule must reject: one past each bound, and malformed ones (the tests' tables). */
  readonly invalid: readonly unknown[];
  readonly kind: FieldKind;
  /** Closed set of values, for prompts (select) and completion. */
  readonly choices?: readonly string[];
  /** The CLI's input normaliser (input-forms.ts): what a person typed → this field's wire value, else unchanged. */
  readonly accept?: (value: unknown, at: InputContext) => unknown;
  /** Examples of the input forms `accept` takes: help, docs, the tests' table. */
  readonly forms?: readonly string[];
  /** Documented codes of a code list the spec leaves open, with their meaning: prompts, completion, help. */
  readonly suggestions?: Readonly<Record<string, Said>>;
  /** A warning the CLI shows about a valid value (its parsed output) before sending it: a wrong check digit, an undocumented code. */
  readonly warn?: (field: string, value: unknown) => Problem | undefined;
  /** What the CLI understood of a normalised value that breaks the rule, added to its problem. */
  readonly understood?: (
    value: unknown,
  ) => { readonly got: number; readonly shown: string; readonly cpf?: boolean } | undefined;
  /** The spec's date layout of a date field (dates.ts): how a person's table writes it in their language. */
  readonly layout?: DateLayout;
  /** A wire value as people write it (input-forms.ts: a phone `(11) 98765-4321`), for tables and prompts; JSON and CSV keep the wire value. */
  readonly written?: (value: unknown) => string | undefined;
  /** The personal data the field holds: what `--mask` hides of its values. */
  readonly personal?: PersonalKind;
}

/** The members of a rule that a copy carries (all but the schema, which stays lazy). */
const RULE_KEYS = [
  'rule',
  'example',
  'invalid',
  'kind',
  'choices',
  'accept',
  'forms',
  'suggestions',
  'warn',
  'understood',
  'layout',
  'written',
  'personal',
];

/**
 * Gives `props` a `schema` property built on first use. Building zod schemas
 * is the larger part of loading the catalogue, and one command needs the
 * schemas of one operation only. The property is own and enumerable, so a
 * spread copy still carries it.
 */
function withSchema<P extends object, T>(props: P, make: () => z.ZodType<T>): P & { readonly schema: z.ZodType<T> } {
  return lazily(props, 'schema', make) as P & { readonly schema: z.ZodType<T> };
}

/** Gives `target` an own, enumerable property `name` whose value `make` builds on first read. */
export function lazily<T extends object>(target: T, name: string, make: () => unknown): T {
  let value: unknown;
  return Object.defineProperty(target, name, { get: () => (value ??= make()), enumerable: true });
}

/**
 * A copy of `base` with `props` added or changed, whose value type is `U`
 * (by default the base's). Its schema stays lazy: the base's, or, when `props`
 * changes the rule's data (`rule`, `kind`), the schema of the copy's own data.
 */
export function extend<T, P extends object, U = T>(
  base: FieldRule<T>,
  props: P,
): Omit<FieldRule<U>, keyof P | 'schema'> & P & { readonly schema: z.ZodType<U> } {
  const copied: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (Object.hasOwn(base, key)) copied[key] = base[key as keyof FieldRule<T>];
  const copy = { ...(copied as Omit<FieldRule<T>, 'schema'>), ...props };
  const own = 'rule' in props || 'kind' in props;
  return withSchema(copy, () => (own ? schemaOf(copy.rule, copy.kind) : base.schema) as unknown as z.ZodType<U>);
}

/** `base` with the input normaliser and forms of its field type, and any other CLI members (`warn`, `understood`). */
export function withInput<T>(
  base: FieldRule<T>,
  forms: InputForms,
  extra: Pick<FieldRule, 'warn' | 'understood'> = {},
): FieldRule<T> {
  return extend(base, { ...forms, ...extra });
}

/** `base` for a field holding personal data of `kind` (what `--mask` hides). */
export function holding<T>(kind: PersonalKind, base: FieldRule<T>): FieldRule<T> {
  return extend(base, { personal: kind });
}

/** `base` with another example value (a list of codes whose first code differs). */
export function withExample<T>(base: FieldRule<T>, example: string): FieldRule<T> {
  return extend(base, { example });
}

/** A rule of its own: what it requires (its schema is built from that, on first use), an example, values it refuses, its kind. */
export function rule<T = string>(
  what: Rule,
  example: string,
  invalid: readonly unknown[],
  kind: FieldKind = 'string',
  choices?: readonly string[],
): FieldRule<T> {
  const props = choices ? { rule: what, example, invalid, kind, choices } : { rule: what, example, invalid, kind };
  return withSchema(props, () => schemaOf(what, kind) as unknown as z.ZodType<T>);
}
