/**
 * The plain-text rule that every parameter's text obeys, on the server and in
 * the CLI alike (validate.ts): one line, no control characters, no invisible
 * format characters, valid Unicode; and text is taken in NFC, so that a
 * decomposed `São` (S, a, a combining tilde, o) is stored and compared as the
 * composed one.
 */
import type { Problem } from './problems.js';

/**
 * What a parameter's text may not hold: C0 controls (tab and line breaks too),
 * DEL, C1 controls, format characters (Unicode category Cf: zero-width space
 * and joiners, BOM, soft hyphen, bidi controls, tag characters) and any lone
 * surrogate (with the `u` flag, a pair is one character and is not matched).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff\p{Cf}]/u;

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
  const first = text.search(SUSPECT);
  if (first < 0) return undefined;
  const c = text.codePointAt(first)!;
  const at = [...text.slice(0, first)].length + 1;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return { code: 'control', field, char: `U+${hex(c, 4)}`, at };
  if (c >= 0xdc80 && c <= 0xdcff) return { code: 'utf8', field, byte: `0x${hex(c - 0xdc00, 2)}`, at };
  if (c >= 0xd800 && c <= 0xdfff) return { code: 'surrogate', field, char: `U+${hex(c, 4)}`, at };
  return { code: 'format', field, char: `U+${hex(c, 4)}`, at };
}

/** `text` in Unicode Normalization Form C (composed), as it is checked, sent and stored. */
export function composed(text: string): string {
  return NEEDS_LOOK.test(text) ? text.normalize('NFC') : text;
}
