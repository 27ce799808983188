/**
 * `--mask` (the `mask` setting, COOPCTL_MASK): for screens that a customer or
 * a colleague may see, personal data is partly hidden wherever coopctl shows
 * it, in tables, CSV, JSON and messages alike:
 *
 * - a CPF as `***.982.247-**` (the digits a receipt shows);
 * - a card as `0001 **** **** **05` (its cooperative and its last two digits),
 *   and the parts of a card that this hides (a registration's `cart_contrato`,
 *   `cart_cod_bnf`, `cart_cod_dependente`) as `****`, every digit hidden;
 * - a phone as `(11) *****-4321` (the area code and the last four digits);
 * - an e-mail as `a***@example.com` (its first character and the domain).
 *
 * This is the one module that masks what is shown. Records are masked by
 * their fields, as the catalogue marks them (the rule's `personal`: a
 * `usuario_cartao`, a `cpf`, a `telefone`, an `email`), and the text of every
 * other field by what it holds (`maskText`): a card, a CPF, a phone or an
 * e-mail written anywhere in a note, a message of the service or a file
 * name. Messages on stderr, commander's errors and questions go through
 * `maskText` too, and a dry run's
 * curl line by its parameters' fields, as records are. Codes and numbers of other fields
 * (an appointment's `cd_evento`, a provider's code) are left as they are.
 *
 * Loaded only when masking is asked for (run/state.ts).
 */
import { catalogue, type Fields, type PersonalKind } from '../../catalogue/index.js';
import { parseExact, stringifyExact } from '../../catalogue/exact-json.js';
import type { HttpRequest } from '../../client/types.js';

const digitsOf = (value: string) => value.replace(/\D/g, '');
/** A CPF and a card masked already: masking again leaves them as they are. */
const MASKED_CPF = /^\*{3}\.\d{3}\.\d{3}-\*{2}$/;
const MASKED_CARD = /^\d{4} \*{4} \*{4} \*{2}\d{2}$/;

/** `***.982.247-**`: a CPF's middle six digits, in its written layout. */
export function maskCpf(value: string): string {
  if (MASKED_CPF.test(value)) return value;
  const d = digitsOf(value);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***.***.***-**';
}

/** `0001 **** **** **05`: a card's first four digits and last two, in groups of four whatever its length. */
export function maskCard(value: string): string {
  if (MASKED_CARD.test(value)) return value;
  const d = digitsOf(value);
  return d.length >= 8 ? `${d.slice(0, 4)} **** **** **${d.slice(-2)}` : '**** **** **** ****';
}

/** `****`: a part of a card that the masked card hides (its contract, beneficiary or dependent code), every digit. */
export function maskCardPart(value: string): string {
  return value.replace(/\d/g, '*');
}

/**
 * A phone with the digits between its area code (two digits in
 * parentheses, or the first two of 10 or more) and its last four hidden,
 * its layout kept: `(11)*****4321`, `(11) *****-4321`, `11*****4321`,
 * `*****4321`.
 */
export function maskPhone(value: string): string {
  const d = digitsOf(value);
  const area = /^\s*\(/.test(value) || d.length >= 10 ? 2 : 0;
  let seen = 0;
  return value.replace(/\d/g, (c) => {
    seen++;
    return seen <= area || seen > d.length - 4 ? c : '*';
  });
}

/** `a***@example.com`: an e-mail's first character and its domain. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return maskText(value);
  return `${[...value][0]}***${value.slice(at)}`;
}

const byKind: Readonly<Record<PersonalKind, (value: string) => string>> = {
  card: maskCard,
  'card-part': maskCardPart,
  cpf: maskCpf,
  phone: maskPhone,
  email: maskEmail,
};

/** A value of a field holding `kind`, masked (a number becomes masked text). */
export function maskedValue(kind: PersonalKind, value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return byKind[kind](String(value));
  return value;
}

/** What a field name holds: personal data of a kind, free text, or a code (a number, a date, a choice). */
export type Holds = PersonalKind | 'text' | 'code';
/** A name personal anywhere is masked everywhere; a name that is text anywhere is read as text. */
const rank = (h: Holds) => (h === 'code' ? 0 : h === 'text' ? 1 : 2);
let known: Map<string, Holds> | undefined;

/** Every field name of the catalogue's parameters, records and groups, with what it holds. */
function knownFields(): Map<string, Holds> {
  if (known) return known;
  const map = new Map<string, Holds>();
  const add = (fields: Fields) => {
    for (const [name, f] of Object.entries(fields)) {
      const holds: Holds = f.personal ?? (f.kind === 'string' ? 'text' : 'code');
      const before = map.get(name);
      if (before === undefined || rank(holds) > rank(before)) map.set(name, holds);
    }
  };
  for (const op of catalogue) {
    add(op.params);
    add(op.response.fields);
    for (const group of Object.values(op.response.groups ?? {})) add(group.fields);
  }
  known = map;
  return map;
}

/** What `name` holds, as the catalogue's fields say (undefined for a name the catalogue does not have). */
export function fieldHolds(name: string): Holds | undefined {
  return knownFields().get(name.replace(/\[\]$/, ''));
}

/**
 * A value to show (records, a list of them, a report), masked: a field
 * holding personal data by its kind, a code as it is, any other text by what
 * it holds (maskText). The value given is not changed.
 */
export function maskRecords<T>(value: T, key?: string): T {
  const holds = key === undefined ? undefined : fieldHolds(key);
  if (holds !== undefined && holds !== 'code' && holds !== 'text') {
    if (Array.isArray(value)) return value.map((v) => maskedValue(holds, v)) as T;
    return maskedValue(holds, value) as T;
  }
  if (typeof value === 'string') return (holds === 'code' ? value : maskText(value)) as T;
  if (Array.isArray(value)) return value.map((v) => maskRecords(v, key)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskRecords(v, k);
    return out as T;
  }
  return value;
}

/** An e-mail address in text. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A phone with its area code in parentheses: `(11)987654321`, `(11) 98765-4321` (a no-break space too). */
const PHONE = /\(\d{2}\)[ \u00a0]?\d{4,5}[-. \u00a0]?\d{4}(?!\d)/g;
/** Groups of digits apart by at most one space, dot, hyphen or slash, not touching a letter or another digit. */
const DIGIT_RUN = /(?<![\p{L}\p{N}])\d+(?:[ ./-]\d+)*(?![\p{L}\p{N}])/gu;

/**
 * A run of digits masked when it has a CPF's 11 digits or a card's 17, or
 * 12 to 16 (a card typed a digit or more short, which an error repeats);
 * any other number (a code, a date) as it is.
 */
function maskRun(run: string): string {
  const n = digitsOf(run).length;
  if (n === 11) return maskCpf(run);
  if (n >= 12 && n <= 17) return maskCard(run);
  return run;
}

/**
 * Text with the personal data written in it masked: e-mails, phones with
 * their area code in parentheses, and numbers of a CPF's 11 digits or a
 * card's 17, plain or grouped (`529.982.247-25`, `0001 0001 000001 00 5`).
 * Masked text is left as it is (masking twice changes nothing).
 */
export function maskText(text: string): string {
  return text.replace(EMAIL, maskEmail).replace(PHONE, maskPhone).replace(DIGIT_RUN, maskRun);
}

/** Name=value pairs (a query string, a form body), each value masked by its name's field. */
function maskPairs(pairs: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...pairs].map(([k, v]) => [k, String(maskRecords(v, k))]));
}

/**
 * A request as a dry run shows it (for reading only): its parameters masked
 * by their fields, in the query, a form body or a JSON body, as records are
 * (a phone as a phone, a code as it is), so that what is shown keeps its
 * shape: a JSON body stays JSON, its numbers exact.
 */
export function maskRequest(req: HttpRequest): HttpRequest {
  const url = new URL(req.url.href);
  if (url.search) url.search = maskPairs(url.searchParams).toString();
  if (req.body === undefined) return { ...req, url };
  const json = Object.entries(req.headers).some(([k, v]) => k.toLowerCase() === 'content-type' && v.includes('json'));
  let body: string;
  if (!json) body = maskPairs(new URLSearchParams(req.body)).toString();
  else {
    try {
      body = stringifyExact(maskRecords(parseExact(req.body)));
    } catch {
      body = maskText(req.body);
    }
  }
  return { ...req, url, body };
}

/** The masking of a run, as the Invocation, the display and the failure report hold it. */
export const masking = { records: maskRecords, text: maskText, card: maskCard, request: maskRequest } as const;
export type Masking = typeof masking;
