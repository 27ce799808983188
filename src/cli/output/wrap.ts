/**
 * Fitting one line of safe text (no control characters: cells.ts) into a
 * number of terminal columns, as string-width counts them: wrapped on
 * spaces, a word wider than the room cut between its graphemes (an emoji
 * sequence or a letter with its accents is never split); or cut short with
 * `…`. Time linear in the text.
 *
 * A URL is never cut across lines, which would keep it from being clicked or
 * copied: it stays whole on a line of its own, or, wider than the room, is
 * shown shortened (`prontuario.coop.example/…/1-3.pdf`: its host and its last
 * part); the whole URL is in `-o json` (docs/output.md).
 */
import { textWidth } from './width.js';

let segmenter: Intl.Segmenter | undefined;

/** The graphemes (user-perceived characters) of a text. */
function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return [...segmenter.segment(text)].map((s) => s.segment);
}

/** Cuts `word` into pieces of at most `max` columns (a grapheme wider than `max` gets a piece of its own). */
function cutWord(word: string, max: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const g of graphemes(word)) {
    const w = textWidth(g);
    if (used + w > max && piece) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += g;
    used += w;
  }
  pieces.push(piece);
  return pieces;
}

/**
 * Appends to `out` the lines of `line` wrapped to at most `max` columns. A
 * word wider than that is cut (a URL shortened), unless `whole`: then it
 * stays whole on a line of its own, wider than the room (a message's URL or
 * command, to be copied as it is: the terminal wraps it).
 */
export function wrapLine(line: string, max: number, out: string[], whole = false): void {
  if (textWidth(line) <= max) {
    out.push(line);
    return;
  }
  let current = '';
  let used = 0;
  for (const word of line.split(' ')) {
    const w = textWidth(word);
    if (current && used + 1 + w <= max) {
      current += ` ${word}`;
      used += 1 + w;
      continue;
    }
    if (current) out.push(current);
    if (w <= max || whole) {
      current = word;
      used = w;
      continue;
    }
    if (URL.test(word)) {
      current = shortUrl(word, max);
      used = textWidth(current);
      continue;
    }
    const pieces = cutWord(word, max);
    current = pieces.pop()!;
    used = textWidth(current);
    out.push(...pieces);
  }
  out.push(current);
}

/**
 * A message (one line of safe text) for a terminal of `columns` (undefined:
 * not a terminal, the line kept whole): wrapped on its spaces short of the
 * last column, where the terminal would cut a word in two; a word wider than
 * the room (a URL, a command) whole on a line of its own, to be copied. A line
 * of fewer characters than half the room fits whatever they are (none takes
 * more than two columns): it is not measured.
 */
export function messageLines(safe: string, columns: number | undefined): string {
  if (columns === undefined || columns < 24 || safe.length * 2 < columns - 1) return safe;
  const lines: string[] = [];
  wrapLine(safe, columns - 1, lines, true);
  return lines.join('\n');
}

/** `line` cut to at most `max` columns, ending in `…` when it was cut. */
export function clipLine(line: string, max: number): string {
  if (textWidth(line) <= max) return line;
  let kept = '';
  let used = 0;
  for (const g of graphemes(line)) {
    const w = textWidth(g);
    if (used + w > max - 1) break;
    kept += g;
    used += w;
  }
  return `${kept}…`;
}

/** A word that is a URL (the links of medical records). */
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/**
 * A URL in at most `max` columns: whole when it fits; else its host, `…` and
 * its last part (`https://prontuario.coop.example/…/1-3.pdf`, without the
 * scheme when that is still too wide); else its start cut with `…`.
 */
export function shortUrl(url: string, max: number): string {
  if (textWidth(url) <= max) return url;
  for (const text of shortenings(url)) if (textWidth(text) <= max) return text;
  return clipLine(url, max);
}

/** A URL's shortened forms, longest first: with its scheme, then without (none when it has no path to drop). */
function shortenings(url: string): string[] {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]+)(\/.*?\/)([^/?#]+)(?:[?#].*)?$/i.exec(url);
  return m ? [`${m[1]}${m[2]}/…/${m[4]}`, `${m[2]}/…/${m[4]}`] : [];
}

/** The narrowest a URL is shown whole or shortened with its scheme (a table's column holding it is never narrower). */
export function urlWidth(url: string): number {
  return Math.min(textWidth(url), ...shortenings(url).slice(0, 1).map(textWidth));
}
