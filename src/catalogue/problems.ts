/**
 * Rules and problems as data. A field rule says what it requires as a `Rule`
 * (`{ code: 'digits', want: 17 }`), never as a sentence; validation, the
 * response checks and the CLI's warnings say what is wrong as a `Problem`
 * (`{ code: 'digits', field: 'usuario_cartao', want: 17, got: 3, shown:
 * '123' }`). Each language renders both (words/en.ts, words/pt.ts), and their
 * renderers are typed by these unions: a new code without a rendering in both
 * languages does not compile.
 */
import type { DateLayout } from './dates.js';
import type { Said } from './lang.js';

/** What a field's value must be. */
export type Rule =
  /** Free text of `min` to `max` characters (`min` 0: up to `max`). */
  | { readonly code: 'text'; readonly min: number; readonly max: number }
  /** Letters and digits only, `min` to `max` of them. */
  | { readonly code: 'alnum'; readonly min: number; readonly max: number }
  /** Exactly `want` digits (cards, plain CPFs). */
  | { readonly code: 'digits'; readonly want: number }
  /** A CEP of section 4.1: `min` to `max` digits, no hyphen. */
  | { readonly code: 'cep'; readonly min: number; readonly max: number }
  /** A phone `(99)999999999`. */
  | { readonly code: 'phone' }
  /** An e-mail address of up to `max` characters. */
  | { readonly code: 'email'; readonly max: number }
  /** One of `values`, with the meaning of each when the catalogue gives it. */
  | {
      readonly code: 'choice';
      readonly values: readonly string[];
      readonly meanings?: Readonly<Record<string, Said>>;
    }
  /** An integer of `min` to `max` digits. */
  | { readonly code: 'int'; readonly min: number; readonly max: number }
  /** A date (and time) of one of the spec's layouts; in a request, from the year `from` on (dates.ts FIRST_YEAR). */
  | { readonly code: 'date'; readonly layout: DateLayout; readonly from?: number }
  /** A date of birth `DD/MM/YYYY` from 1900 on (dates.ts FIRST_YEAR), not in the future. */
  | { readonly code: 'birth-date' }
  /** A time `hh:mi`. */
  | { readonly code: 'time' }
  /** A CPF `999.999.999-99` with valid check digits. */
  | { readonly code: 'cpf' }
  /** A list of at most `most` codes of up to `each` characters. */
  | { readonly code: 'codes'; readonly each: number; readonly most: number }
  /** Base64 of a file. */
  | { readonly code: 'base64' }
  /** `rule`, or the empty string (response fields the service may leave blank). */
  | { readonly code: 'or-empty'; readonly rule: Rule };

export type RuleCode = Rule['code'];

/**
 * What the CLI understood of a value that breaks its rule: its digits,
 * counted and shown as typed (the typist's own input: `--mask` masks it with
 * every message), and whether they are a CPF (11 digits with valid check
 * digits) given where a card is wanted.
 */
export interface Understood {
  readonly got?: number;
  readonly shown?: string;
  readonly cpf?: boolean;
}

/** A value breaks its field's rule: the rule itself, and what was understood of the value. */
export type RuleProblem = Rule & Understood & { readonly field: string };

/** How a value's JSON type is named in a problem (`integer`: a number or digits without a fraction, as a code is read). */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null' | 'other';

/** The problems besides a broken rule. `field` is a spec name, `name[1]` for a list element, a path in an answer, or '' for the request. */
export type OtherProblem =
  /** A required field is absent; `rule` is what it must be. */
  | { readonly code: 'required'; readonly field: string; readonly rule: Rule }
  /** A date of the right layout that the calendar does not have (31/02). */
  | { readonly code: 'calendar'; readonly field: string; readonly layout: DateLayout }
  /** A date of birth in the future. */
  | { readonly code: 'future'; readonly field: string }
  /** A date of a person, an appointment or a contract before the year `from` (dates.ts FIRST_YEAR): a typing slip. */
  | { readonly code: 'early'; readonly field: string; readonly from: number }
  /** A CPF written right whose check digits are wrong. */
  | { readonly code: 'cpf-check'; readonly field: string }
  /** A list with no element. */
  | { readonly code: 'list-empty'; readonly field: string }
  /** A list of more than `most` elements. */
  | { readonly code: 'list-long'; readonly field: string; readonly most: number }
  /** A list element (a code) of the wrong length. */
  | { readonly code: 'code-length'; readonly field: string; readonly min: number; readonly max: number }
  /** Base64 whose length is not a multiple of 4. */
  | { readonly code: 'base64-length'; readonly field: string }
  /** A record's nested group that is neither an object nor a list of objects. */
  | { readonly code: 'group'; readonly field: string }
  /** A value of another JSON type than the one expected (a record's group, an answer's shape). */
  | { readonly code: 'type'; readonly field: string; readonly want: JsonType }
  /** A value that matches none of the forms a field allows, where no rule says more. */
  | { readonly code: 'invalid'; readonly field: string }
  /** A control character in a text (`char` as U+XXXX, `at` counted in characters from 1). */
  | { readonly code: 'control'; readonly field: string; readonly char: string; readonly at: number }
  /** A byte that is not UTF-8 (`byte` as 0xXX). */
  | { readonly code: 'utf8'; readonly field: string; readonly byte: string; readonly at: number }
  /** A lone surrogate (`char` as U+XXXX). */
  | { readonly code: 'surrogate'; readonly field: string; readonly char: string; readonly at: number }
  /** A line or paragraph separator (U+2028, U+2029) in a one-line text (`char` as U+XXXX). */
  | { readonly code: 'line'; readonly field: string; readonly char: string; readonly at: number }
  /** A character that shows as nothing or as a blank, private-use or a noncharacter (plain-text.ts; `char` as U+XXXX). */
  | { readonly code: 'invisible'; readonly field: string; readonly char: string; readonly at: number }
  /** An invisible format character (Unicode category Cf: a zero-width space, a BOM, a soft hyphen; `char` as U+XXXX). */
  | { readonly code: 'format'; readonly field: string; readonly char: string; readonly at: number }
  /** A name that is not a parameter of `operation` (the name is the client's text: shown briefly, validate.ts). */
  | { readonly code: 'unknown'; readonly field: string; readonly operation: string }
  /** The end of a slot not later than `start`, on the same day. */
  | { readonly code: 'later-same-day'; readonly field: string; readonly start: string }
  /** None of `names` given, which the request needs for `why`. */
  | { readonly code: 'at-least-one'; readonly field: ''; readonly why: Said; readonly names: readonly string[] }
  /** More values than a request may carry (limits.ts). */
  | { readonly code: 'too-many'; readonly field: ''; readonly most: number }
  /** A warning: a card whose last digit is not the check digit `want` of its first 16 (it ends in `got`). */
  | { readonly code: 'check-digit'; readonly field: string; readonly want: number; readonly got: number }
  /** A warning: codes of an open list that the catalogue does not document; `known` lists those it does. */
  | {
      readonly code: 'undocumented';
      readonly field: string;
      readonly codes: readonly string[];
      readonly known: Readonly<Record<string, Said>>;
    };

/** Something wrong with a value, or with a request as a whole. */
export type Problem = RuleProblem | OtherProblem;
export type ProblemCode = Problem['code'];

/** The problem of a field whose value breaks `rule`. */
export function ruleProblem(field: string, rule: Rule, understood: Understood = {}): RuleProblem {
  return { ...rule, ...understood, field };
}

/** What an answer carried where a rule expected something else: its type and a bounded excerpt (received.ts). */
export type Received =
  | { readonly type: 'absent' }
  | { readonly type: 'null' }
  | { readonly type: 'array'; readonly length: number }
  | { readonly type: 'string'; readonly chars: number; readonly excerpt: string }
  | { readonly type: 'number'; readonly excerpt: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'object'; readonly keys: number };

/** Why an answer's body does not have the documented shape. */
export type ShapeFault =
  /** The body is not an array of records (or one record where the operation allows it). */
  | { readonly code: 'not-records'; readonly got: JsonType }
  /** Record `record` breaks a rule at `problem.field` (a path such as `endereco.1.cep`); `received` is what was there. */
  | { readonly code: 'record'; readonly record: number; readonly problem: Problem; readonly received: Received };
