/**
 * Field rules of the Beneficiary Services spec, each defined once.
 *
 * A rule is declared as data: what it requires (`rule`, problems.ts: each
 * language words it), an example, values it must reject and the kind of
 * value; its zod schema is built from that data (schema-of.ts), so that the
 * CLI help, the prompts, the server's error messages, the OpenAPI document
 * and the tests' tables all say the same thing.
 */
import { addressTypes, registrationStates, sexes, yesNo, type CodeTable } from './codes.js';
import { cpfValid } from './cpf.js';
import { FIRST_YEAR, type DateLayout } from './dates.js';
import { extend, type FieldRule, holding, rule, withExample, withInput } from './field-rule.js';
import * as dateInput from './date-input-forms.js';
import * as input from './input-forms.js';
import { MAX_LIST } from './limits.js';

export {
  BROKEN,
  extend,
  type FieldKind,
  type FieldRule,
  holding,
  lazily,
  type PersonalKind,
  rule,
  says,
  withExample,
  withInput,
} from './field-rule.js';
export { cpfCheckDigits, cpfValid } from './cpf.js';

/** Free text of at most `max` characters (and at least `min`). */
export function text(max: number, min = 0, example = 'text'): FieldRule<string> {
  const invalid: unknown[] = ['x'.repeat(max + 1), 12];
  if (min > 0) invalid.push('x'.repeat(min - 1));
  return rule({ code: 'text', min, max }, example.slice(0, max).padEnd(min, 'x'), invalid);
}

/** Letters and digits only, `min` to `max` of them. */
export function alnum(min: number, max: number, example: string): FieldRule<string> {
  return rule({ code: 'alnum', min, max }, example, ['A'.repeat(max + 1), 'AB-12', '']);
}

/** A string of exactly `n` digits (card numbers, plain CPFs). */
export function digits(n: number, example: string): FieldRule<string> {
  return rule({ code: 'digits', want: n }, example, ['1'.repeat(n + 1), '1'.repeat(n - 1), `${'1'.repeat(n - 1)}a`]);
}

/** Beneficiary card number `usuario_cartao`: 17 digits; the CLI warns when the check digit does not match. */
export const card = holding(
  'card',
  withInput(digits(17, '00010001000001005'), input.cardInput, {
    warn: input.cardCheckWarning,
    // A CPF typed where the card is wanted is named as a CPF.
    understood: (value) => {
      const read = input.understoodDigits(value);
      return read && cpfValid(read.shown) ? { ...read, cpf: true } : read;
    },
  }),
);

/** CEP as in section 4.1: digits only, 8 to 11 of them, no hyphen (docs/decisions.md, "Catalogue and wire format"). */
export const cep: FieldRule<string> = withInput(
  rule({ code: 'cep', min: 8, max: 11 }, '01310100', ['01310-100', '1234567', '123456789012']),
  input.cepInput,
);

/** Phone `(99)999999999`: two-digit area code in parentheses, then 8 or 9 digits. */
export const phone: FieldRule<string> = holding(
  'phone',
  withInput(
    rule({ code: 'phone' }, '(11)987654321', ['(11)9876543210', '(11)1234567', '11987654321', '(1)987654321']),
    input.phoneInput,
  ),
);

/** An e-mail address of at most `max` characters. */
export function email(max = 254): FieldRule<string> {
  return holding(
    'email',
    rule({ code: 'email', max }, 'ana.souza@example.com', ['ana.souza', 'ana@', `${'a'.repeat(max)}@example.com`]),
  );
}

/** One of a closed set of letters, with their meanings when given; its value type is their union (`'S' | 'N'`). */
export function oneOf<const V extends readonly [string, ...string[]]>(
  values: V,
  meanings?: CodeTable<V[number]>,
): FieldRule<V[number]> {
  return rule<V[number]>(
    meanings ? { code: 'choice', values, meanings } : { code: 'choice', values },
    values[0],
    ['X', values[0].toLowerCase() === values[0] ? 'Z' : values[0].toLowerCase()],
    'choice',
    values,
  );
}

export const flagSN = withInput(oneOf(['S', 'N'], yesNo), input.yesNoInput);
export const sexMF = withInput(oneOf(['M', 'F'], sexes), input.anyCase(['M', 'F'], ['M', 'F', 'm', 'f']));
export const addressRC = withInput(oneOf(['R', 'C'], addressTypes), input.anyCase(['R', 'C'], ['R', 'C', 'r', 'c']));
/** `situacao` of the registration record. */
export const stateEA = oneOf(['E', 'A'], registrationStates);

/** Digit counts whose integers a double holds exactly (the `int` rule parses these to numbers). */
type ExactDigits = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;

/** The parsed value of an `int` rule of up to `Max` digits: a number up to 15 digits, else a digit string. */
export type IntValue<Max extends number> = number extends Max
  ? number | string
  : Max extends ExactDigits
    ? number
    : string;

/**
 * An integer of `min` to `max` digits, given as a number, a digit string or,
 * past a double's exact range, a bigint (schema-of.ts). Up to 15 digits the
 * value is parsed to a number; longer ones (18-digit scheduling codes) stay
 * digit strings, because they do not fit a double. A number past
 * Number.MAX_SAFE_INTEGER is refused: it was rounded.
 */
export function int<const Max extends number>(min: number, max: Max, example?: string): FieldRule<IntValue<Max>> {
  const invalid: unknown[] = ['9'.repeat(max + 1), '12a', '-1', '1.5'];
  if (min > 1) invalid.push('9'.repeat(min - 1), `0${'9'.repeat(min - 1)}`);
  if (max <= 15) invalid.push(10 ** max);
  return rule<IntValue<Max>>(
    { code: 'int', min, max },
    example ?? String(10 ** Math.max(min - 1, 0) + 1).slice(0, max),
    invalid,
    'int',
  );
}

/** A phone as the enrolment area sends it: an int of the area code and the number, 10 or 11 digits. */
export const phoneNumber = holding('phone', withInput(int(10, 11, '11987654321'), input.phoneNumberInput));
/** The enrolment CEP, an int: written `01310100` to people, sent as 1310100 (docs/decisions.md). */
export const cepNumber = withInput(int(1, 10, '01310100'), input.cepNumberInput);
/** A state (UF) as a parameter: two characters, typed in any case (`sp` is sent `SP`). */
export const state = withInput(text(2, 2, 'SP'), input.stateInput);
/** The scheduling area code `nr_ddd_celular`. */
export const areaCode = withInput(int(2, 2, '11'), input.areaCodeInput);
/** The scheduling mobile number `nr_celular`, without the area code. */
export const localNumber = holding('phone', withInput(int(1, 9, '987654321'), input.localNumberInput));

/** A date of one of the spec's layouts (dates.ts), refused by its shape first, then when it is not a real date. */
function dated(layout: DateLayout, example: string, invalid: readonly unknown[]): FieldRule<string> {
  return extend(rule({ code: 'date', layout }, example, invalid), { layout });
}

/** A text of `layout` for 31 December 1899, the day before FIRST_YEAR: the value a floored rule must reject. */
const lastEarly: Readonly<Record<DateLayout, string>> = {
  'DD/MM/YYYY': '31/12/1899',
  'yyyy-mm-dd': '1899-12-31',
  'yyyy-mm-dd hh:mi': '1899-12-31 09:00',
  'Y-m-d H:i:s': '1899-12-31 09:00:00',
};

/**
 * `base`, a date rule, for a date a request carries: a real date from
 * FIRST_YEAR on (`early` otherwise). Records keep the plain rule: the client
 * takes what the spec allows in an answer.
 */
export function fromFirstYear<T extends FieldRule<string>>(base: T): T {
  if (base.rule.code !== 'date') throw new Error(`fromFirstYear: a ${base.rule.code} rule is no date`);
  const layout = base.rule.layout;
  const invalid = [...base.invalid, lastEarly[layout], lastEarly[layout].replace('1899', '0000')];
  return extend(base, { rule: { ...base.rule, from: FIRST_YEAR }, invalid }) as unknown as T;
}

/** `DD/MM/YYYY` (the spec's `d/m/Y` is the same layout). */
export const dateBR = withInput(
  dated('DD/MM/YYYY', '15/03/1985', ['31/02/2020', '1985-03-15', '5/3/1985']),
  dateInput.dateBRInput,
);
/** `yyyy-mm-dd`. */
export const dateISO = withInput(
  dated('yyyy-mm-dd', '2026-12-01', ['2026-02-30', '01/12/2026', '2026-12-1']),
  dateInput.dateISOInput,
);
/** `yyyy-mm-dd hh:mi`. */
export const dateTime = withInput(
  dated('yyyy-mm-dd hh:mi', '2026-12-01 09:00', ['2026-12-01 24:00', '2026-12-01', '2026-02-30 09:00']),
  dateInput.dateTimeInput,
);
/** The end of a slot, `yyyy-mm-dd hh:mi`: its example and forms later on the same day as dateTime's. */
export const dateTimeEnd = withInput(withExample(dateTime, '2026-12-01 09:30'), dateInput.dateTimeEndInput);
/** `Y-m-d H:i:s`. */
export const dateTimeSec = dated('Y-m-d H:i:s', '2026-12-01 00:00:00', ['2026-12-01 00:00', '2026-13-01 00:00:00']);
/** `hh:mi`. */
export const time: FieldRule<string> = rule({ code: 'time' }, '09:30', ['9:30', '24:00', '09:60']);

/** CPF written `999.999.999-99`, with valid check digits. */
export const cpfMasked: FieldRule<string> = holding(
  'cpf',
  withInput(
    rule({ code: 'cpf' }, '529.982.247-25', ['529.982.247-26', '52998224725', '111.111.111-11']),
    input.cpfInput,
  ),
);

/** CPF as 11 digits (registration record), written `529.982.247-25` to people. */
export const cpfDigits: FieldRule<string> = holding(
  'cpf',
  extend(digits(11, '52998224725'), { written: input.cpfAsWritten }),
);

/** A non-empty list of at most MAX_LIST codes of at most 3 characters each. */
export const codes: FieldRule<string[]> = rule(
  { code: 'codes', each: 3, most: MAX_LIST },
  'RG',
  [['ABCD'], [], [''], Array.from({ length: MAX_LIST + 1 }, () => 'RG')],
  'array',
);

/** Base64 of a binary file. */
export const base64: FieldRule<string> = rule({ code: 'base64' }, 'JVBERi0xLjQK', ['not base64!', 'abc']);

/** "true" or "false" as text (notification results). */
export const boolText = oneOf(['true', 'false']);
