/**
 * The plain-text rule that every parameter's text obeys, on the server and in
 * the CLI alike (validate.ts): one line, no control characters, no invisible
 * format characters nor characters that look like nothing, valid Unicode; and text is taken in NFC, so that a
 * decomposed `São` (S, a, a combining tilde, o) is stored and compared as the
 * composed one.
 */
import type { Problem } from './problems.js';

/**
 * What a parameter's text may not hold: C0 controls (tab and line breaks too),
 * DEL, C1 controls, the line and paragraph separators U+2028 and U+2029,
 * format characters (Unicode category Cf: zero-width space and joiners, BOM,
 * soft hyphen, bidi controls, tag characters), any lone surrogate (with the
 * `u` flag, a pair is one character and is not matched), and the characters
 * that show as nothing or as a blank where a letter seems to be (INVISIBLE).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff\p{Cf}]/u;

/**
 * Characters that print as nothing, as a blank, or as nobody agreed: the
 * Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank Braille pattern
 * U+2800, the combining grapheme joiner U+034F, variation selectors (but
 * U+FE0E/U+FE0F right after a pictograph, which choose how an emoji such as
 * ❤️ is drawn), private-use characters (category Co) and noncharacters
 * (U+FDD0–U+FDEF, U+FFFE, U+FFFF and the last two of every plane).
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each combining character is looked for on its own, not as part of what precedes it
  /[\u034f\u115f\u1160\u3164\uffa0\u2800\u180b-\u180d\u180f\ufe00-\ufe0d\u{e0100}-\u{e01ef}\p{Co}\p{Noncharacter_Code_Point}]|(?<!\p{Extended_Pictographic})[\ufe0e\ufe0f]/u;

/** A character past U+02FF: text without one (Latin letters, accents composed) is in NFC already. */
const NEEDS_LOOK = /[^\p{ASCII}\u0080-\u02ff]/u;

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, '0');

/**
 * Why `text` breaks the plain-text rule, or undefined when it keeps it. The
 * server decodes an invalid UTF-8 byte as a lone surrogate U+DC80 to U+DCFF
 * (as Python's surrogateescape does), so such a surrogate is reported as that
 * byte. Positions count characters from 1; the text itself is never repeated.
 */
export function plainTextProblem(field: string, text: string): Problem | undefined {
  const first = firstOf(text.search(SUSPECT), NEEDS_LOOK.test(text) ? text.search(INVISIBLE) : -1);
  if (first < 0) return undefined;
  const c = text.codePointAt(first)!;
  const at = [...text.slice(0, first)].length + 1;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return { code: 'control', field, char: `U+${hex(c, 4)}`, at };
  if (c === 0x2028 || c === 0x2029) return { code: 'line', field, char: `U+${hex(c, 4)}`, at };
  if (c >= 0xdc80 && c <= 0xdcff) return { code: 'utf8', field, byte: `0x${hex(c - 0xdc00, 2)}`, at };
  if (c >= 0xd800 && c <= 0xdfff) return { code: 'surrogate', field, char: `U+${hex(c, 4)}`, at };
  if (INVISIBLE.test(String.fromCodePoint(c))) return { code: 'invisible', field, char: `U+${hex(c, 4)}`, at };
  return { code: 'format', field, char: `U+${hex(c, 4)}`, at };
}

/** The earlier of two positions found by `search` (-1: not found). */
const firstOf = (a: number, b: number) => (a < 0 ? b : b < 0 ? a : Math.min(a, b));

/** `text` in Unicode Normalization Form C (composed), as it is checked, sent and stored. */
export function composed(text: string): string {
  return NEEDS_LOOK.test(text) ? text.normalize('NFC') : text;
}
