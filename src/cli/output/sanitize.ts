/**
 * Text from outside (the service's records and messages) made safe to show
 * in a terminal, as the GitHub CLI sanitises API data: every control
 * character (C0, DEL, C1: ESC, CSI, OSC, BEL, NUL, CR, TAB…), every bidi
 * control (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), every other
 * invisible format character (Unicode category Cf: zero-width space and
 * joiners, BOM, soft hyphen, tag characters) and the Unicode line and
 * paragraph separators are shown as a visible escape instead of acting on
 * the terminal or hiding in the text: `\t`, `\n`, `\r`, `\x1b`, `\x9b`,
 * `\u202e`, `\u200b`, `\u{e0041}`. A literal backslash is left as it is, so
 * the escape is for reading, not for decoding.
 *
 * It is applied where outside data becomes display text, before coopctl's
 * own styling (colours, the progress bar's redraw) is added: cell text
 * (cells.ts: tables and CSV), the Invocation's messages, prompts (prompter.ts),
 * errors (failure.ts) and `api` output to a terminal. JSON output keeps the
 * data exact (json-text.ts). Every command loads this module, so it imports
 * nothing.
 */
/** What may not reach a terminal as is. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Bidi_Control}\u2028\u2029]/gu;
/** The same, line feeds excepted. */
const UNSAFE_BUT_LF = /(?!\n)[\p{Cc}\p{Cf}\p{Bidi_Control}\u2028\u2029]/gu;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/** The visible form of one unsafe character. */
function shown(c: string): string {
  const code = c.codePointAt(0)!;
  return (
    NAMED[c] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\u{${hex(code, 5)}}`)
  );
}

/**
 * `text` with every unsafe character shown visibly. Line breaks are kept
 * with `lineBreaks: 'keep'` (table cells, CSV cells, a body of several
 * lines) and shown as `\n` with 'show' (one-line messages, prompts).
 */
export function sanitize(text: string, lineBreaks: 'keep' | 'show' = 'show'): string {
  return text.replace(lineBreaks === 'keep' ? UNSAFE_BUT_LF : UNSAFE, shown);
}
