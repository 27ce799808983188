/**
 * JSON with exact integers, as the spec's ints travel (up to 18 digits, the
 * health declaration's `beneficiario_id` up to 30): an integer literal past a
 * double's exact range is read as a bigint, and a bigint is written back as
 * the same number literal, never as a string and never rounded. Every other
 * value reads and writes as with JSON.parse and JSON.stringify. A text with no
 * number literal of 16 digits or more (nearly every one) is read by
 * JSON.parse itself; the others by JSON.parse with a reviver that reads each
 * number's own source text (`context.source`, Node 22+), so JSON.parse's rules
 * hold throughout (the last of duplicate keys wins; `__proto__` is a plain
 * key). A bigint is written by JSON.stringify as a raw literal (`JSON.rawJSON`).
 */

/** What Node 22+ gives that TypeScript's ES2022 lib does not declare yet. */
interface RawJson {
  parse(text: string, reviver: (key: string, value: unknown, context: { source?: string }) => unknown): unknown;
  rawJSON(text: string): unknown;
}
const rawJson = JSON as unknown as RawJson;

/** Digits from which a number literal may not fit a double exactly. */
const LONG = 16;

/** Whether a number literal of LONG digits or more stands outside the strings of a JSON text (one linear pass). */
export function hasLongNumber(text: string): boolean {
  let inString = false;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c >= 0x30 && c <= 0x39) {
      if (++run >= LONG) return true;
      continue;
    } else if (c === 0x22) inString = true;
    run = 0;
  }
  return false;
}

/** An integer as exact as it can be: a number when a double holds it, else a bigint. */
export function exactInt(digits: string): number | bigint {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : BigInt(digits);
}

/** A JSON integer literal (no fraction, no exponent). */
const INTEGER = /^-?\d+$/;

/** The reviver: an integer literal as exactInt gives it, every other value as JSON.parse read it. */
function exactNumber(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  const source = context.source;
  return source !== undefined && INTEGER.test(source) ? exactInt(source) : value;
}

/** The replacer: a bigint as its raw number literal. */
function rawBigint(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? rawJson.rawJSON(value.toString()) : value;
}

/** JSON.parse, with integers past a double's exact range as bigints. Throws a SyntaxError on text that is not JSON. */
export function parseExact(text: string): unknown {
  if (!hasLongNumber(text)) return JSON.parse(text);
  return rawJson.parse(text, exactNumber);
}

/** JSON.stringify (on one line, or indented by `indent` spaces), with each bigint written as its number literal. */
export function stringifyExact(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (err) {
    // JSON.stringify refuses bigints (a TypeError): only then is the value walked again.
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(value, rawBigint, indent) ?? '';
  }
}
