/**
 * Fitting one line of safe text (no control characters: cells.ts) into a
 * number of terminal columns, as string-width counts them: wrapped on
 * spaces, a word wider than the room cut between its graphemes (an emoji
 * sequence or a letter with its accents is never split); or cut short with
 * `…`. Time linear in the text.
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

/** Appends to `out` the lines of `line` wrapped to at most `max` columns. */
export function wrapLine(line: string, max: number, out: string[]): void {
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
    if (w <= max) {
      current = word;
      used = w;
      continue;
    }
    const pieces = cutWord(word, max);
    current = pieces.pop()!;
    used = textWidth(current);
    out.push(...pieces);
  }
  out.push(current);
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
