/**
 * What people type, turned into what the wire wants: one input normaliser per
 * field type, with examples of the forms it takes. The CLI applies them
 * (input.ts) to flags, `--data`, prompts and batch rows; the server never does,
 * so it keeps validating the spec's wire format only.
 *
 * A normaliser recognises a few exact shapes and rewrites only those; anything
 * else is returned unchanged, so that the field's rule names the problem.
 * None of them guesses: a value with two readings stays as typed.
 */
import { cardCheckDigit } from './card.js';
import type { Problem } from './problems.js';

/** What a normaliser may need besides the value: the day that `hoje` names. */
export interface InputContext {
  readonly today: Date;
}

/** The context of the wall clock (today is read when asked). */
export const wallClockInput: InputContext = {
  get today() {
    return new Date();
  },
};

/** A field type's normaliser, and examples of what it accepts (each with its wire value in the tests). */
export interface InputForms {
  readonly accept: (value: unknown, at: InputContext) => unknown;
  readonly forms: readonly string[];
  /** The other way: a wire value as people write it (one of `forms`), for what people read; undefined to show it as it is. */
  readonly written?: (value: unknown) => string | undefined;
}

/** Text as compared: trimmed, composed (`ã` typed as `a` + U+0303 is `ã`), lower case. */
export const folded = (value: string): string => value.trim().normalize('NFC').toLowerCase();

/** Digits in groups separated by one space, dot or hyphen (`0001 0001 000001 00 5`): the digits; else undefined. */
function groupedDigits(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return /^\d+(?:(?:\s*[.-]\s*|\s+)\d+)*$/.test(text) ? text.replace(/\D/g, '') : undefined;
}

/** Card numbers: the digits of `0001 0001 000001 00 5`, `0001.0001.000001.00-5`. */
export const cardInput: InputForms = {
  accept: (value) => groupedDigits(value) ?? value,
  forms: ['00010001000001005', '0001 0001 000001 00 5', '0001.0001.000001.00-5', '0001-0001-000001-00-5'],
};

/** The warning about a 17-digit card whose last digit is not its check digit (the card itself is not repeated). */
export function cardCheckWarning(field: string, value: unknown): Problem | undefined {
  if (typeof value !== 'string' || !/^\d{17}$/.test(value)) return undefined;
  const want = cardCheckDigit(value.slice(0, 16));
  const got = Number(value[16]);
  return want === got ? undefined : { code: 'check-digit', field, want, got };
}

/**
 * What the CLI read of a digit string that breaks its rule: how many digits,
 * and the digits as typed, so that the typist sees the one missing (their own
 * input; a run with `--mask` masks it as it masks every message).
 */
export function understoodDigits(value: unknown): { readonly got: number; readonly shown: string } | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return { got: value.length, shown: value };
}

/** A CEP of 8 digits written `01310-100` or `01.310-100`: its digits (leading zero kept); else undefined. */
function cepDigits(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{2})\.?(\d{3})[-\s]?(\d{3})$/.exec(value.trim());
  return m ? `${m[1]}${m[2]}${m[3]}` : undefined;
}

/** A CEP of 8 digits (or an int of up to 8, the enrolment's 1310100) as people write it, `01310-100`; else undefined. */
export function cepAsWritten(value: unknown): string | undefined {
  const text = typeof value === 'number' || typeof value === 'bigint' ? String(value).padStart(8, '0') : value;
  return typeof text === 'string' && /^\d{8}$/.test(text) ? `${text.slice(0, 5)}-${text.slice(5)}` : undefined;
}

/** A CPF of 11 digits as people write it, `529.982.247-25`; else undefined. */
export function cpfAsWritten(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{11}$/.test(value)
    ? `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`
    : undefined;
}

/** CEP of section 4.1 (digits as text): `01310-100` → `01310100`. */
export const cepInput: InputForms = {
  written: cepAsWritten,
  accept: (value) => cepDigits(value) ?? value,
  forms: ['01310100', '01310-100', '01.310-100'],
};

/**
 * The enrolment CEP, an int: `01310-100` → `01310100`, which the int rule reads
 * as 1310100. A shorter CEP (`1310100`, a JSON number) is written with 8 digits
 * too, so that wherever coopctl shows it (a wizard's summary, a command to
 * continue with) its leading zero is there; the int sent is the same.
 */
export const cepNumberInput: InputForms = {
  written: cepAsWritten,
  accept: (value) => {
    if (typeof value === 'number')
      return Number.isSafeInteger(value) && value >= 0 && value < 1e7 ? String(value).padStart(8, '0') : value;
    if (typeof value === 'string' && /^\d{1,7}$/.test(value.trim())) return value.trim().padStart(8, '0');
    return cepDigits(value) ?? value;
  },
  forms: ['01310100', '01310-100', '01.310-100', '1310100'],
};

/** A Brazilian phone: optional `+55`, the area code (in parentheses or not), 8 or 9 digits (a hyphen, dot or space inside). */
const PHONE = /^(?:\+55\s*)?(?:\((\d{2})\)|(\d{2}))\s*(\d{4,5})[\s.-]?(\d{4})$/;

function phoneParts(value: unknown): { readonly area: string; readonly number: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = PHONE.exec(value.trim());
  return m ? { area: m[1] ?? m[2]!, number: `${m[3]}${m[4]}` } : undefined;
}

/** A phone as people write it, `(11) 98765-4321`, `(11) 3650-0353`, from any form `phoneParts` reads; else undefined. */
export function phoneAsWritten(value: unknown): string | undefined {
  const p = phoneParts(typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);
  return p ? `(${p.area}) ${p.number.slice(0, -4)}-${p.number.slice(-4)}` : undefined;
}

/** Registration phones `(99)999999999`. */
export const phoneInput: InputForms = {
  written: phoneAsWritten,
  accept: (value) => {
    const p = phoneParts(value);
    return p ? `(${p.area})${p.number}` : value;
  },
  forms: [
    '(11)987654321',
    '(11) 98765-4321',
    '11 98765-4321',
    '11987654321',
    '+55 11 98765-4321',
    '+55 (11) 98765-4321',
    '(11) 3333-4444',
  ],
};

/** Enrolment phones, an int of area code and number: `(11) 98765-4321` → 11987654321. */
export const phoneNumberInput: InputForms = {
  written: phoneAsWritten,
  accept: (value) => {
    const p = phoneParts(value);
    return p ? `${p.area}${p.number}` : value;
  },
  forms: ['11987654321', '(11) 98765-4321', '11 98765-4321', '+55 11 98765-4321', '(11)987654321', '(11) 3333-4444'],
};

/** The scheduling area code `nr_ddd_celular`: `(11)` → 11. */
export const areaCodeInput: InputForms = {
  accept: (value) => {
    const m = typeof value === 'string' ? /^\(\s*(\d{2})\s*\)$/.exec(value.trim()) : null;
    return m ? m[1] : value;
  },
  forms: ['11', '(11)'],
};

/** The scheduling mobile number `nr_celular`: `98765-4321` → 987654321. */
export const localNumberInput: InputForms = {
  accept: (value) => {
    const m = typeof value === 'string' ? /^(\d{4,5})[\s.-](\d{4})$/.exec(value.trim()) : null;
    return m ? `${m[1]}${m[2]}` : value;
  },
  forms: ['987654321', '98765-4321', '98765 4321', '3333-4444'],
};

/** CPF written `999.999.999-99`: 11 digits, plain or grouped, are written so. */
export const cpfInput: InputForms = {
  accept: (value) => {
    const d = groupedDigits(value);
    return d?.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
  },
  forms: ['529.982.247-25', '52998224725', '529 982 247 25', '529982247-25'],
};

/** A state (UF) of two letters in any case: `sp` → `SP`, as the registration record keeps it. */
export const stateInput: InputForms = {
  accept: (value) =>
    typeof value === 'string' && /^\s*[a-z]{2}\s*$/i.test(value) ? value.trim().toUpperCase() : value,
  forms: ['SP', 'sp', 'Rj'],
};

/** Words for S and N. */
const YES_NO: Readonly<Record<string, 'S' | 'N'>> = {
  s: 'S',
  sim: 'S',
  yes: 'S',
  n: 'N',
  não: 'N',
  nao: 'N',
  no: 'N',
};

/** Indicators S or N: `sim`, `não`, `nao`, `yes`, `no` and the letters, in any case. */
export const yesNoInput: InputForms = {
  accept: (value) => (typeof value === 'string' ? (YES_NO[folded(value)] ?? value) : value),
  forms: ['S', 'N', 's', 'n', 'sim', 'não', 'nao', 'yes', 'no', 'Sim', 'NÃO'],
};

/** One of `codes`, typed in any case (`m` → `M`, `rg` → `RG`); any other text stays as typed. */
export function anyCase(codes: readonly string[], forms: readonly string[]): InputForms {
  const byFolded = new Map(codes.map((c) => [folded(c), c]));
  return { accept: (value) => (typeof value === 'string' ? (byFolded.get(folded(value)) ?? value) : value), forms };
}
