/**
 * Help topics: what a person needs beyond one command's flags, in the
 * package itself (`coopctl help batch`, `coopctl help ambiente`), as
 * `gh help environment` and `git help <concept>`. A topic is a list of
 * blocks (paragraphs, headings, term lists, literal lines) in one language;
 * `renderTopic` lays it out to the terminal's width. Each topic has a name
 * in each language; either finds it in either language.
 */
import type { Lang } from '../../i18n/lang.js';

export type Block =
  | { readonly h: string }
  | { readonly p: string }
  | { readonly dl: ReadonlyArray<readonly [term: string, description: string]> }
  | { readonly pre: readonly string[] };

export interface Topic {
  /** Its names: the English one first, then the Portuguese (each finds it in both languages). */
  readonly names: readonly [en: string, pt: string, ...more: string[]];
  /** Its title and blocks in a language. */
  readonly title: (lang: Lang) => string;
  readonly body: (lang: Lang) => readonly Block[];
}

/** Words wrapped in lines of at most `width` characters (a longer word stays whole). */
export function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** A topic as text, to `width` columns (at most 100: paragraphs longer than that are hard to read). */
export function renderTopic(topic: Topic, lang: Lang, width: number): string {
  const w = Math.max(40, Math.min(width, 100));
  const out: string[] = [topic.title(lang), ''];
  for (const block of topic.body(lang)) {
    if ('h' in block) out.push(block.h);
    else if ('p' in block) out.push(...wrap(block.p, w), '');
    else if ('pre' in block) out.push(...block.pre.map((l) => `  ${l}`), '');
    else {
      const termWidth = Math.min(24, Math.max(...block.dl.map(([t]) => t.length)));
      for (const [term, description] of block.dl) {
        const room = w - termWidth - 4;
        const lines = wrap(description, room);
        if (term.length > termWidth || room < 28) {
          out.push(`  ${term}`, ...wrap(description, w, '      '));
        } else
          out.push(
            `  ${term.padEnd(termWidth)}  ${lines[0] ?? ''}`,
            ...lines.slice(1).map((l) => `${' '.repeat(termWidth + 4)}${l}`),
          );
      }
      out.push('');
    }
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

/** Plain letters of a word, for finding a topic: `códigos` is `codigos`, `Exit_Codes` is `exit-codes`. */
export const plain = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
