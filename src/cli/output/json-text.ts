/**
 * JSON output for people and pipes alike: the values exact (integers past a
 * double's range too: exact-json.ts) and no raw control character. Kept apart
 * from sanitize.ts, which every command loads, because it needs the exact
 * JSON writer.
 */
import { stringifyExact } from '../../catalogue/exact-json.js';
import { hex } from './sanitize.js';

/** What JSON.stringify leaves raw of the unsafe characters (it escapes U+0000–U+001F itself). */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\p{Bidi_Control}\u2028\u2029]/gu;

/** `\uXXXX` of each UTF-16 unit of a character (a pair of them beyond the BMP), as JSON writes it. */
const escaped = (c: string) =>
  c
    .split('')
    .map((unit) => `\\u${hex(unit.charCodeAt(0), 4)}`)
    .join('');

/**
 * JSON of `value` (indented by `indent` spaces, or on one line) that parses
 * back to the same value and holds no raw control character: DEL, C1, the
 * bidi controls and the other invisible format characters (Cf: zero-width
 * space, BOM, soft hyphen, tag characters) are written as `\u` escapes,
 * which JSON.stringify leaves raw.
 * An integer read past a double's exact range (a bigint) is written as the
 * same number literal the service sent (exact-json.ts).
 */
export function jsonText(value: unknown, indent?: number): string {
  return stringifyExact(value, indent).replace(RAW_IN_JSON, escaped);
}
