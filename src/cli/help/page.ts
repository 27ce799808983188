/**
 * A help page as data, and its layout. A page holds every text of a
 * command's `--help` in the run's language, not yet wrapped: the usage line,
 * the description, the lists (term and description), the examples and notes.
 * `renderPage` lays it out to a width: the one layout of coopctl's help, used
 * for a command of the tree (format.ts, through commander's Help) and for a
 * page stored by the build (stored.ts). It needs of commander's Help only
 * `boxWrap` and `displayWidth`, so the stored pages render without the tree.
 */
import type { Help } from 'commander';
import type { Messages } from '../i18n/index.js';
import type { HelpExample, HelpNote } from './sections.js';

export type Item = readonly [term: string, description: string];
export type Headings = Messages['help']['headings'];

export interface HelpPage {
  /** The usage line after the heading, in the run's words (`coopctl record [opções] [comando]`). */
  readonly usage: string;
  readonly description: string;
  readonly args: readonly Item[];
  /** The command's own options (none for the root: its options are the global ones). */
  readonly options: readonly Item[];
  readonly commands: readonly Item[];
  readonly globals: readonly Item[];
  readonly examples: readonly HelpExample[];
  readonly notes: readonly HelpNote[];
}

/** What the layout uses of commander's Help. */
type Layout = Pick<Help, 'boxWrap' | 'displayWidth'>;

const INDENT = 2;
const SPACER = 2;
/** Fewer columns than this beside the terms, and descriptions go under them. */
const NARROW = 28;
/** How far a description under its term, or a continued example, is indented. */
const UNDER = 6;

/** The columns of a terminal stream (a TTY's `columns`), else 80. */
export function columnsOf(stream: unknown): number {
  const columns = (stream as { columns?: unknown }).columns;
  return typeof columns === 'number' && columns > 0 ? columns : 80;
}

/** The words of a command line, split at blanks outside quotes and `$(…)`, `<(…)`. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  let depth = 0;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (/\s/.test(ch) && depth === 0) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    word += ch;
  }
  if (word) words.push(word);
  return words;
}

/** The words of a command line, a flag kept with its value (`--cd-local 101`): the pieces a line is broken between. */
function shellUnits(line: string): string[] {
  const units: string[] = [];
  for (const word of shellWords(line)) {
    const last = units[units.length - 1];
    if (last !== undefined && /^-[^\s]*$/.test(last) && !word.startsWith('-'))
      units[units.length - 1] = `${last} ${word}`;
    else units.push(word);
  }
  return units;
}

/** A command line in lines of at most `width` columns: continued with ` \` and indented. */
function shellLines(line: string, width: number, indent = INDENT): string[] {
  const lines: string[] = [];
  let current = ' '.repeat(indent);
  let empty = true;
  for (const word of shellUnits(line)) {
    // The line must keep room for the ` \` that continues it.
    if (!empty && current.length + 1 + word.length + 2 > width) {
      lines.push(`${current} \\`);
      current = ' '.repeat(UNDER) + word;
      continue;
    }
    current += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** Words wrapped in lines of at most `width` columns (a longer word stays whole). */
function wrapped(layout: Layout, text: string, width: number): string[] {
  return layout.boxWrap(text, Math.max(width, 1)).split('\n');
}

/** One item of a list: the term padded to `termWidth`, its description beside it or, when too narrow, under it. */
function formatItem(layout: Layout, width: number, term: string, termWidth: number, description: string) {
  const indent = ' '.repeat(INDENT);
  if (!description) return indent + term;
  const room = width - termWidth - SPACER - INDENT;
  if (room >= NARROW) {
    const padded = term.padEnd(termWidth + term.length - layout.displayWidth(term));
    const lines = wrapped(layout, description, room);
    return indent + padded + ' '.repeat(SPACER) + lines.join(`\n${' '.repeat(INDENT + termWidth + SPACER)}`);
  }
  const lines = wrapped(layout, description, width - UNDER);
  return `${indent}${term}\n${lines.map((l) => ' '.repeat(UNDER) + l).join('\n')}`;
}

function exampleLines(layout: Layout, e: HelpExample, width: number): string[] {
  const note = e.note ? wrapped(layout, e.note, width - INDENT - 2).map((l) => `${' '.repeat(INDENT)}# ${l}`) : [];
  return [...note, ...shellLines(e.command, width)];
}

function noteLines(layout: Layout, note: HelpNote, width: number): string[] {
  if (typeof note === 'string') return [...wrapped(layout, note, width), ''];
  const termWidth = Math.max(...note.items.map(([term]) => layout.displayWidth(term)));
  return [
    ...wrapped(layout, note.heading, width),
    ...note.items.map(([t, d]) => formatItem(layout, width, t, termWidth, d)),
    '',
  ];
}

/**
 * The page in lines of at most `width` columns, in the order usage,
 * description, arguments, options, commands, global options, examples, notes.
 */
export function renderPage(page: HelpPage, h: Headings, layout: Layout, width: number): string {
  const { args, options, commands, globals, examples } = page;
  const all = [...args, ...options, ...commands, ...globals];
  const termWidth = Math.max(0, ...all.map(([term]) => layout.displayWidth(term)));
  const list = (heading: string, items: readonly Item[]) =>
    items.length ? [heading, ...items.map(([t, d]) => formatItem(layout, width, t, termWidth, d)), ''] : [];
  return [
    ...wrapped(layout, `${h.usage} ${page.usage}`, width),
    '',
    ...(page.description ? [...wrapped(layout, page.description, width), ''] : []),
    ...list(h.arguments, args),
    ...list(h.options, options),
    ...list(h.commands, commands),
    ...list(h.globalOptions, globals),
    ...(examples.length ? [h.examples, ...examples.flatMap((e) => exampleLines(layout, e, width)), ''] : []),
    ...page.notes.flatMap((n) => noteLines(layout, n, width)),
  ].join('\n');
}

/** What the build stores of a command's help in a language: its page, and the headings. */
export interface StoredPage {
  readonly headings: Headings;
  readonly page: HelpPage;
}

/** The name of a command's stored page: `coopctl.record.allergies.json`, `coopctl.json` for the root. */
export const storedPageName = (path: readonly string[]): string => `${['coopctl', ...path].join('.')}.json`;
