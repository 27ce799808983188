/** The catalogue's data in English (types.ts): the server's default language and the OpenAPI document's. */
import type { Check } from '../checks.js';
import { type DateLayout, FIRST_YEAR } from '../dates.js';
import type { JsonType, Problem, Received, Rule, RuleProblem, ShapeFault } from '../problems.js';
import type { CatalogueWords, ProblemRenderings, RuleRenderings } from './types.js';
import { counted as countedIn, plural } from './numbers.js';

const counted = (n: number, one: string, other = `${one}s`) => countedIn('en', n, one, other);

/** `a, b or c`. */
export const either = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');

const dated = (layout: DateLayout) => (layout.includes(' ') ? `a date and time ${layout}` : `a date ${layout}`);

const rules: RuleRenderings<string> = {
  text: ({ min, max }) =>
    min === 0 ? `up to ${max} characters` : min === max ? counted(max, 'character') : `${min} to ${max} characters`,
  alnum: ({ min, max }) => `alphanumeric, ${min} to ${max} characters`,
  digits: ({ want }) => counted(want, 'digit'),
  cep: ({ min, max }) => `${min} to ${max} digits`,
  phone: () => '(99) area code then 8 or 9 digits',
  email: ({ max }) => `an e-mail address of up to ${max} characters`,
  choice: ({ values, meanings }) => {
    const list = either(values);
    if (!meanings) return list;
    return `${list} (${values.map((v) => `${v} = ${meanings[v]?.en ?? '?'}`).join(', ')})`;
  },
  int: ({ min, max }) =>
    min === max
      ? `an integer of ${counted(min, 'digit')}`
      : min <= 1
        ? `an integer of up to ${max} digits`
        : `an integer of ${min} to ${max} digits`,
  date: ({ layout, from }) => (from === undefined ? dated(layout) : `${dated(layout)} from ${from} on`),
  'birth-date': () => `a date DD/MM/YYYY from ${FIRST_YEAR} on, not in the future`,
  time: () => 'a time hh:mi',
  cpf: () => 'a CPF 999.999.999-99 with valid check digits',
  codes: ({ each, most }) => `a list of codes of up to ${each} characters, at most ${most} of them`,
  base64: () => 'base64 of the file',
  'or-empty': ({ rule }) => `${rule_(rule)}, or empty`,
};

function rule_(rule: Rule): string {
  return (rules[rule.code] as (r: Rule) => string)(rule);
}

const types: Readonly<Record<JsonType, string>> = {
  string: 'text',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
  other: 'another value',
};

const problems: ProblemRenderings = {
  required: ({ rule }) => `is required (${rule_(rule)})`,
  calendar: ({ layout }) => `must be a real calendar date (${layout})`,
  future: () => 'must be a date of birth, not in the future',
  early: ({ from }) => `must be a date from the year ${from} on`,
  'cpf-check': () => 'must be a CPF with valid check digits',
  'list-empty': () => 'must be a list of at least one code',
  'list-long': ({ most }) => `must be a list of at most ${most} codes`,
  'code-length': ({ min, max }) => `must be a code of ${min} to ${max} characters`,
  'base64-length': () => 'must be base64 text (length a multiple of 4)',
  group: () => 'must be an object or an array of objects',
  type: ({ want }) => `must be ${types[want]}`,
  invalid: () => 'is not valid',
  control: ({ char, at }) => `must not contain control characters (found ${char} at position ${at})`,
  utf8: ({ byte, at }) => `is not valid UTF-8 (byte ${byte} at position ${at})`,
  surrogate: ({ char, at }) => `is not valid Unicode (lone surrogate ${char} at position ${at})`,
  format: ({ char, at }) => `must not contain invisible format characters (found ${char} at position ${at})`,
  line: ({ char, at }) => `must be one line, without a line or paragraph separator (found ${char} at position ${at})`,
  invisible: ({ char, at }) =>
    `must not contain characters that show as nothing or a blank, private-use characters or noncharacters (found ${char} at position ${at})`,
  unknown: ({ operation }) => `is not a parameter of ${operation}`,
  'later-same-day': ({ start }) => `must be later than ${start}, on the same day`,
  'at-least-one': ({ why, names }) => `${why.en}: give ${either(names)}`,
  'too-many': ({ most }) =>
    `too many parameters: a request carries at most ${most} values (name=value pairs, JSON members and list elements, query and body together)`,
  'check-digit': ({ want, got }) =>
    `the check digit does not match: the first 16 digits give ${want}, the number ends in ${got} (check it)`,
  undocumented: ({ codes, known }) => {
    const listing = Object.entries(known)
      .map(([code, meaning]) => `${code} ${meaning.en}`)
      .join(', ');
    return `${codes.join(', ')} ${plural('en', codes.length, { one: 'is not a documented code', other: 'are not documented codes' })} (${listing})`;
  },
};

function problem(p: Problem): string {
  if (Object.hasOwn(rules, p.code)) {
    const broken = p as RuleProblem;
    const said = `must be ${rule_(broken)}`;
    return broken.got === undefined
      ? said
      : `${said}; understood ${counted(broken.got, 'digit')} "${broken.shown ?? ''}"${broken.cpf ? ', which is a CPF, not a card number' : ''}`;
  }
  return (problems[p.code as keyof ProblemRenderings] as (p: Problem) => string)(p);
}

function received(r: Received): string {
  switch (r.type) {
    case 'absent':
      return 'nothing (the field is absent)';
    case 'null':
      return 'null';
    case 'array':
      return `an array of ${counted(r.length, 'element')}`;
    case 'string':
      return `a string of ${counted(r.chars, 'character')} (${r.excerpt})`;
    case 'number':
      return `a number (${r.excerpt})`;
    case 'boolean':
      return `a boolean (${r.value})`;
    case 'object':
      return `an object with ${counted(r.keys, 'key')}`;
  }
}

function shape(f: ShapeFault): string {
  if (f.code === 'not-records') return `expected a JSON array of records, got ${f.got}`;
  const where = `record ${f.record}${f.problem.field ? ` field ${f.problem.field}` : ''}`;
  return `${where}: ${problem(f.problem)}; received ${received(f.received)}`;
}

function check(c: Check): string {
  if (c.kind === 'later-same-day') return `${c.end} is later than ${c.start}, on the same day`;
  return `at least one of ${c.names.join(', ')} is given (${c.why.en})`;
}

export const en: CatalogueWords = {
  lang: 'en',
  rule: rule_,
  problem,
  received,
  shape,
  check,
  more: (n) => `and ${n} more`,
};
