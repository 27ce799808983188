/**
 * A rule's zod schema, built from its data: what the rule requires (`Rule`,
 * problems.ts, which the help, the prompts, the OpenAPI document and the
 * problems word) and the kind of its value (`int`: a code list of digits
 * parses to a number). A rule is declared once, as data; its schema cannot say
 * something else. A schema's error messages are problem codes (`rule`,
 * `calendar`, `cpf-check` …), never sentences: validate.ts makes them
 * problems of the field.
 */
import * as z from 'zod';
import { cpfValid } from './cpf.js';
import { FIRST_YEAR, fromBR, layoutPattern, parseDate, TIME_PATTERN, today, type DateLayout } from './dates.js';
import type { OtherProblem, Rule } from './problems.js';
import { runningClock } from './validation-clock.js';

/** The kind of a field's value: text, an integer, a list, one of a closed set. */
export type FieldKind = 'string' | 'int' | 'array' | 'choice';

/** A schema's error message: the code of the problem (`rule`: the value breaks the field's rule). */
export type ProblemToken =
  | 'rule'
  | Exclude<OtherProblem['code'], 'required' | 'unknown' | 'at-least-one' | 'later-same-day'>;
export const says = (code: ProblemToken) => ({ error: code });
export const BROKEN = says('rule');

/** The schema of a value that satisfies `rule`; `kind` is the kind of the field's value (field-rule.ts). */
export function schemaOf(rule: Rule, kind: FieldKind = 'string'): z.ZodType {
  switch (rule.code) {
    case 'text': {
      const s = z.string(BROKEN).max(rule.max, BROKEN);
      return rule.min > 0 ? s.min(rule.min, BROKEN) : s;
    }
    case 'alnum':
      return z.string(BROKEN).regex(new RegExp(`^[A-Za-z0-9]{${rule.min},${rule.max}}$`), BROKEN);
    case 'digits':
      return z.string(BROKEN).regex(new RegExp(`^\\d{${rule.want}}$`), BROKEN);
    case 'cep':
      return z.string(BROKEN).regex(new RegExp(`^\\d{${rule.min},${rule.max}}$`), BROKEN);
    case 'phone':
      return z.string(BROKEN).regex(/^\(\d{2}\)\d{8,9}$/, BROKEN);
    case 'email':
      return z.string(BROKEN).max(rule.max, BROKEN).pipe(z.email(BROKEN));
    case 'choice':
      return kind === 'int' ? intChoice(rule.values) : z.enum(rule.values as [string, ...string[]], BROKEN);
    case 'int':
      return int(rule.min, rule.max);
    case 'date':
      return rule.from === undefined ? dated(rule.layout) : from(dated(rule.layout), rule.layout, rule.from);
    case 'birth-date':
      return from(dated('DD/MM/YYYY'), 'DD/MM/YYYY', FIRST_YEAR).refine(
        (s) => fromBR(s) <= today(runningClock()),
        says('future'),
      );
    case 'time':
      return z.string(BROKEN).regex(TIME_PATTERN, BROKEN);
    case 'cpf':
      return z
        .string(BROKEN)
        .regex(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/, BROKEN)
        .refine((s) => cpfValid(s.replace(/\D/g, '')), says('cpf-check'));
    case 'codes': {
      const each = says('code-length');
      return z
        .array(z.string(each).min(1, each).max(rule.each, each), BROKEN)
        .min(1, says('list-empty'))
        .max(rule.most, says('list-long'));
    }
    case 'base64':
      return z
        .string(BROKEN)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, BROKEN)
        .refine((s) => s.length % 4 === 0, says('base64-length'));
    case 'or-empty':
      return z.union([z.literal(''), schemaOf(rule.rule, kind)], BROKEN);
  }
}

/** A date of `layout`, refused by its shape first, then when it is not a real date. */
function dated(layout: DateLayout): z.ZodString {
  // `abort`: a value of the wrong layout is not also checked as a calendar date.
  return z
    .string(BROKEN)
    .regex(layoutPattern(layout), { ...BROKEN, abort: true })
    .refine((s) => parseDate(s, layout) !== undefined, says('calendar'));
}

/** `date` from the year `year` on (`early` otherwise): a date a request carries. */
function from(date: z.ZodString, layout: DateLayout, year: number): z.ZodString {
  return date.refine((s) => (parseDate(s, layout)?.y ?? year) >= year, says('early'));
}

/**
 * An integer past a double's exact range, of up to `max` digits: how exact-json.ts
 * reads such a value. In JSON Schema (the OpenAPI and fixtures documents) it is
 * an integer of 2^53 up to 10^max exclusive: bounds a JSON number writes exactly.
 */
function beyondDouble(max: number): z.ZodType<bigint> {
  return z
    .bigint(BROKEN)
    .min(BigInt(Number.MAX_SAFE_INTEGER) + 1n, BROKEN)
    .max(10n ** BigInt(max) - 1n, BROKEN)
    .meta({ type: 'integer', minimum: Number.MAX_SAFE_INTEGER + 1, exclusiveMaximum: 10 ** max });
}

/**
 * An integer of `min` to `max` digits, given as a number, a digit string or,
 * past a double's exact range, a bigint (beyondDouble). Up to 15 digits the
 * value is parsed to a number; longer ones (18-digit scheduling codes) stay
 * digit strings, because they do not fit a double. A number past
 * Number.MAX_SAFE_INTEGER is refused: it was rounded.
 */
function int(min: number, max: number): z.ZodType<number | string> {
  const re = new RegExp(`^\\d{${min},${max}}$`);
  // Leading zeros do not count: "0011987654" is an integer of 8 digits, and travels as 11987654.
  const counted = (s: string) => s.replace(/^0+(?=\d)/, '').length >= min;
  const low = min > 1 ? 10 ** (min - 1) : 0;
  const high = max <= 15 ? 10 ** max - 1 : Number.MAX_SAFE_INTEGER;
  const asNumber = z.number(BROKEN).int(BROKEN).min(low, BROKEN).max(high, BROKEN);
  const asText = z.string(BROKEN).regex(re, BROKEN).refine(counted, BROKEN);
  if (max <= 15) return z.union([asNumber, asText], BROKEN).transform((v) => Number(v));
  return z.union([asNumber, beyondDouble(max), asText], BROKEN).transform((v) => String(v).replace(/^0+(?=\d)/, ''));
}

/** A code of a closed list of integers (section 7's confirmation codes): an int of their digits, one of them. */
function intChoice(values: readonly string[]): z.ZodType {
  const digits = Math.max(...values.map((v) => v.length));
  return int(1, digits).refine((v) => values.includes(String(v)), BROKEN);
}
