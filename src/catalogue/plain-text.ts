/**
 * The plain-text rule that every parameter's text obeys, on the server and in
 * the CLI alike (validate.ts): one line, no control characters, valid Unicode.
 */
import type { Problem } from './problems.js';

/** What a parameter's text may not hold: C0 controls (tab and line breaks too), DEL, C1 controls, and any surrogate (checked in pairs). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

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
  for (let i = first, position = [...text.slice(0, first)].length + 1; i < text.length; i++, position++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return { code: 'control', field, char: `U+${hex(c, 4)}`, at: position };
    if (c >= 0xdc80 && c <= 0xdcff) return { code: 'utf8', field, byte: `0x${hex(c - 0xdc00, 2)}`, at: position };
    if (c >= 0xd800 && c <= 0xdfff) return { code: 'surrogate', field, char: `U+${hex(c, 4)}`, at: position };
  }
  return undefined;
}
