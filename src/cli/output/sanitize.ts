/**
 * Text from outside (the service's records and messages) made safe to show
 * in a terminal, as the GitHub CLI sanitises API data: every control
 * character (C0, DEL, C1: ESC, CSI, OSC, BEL, NUL, CR, TAB…), every bidi
 * control (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) and the Unicode
 * line and paragraph separators are shown as a visible escape instead of
 * acting on the terminal: `\t`, `\n`, `\r`, `\x1b`, `\x9b`, `\u202e`. A
 * literal backslash is left as it is, so the escape is for reading, not
 * for decoding.
 *
 * It is applied where outside data becomes display text, before coopctl's
 * own styling (colours, the progress bar's redraw) is added: cell text
 * (cells.ts: tables and CSV), the Invocation's messages, prompts (prompter.ts),
 * errors (failure.ts) and `api` output to a terminal. JSON output keeps the
 * data exact; jsonText escapes there the characters JSON.stringify leaves raw.
 */
import { stringifyExact } from '../../catalogue/exact-json.js';

/** What may not reach a terminal as is. */
const UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;
/** The same, line feeds excepted. */
const UNSAFE_BUT_LF = /(?!\n)[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;
/** What JSON.stringify leaves raw of UNSAFE (it escapes U+0000–U+001F itself). */
const RAW_IN_JSON = /[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/** The visible form of one unsafe character. */
function shown(c: string): string {
  const code = c.codePointAt(0)!;
  return NAMED[c] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
}

/**
 * `text` with every unsafe character shown visibly. Line breaks are kept
 * with `lineBreaks: 'keep'` (table cells, CSV cells, a body of several
 * lines) and shown as `\n` with 'show' (one-line messages, prompts).
 */
export function sanitize(text: string, lineBreaks: 'keep' | 'show' = 'show'): string {
  return text.replace(lineBreaks === 'keep' ? UNSAFE_BUT_LF : UNSAFE, shown);
}

/**
 * JSON of `value` (indented by `indent` spaces, or on one line) that parses
 * back to the same value and holds no raw control character: DEL, C1 and the
 * bidi controls are written as `\u` escapes, which JSON.stringify leaves raw.
 * An integer read past a double's exact range (a bigint) is written as the
 * same number literal the service sent (exact-json.ts).
 */
export function jsonText(value: unknown, indent?: number): string {
  return stringifyExact(value, indent).replace(RAW_IN_JSON, (c) => `\\u${hex(c.charCodeAt(0), 4)}`);
}
