/**
 * fast-check arbitraries of values that keep a catalogue field rule, derived
 * from the rule's data (its bounds and layout), so that every field of every
 * operation gets one without a list of operations. A kind of rule not known
 * here fails loudly: a new kind of rule needs its arbitrary.
 *
 * The values are raw, as a person or a file gives them: ints as digit strings
 * (with leading zeros where the digit count allows) or JSON numbers, text of
 * any printable characters (accents, CJK, emoji, HTTP-significant signs),
 * boundary lengths often. Real calendar dates and CPF check digits are
 * computed here, independently of the catalogue's code.
 */
import fc from 'fast-check';
import type { Field, Rule } from '../../src/catalogue/index.js';

/** What an arbitrary needs besides the rule: today (`yyyy-mm-dd`), for rules that refuse the future. */
export interface RuleEnv {
  readonly today: string;
}

/** Characters text values are made of: one code point each (as zod counts characters), some of them two UTF-16 units. */
const TEXT_UNITS = [
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
  // Accents, NBSP, CJK, Hangul, emoji (two units each). Not the format characters (Cf: soft hyphen, zero-width and
  // bidi marks, BOM), the line separators nor the blank look-alikes: the plain-text rule refuses them
  // (src/catalogue/plain-text.ts).
  ...'\u00e3\u00e7\u00e9\u00c9\u00fc\u00f1\u00d4\u00a0\u20ac\u4e2d\ud55c'.split(''),
  '\u{1f600}',
  '\u{1d11e}',
];
const unit = fc.constantFrom(...TEXT_UNITS);

/** Text of `min` to `max` characters (code points), often exactly at a bound. */
export function textOf(min: number, max: number, chars: fc.Arbitrary<string> = unit): fc.Arbitrary<string> {
  const length = fc.oneof(fc.constant(max), fc.constant(min), fc.integer({ min, max }));
  return length.chain((n) => fc.array(chars, { minLength: n, maxLength: n }).map((parts) => parts.join('')));
}

const digit = fc.constantFrom(...'0123456789');
const nonZero = fc.constantFrom(...'123456789');
const digitsOf = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

/**
 * An integer of `min` to `max` digits (its value's digit count), given as a
 * digit string (leading zeros up to `max` characters) or, when a double holds
 * it, as a JSON number; the largest of each length often.
 */
export function intOf(min: number, max: number): fc.Arbitrary<string | number> {
  const count = fc.oneof(fc.constant(max), fc.constant(min), fc.integer({ min, max }));
  const value = count.chain((k) =>
    k === 1
      ? digit
      : fc.oneof(
          fc.constant('9'.repeat(k)),
          fc.tuple(nonZero, digitsOf(k - 1)).map(([h, t]) => h + t),
        ),
  );
  return value.chain((v) => {
    const forms: fc.Arbitrary<string | number>[] = [fc.constant(v)];
    if (v.length < max) forms.push(fc.integer({ min: 1, max: max - v.length }).map((z) => '0'.repeat(z) + v));
    if (Number.isSafeInteger(Number(v))) forms.push(fc.constant(Number(v)));
    return fc.oneof(...forms);
  });
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Days of month `m` (1–12) of year `y`, by the Gregorian rules (written here, not taken from the catalogue). */
function monthDays(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** A real calendar date from `from` to `to` (`yyyy-mm-dd`, inclusive), as [y, m, d], often at a bound. */
export function ymd(from: string, to: string): fc.Arbitrary<[number, number, number]> {
  const split = (s: string) => s.split('-').map(Number) as [number, number, number];
  const [y0] = split(from);
  const [y1] = split(to);
  const any = fc
    .tuple(fc.integer({ min: y0, max: y1 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([y, m, d]): [number, number, number] => [y, m, Math.min(d, monthDays(y, m))])
    .filter(([y, m, d]) => {
      const iso = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
      return iso >= from && iso <= to;
    });
  return fc.oneof(any, fc.constant(split(from)), fc.constant(split(to)));
}

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

/** The two CPF check digits of nine digits (modulus 11, weights 10…2 then 11…2). */
function cpfDigits(nine: string): string {
  const check = (d: string) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += Number(d[i]) * (d.length + 1 - i);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = check(nine);
  return `${first}${check(nine + first)}`;
}

const cpf = digitsOf(9)
  .filter((n) => !/^(\d)\1{8}$/.test(n))
  .map((n) => {
    const d = n + cpfDigits(n);
    return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  });

const alnumUnit = fc.constantFrom(...'ABCXYZabcxyz0123456789');
const localUnit = fc.constantFrom(...'abcz0189_+-ABZ');
const labelUnit = fc.constantFrom(...'abcz0189-');

/** An e-mail address (the common shape: letters, digits, `_+-` and dots inside; a dotted domain) of up to `max` characters. */
function emailOf(max: number): fc.Arbitrary<string> {
  const label = fc
    .tuple(fc.constantFrom(...'abcxyz019'), fc.array(labelUnit, { maxLength: 10 }))
    .map(([h, t]) => h + t.join(''));
  const domain = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('br', 'com', 'org', 'coop'))
    .map(([ls, tld]) => `${ls.join('.')}.${tld}`);
  const local = fc
    .array(fc.array(localUnit, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.map((p) => p.join('')).join('.'));
  return fc.tuple(local, domain, fc.boolean()).map(([l, d, longest]) => {
    const room = max - d.length - 1;
    const name = longest ? l.padEnd(room, 'a') : l;
    return `${name.slice(0, room)}@${d}`;
  });
}

/** A code of an open list: letters, digits or any printable character, 1 to `max` of them. */
const codeOf = (max: number) => fc.oneof(textOf(1, max, alnumUnit), textOf(1, max));

/** How each rule (its data: src/catalogue/problems.ts) maps to an arbitrary of values that keep it. */
const BY_RULE: {
  readonly [C in Rule['code']]?: (rule: Extract<Rule, { code: C }>, env: RuleEnv) => fc.Arbitrary<unknown>;
} = {
  text: ({ min, max }) => textOf(min, max),
  alnum: ({ min, max }) => textOf(min, max, alnumUnit),
  digits: ({ want }) => digitsOf(want),
  cep: ({ min, max }) => fc.integer({ min, max }).chain(digitsOf),
  int: ({ min, max }) => intOf(min, max),
  phone: () => fc.tuple(digitsOf(2), fc.constantFrom(8, 9).chain(digitsOf)).map(([a, n]) => `(${a})${n}`),
  email: ({ max }) => emailOf(max),
  // Every year the layouts write, 0000 to 9999 (years 0 to 99 are no 1900s), or from the rule's first year on.
  date: ({ layout, from }) => {
    const any = ymd(from === undefined ? '0000-01-01' : `${pad(from, 4)}-01-01`, '9999-12-31');
    if (layout === 'DD/MM/YYYY') return any.map(([y, m, d]) => `${pad(d)}/${pad(m)}/${pad(y, 4)}`);
    if (layout === 'yyyy-mm-dd') return any.map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);
    if (layout === 'yyyy-mm-dd hh:mi')
      return fc.tuple(any, time).map(([[y, m, d], t]) => `${pad(y, 4)}-${pad(m)}-${pad(d)} ${t}`);
    return fc.tuple(any, time).map(([[y, m, d], t]) => `${pad(y, 4)}-${pad(m)}-${pad(d)} ${t}:00`);
  },
  // A person born from 1900 on (docs/decisions.md).
  'birth-date': (_rule, env) => ymd('1900-01-01', env.today).map(([y, m, d]) => `${pad(d)}/${pad(m)}/${pad(y, 4)}`),
  cpf: () => cpf,
  codes: ({ each, most }) => fc.array(codeOf(each), { minLength: 1, maxLength: most }),
  base64: () => fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')),
};

/** An arbitrary of raw values that keep the field's rule; throws for a rule this table does not know. */
export function ruleArbitrary(name: string, field: Field, env: RuleEnv): fc.Arbitrary<unknown> {
  if (field.kind === 'choice' && field.choices) return fc.constantFrom(...field.choices);
  const make = BY_RULE[field.rule.code] as ((rule: Rule, env: RuleEnv) => fc.Arbitrary<unknown>) | undefined;
  if (make) return make(field.rule, env);
  throw new Error(
    `no arbitrary for the rule of ${name}: ${field.rule.code}; add one to test/helpers/rule-arbitraries.ts`,
  );
}
