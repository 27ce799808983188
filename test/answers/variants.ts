/**
 * Answers the spec allows for an operation, in their widest forms, each with
 * the exit code that the spec's meaning gives it (docs/output.md, "Exit codes"). The allowed
 * confirma_operacao values are written here from the spec, not read from the
 * catalogue: section 7's table for the registration operations, a 1-digit
 * int for scheduling and notifications (§2.4, §7 rule 2), an int of no stated
 * bound elsewhere (§2.1). Since §2.1 types the field `int` with no bound, every
 * area is also tried with the codes a real service was seen to send (-1, 0,
 * 99, 2^31), a code past a double's exact range and a code written as digit
 * text: each is an outcome without a documented meaning (exit 1, the
 * service's message said), never a malformed answer. Records come from the catalogue's response shapes
 * (sampleRecord). The 18-digit ints of the scheduling records (§2.4) are
 * also sent at their largest, as number literals no double holds.
 */
import { sampleRecord, type Operation, type Row } from '../../src/catalogue/index.js';

export interface Variant {
  readonly name: string;
  readonly body: unknown;
  /** The answer's JSON text, when it holds numbers JSON.stringify cannot write (the body is then only for reading). */
  readonly raw?: string;
  readonly exit: number;
  /** The code without a documented meaning that the error line must name, as it names it. */
  readonly undocumented?: string;
  /** The service's message that the error line must carry after the code. */
  readonly message?: string;
}

const ONE_DIGIT = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const UNBOUNDED = [...ONE_DIGIT, 10, 42, 999_999];

/** confirma_operacao values the spec allows, by area. */
export const ALLOWED_CODES: Readonly<Record<string, readonly number[]>> = {
  registration: [1, 2, 3, 4],
  record: UNBOUNDED,
  schedule: ONE_DIGIT,
  enrol: UNBOUNDED,
  notify: ONE_DIGIT,
};

/** Codes outside every area's stated bounds that are still ints (§2.1), tried in every area. */
const ANY_INT = [-1, 0, 99, 2 ** 31];

/** Exit codes of the codes with a meaning (§7; docs/output.md). Any other allowed code exits 1. */
const EXIT_OF: Readonly<Record<number, number>> = { 1: 0, 2: 0, 3: 3, 4: 1 };

const envelopeOnly = (code: unknown): Row => ({ confirma_operacao: code, mensagem_erro: `motivo ${code}` });

/** `fields` of a record (or of each record of a list) without their optional ones. */
function required(op: Operation, value: unknown, fields: Operation['response']['fields']): unknown {
  if (Array.isArray(value)) return value.map((v) => required(op, v, fields));
  const out: Row = { ...(value as Row) };
  for (const [name, f] of Object.entries(fields)) if (!f.required) delete out[name];
  return out;
}

/** The record without any optional field, in itself or its groups. */
function withoutOptional(op: Operation, rec: Row): Row {
  const out = required(op, rec, op.response.fields) as Row;
  for (const [name, g] of Object.entries(op.response.groups ?? {})) out[name] = required(op, out[name], g.fields);
  return out;
}

/** Each group as one object, a list of one, a list of two and an empty list (the spec does not say which). */
function groupForms(op: Operation, rec: Row): Variant[] {
  return Object.keys(op.response.groups ?? {}).flatMap((name) => {
    const one = ([rec[name]].flat()[0] ?? {}) as Row;
    const forms: [string, unknown][] = [
      ['one object', one],
      ['a list of one', [one]],
      ['a list of two', [one, { ...one }]],
      ['an empty list', []],
    ];
    return forms.map(([form, value]) => ({ name: `${name} as ${form}`, body: [{ ...rec, [name]: value }], exit: 0 }));
  });
}

/** Every allowed confirma_operacao: 1 and 2 on a full record, 3 and 4 on the envelope alone, the others on both. */
function codeForms(op: Operation): Variant[] {
  if (op.response.envelope === 'none') return [];
  const codes = [...new Set([...(ALLOWED_CODES[op.area] ?? []), ...ANY_INT])];
  return codes.flatMap((code): Variant[] => {
    const exit = EXIT_OF[code];
    if (exit === undefined) {
      const said = String(code);
      const bare = {
        name: `code ${code}, envelope only`,
        body: [envelopeOnly(code)],
        exit: 1,
        undocumented: said,
        message: `motivo ${code}`,
      };
      if (!op.hasData) return [bare];
      return [bare, { name: `code ${code} with data`, body: [sampleRecord(op, code)], exit: 1, undocumented: said }];
    }
    return [{ name: `code ${code}`, body: [code <= 2 ? sampleRecord(op, code) : envelopeOnly(code)], exit }];
  });
}

/** A code past a double's exact range (a number literal of 20 digits) and a code written as digit text with a minus. */
function codeTexts(op: Operation): Variant[] {
  if (op.response.envelope === 'none') return [];
  const huge = '18446744073709551616';
  const raw = `[{"confirma_operacao":${huge},"mensagem_erro":"motivo"}]`;
  return [
    { name: `code 2^64 (${huge})`, body: [], raw, exit: 1, undocumented: huge, message: 'motivo' },
    { name: 'code "-7" as text', body: [envelopeOnly('-7')], exit: 1, undocumented: '-7', message: 'motivo -7' },
  ];
}

/** Where the envelope is optional or absent: records without it, and one bare object instead of a list. */
function envelopeForms(op: Operation, rec: Row): Variant[] {
  if (op.response.envelope === 'required') return [];
  const { confirma_operacao: _c, mensagem_erro: _m, ...plain } = rec;
  return [
    { name: 'without the envelope', body: [plain], exit: 0 },
    { name: 'one bare object', body: plain, exit: 0 },
  ];
}

/** The response fields the spec types as ints of up to 18 digits (§2.4). */
const EIGHTEEN_DIGITS = ['cd_evento', 'prest_cod_svc_card', 'cd_local', 'tp_evento'];
const LARGEST = '999999999999999999';

/** Each 18-digit int of the record at its largest, written as a number literal (past 2^53). */
function longInts(op: Operation, rec: Row): Variant[] {
  const names = EIGHTEEN_DIGITS.filter((n) => Object.hasOwn(op.response.fields, n));
  if (names.length === 0) return [];
  const marked = Object.fromEntries(names.map((n) => [n, `@${n}@`]));
  const raw = JSON.stringify([{ ...rec, ...marked }]).replace(/"@\w+@"/g, LARGEST);
  return [{ name: `${names.join(', ')} at ${LARGEST}`, body: [rec], raw, exit: 0 }];
}

/** The spec-valid answers of an operation. */
export function variantsOf(op: Operation): Variant[] {
  const rec = sampleRecord(op);
  const mixed: Variant[] = op.response.envelope === 'none' ? [] : [mixedCodes(op, rec)];
  return [
    { name: 'the full record', body: [rec], exit: 0 },
    { name: 'two records', body: [rec, { ...rec }], exit: 0 },
    { name: 'no optional field', body: [withoutOptional(op, rec)], exit: 0 },
    { name: 'an empty list', body: [], exit: 3 },
    ...groupForms(op, rec),
    ...codeForms(op),
    ...codeTexts(op),
    ...envelopeForms(op, rec),
    ...mixed,
    ...longInts(op, rec),
  ];
}

/** A record with data next to a record whose code has no documented meaning (or, in 4.1, one that failed). */
function mixedCodes(op: Operation, rec: Row): Variant {
  if (op.area === 'registration') return { name: 'data and a failure', body: [rec, envelopeOnly(4)], exit: 1 };
  return { name: 'data and code 7', body: [rec, envelopeOnly(7)], exit: 1, undocumented: '7', message: 'motivo 7' };
}
