/**
 * Man pages from the same help pages as `--help` (pages.ts): one page per
 * command, `coopctl-record-allergies(1)`, and `coopctl(1)` with the whole
 * command tree, in each language. The build (scripts/bundle.mjs) writes them
 * to dist/man/man1/ (English) and dist/man/pt_BR/man1/ (Portuguese, where
 * man-db looks for `LANG=pt_BR…`). The text is the help's own; only roff's
 * special characters are escaped (a line starting with `.` or `'`, the
 * backslash, the hyphens of flags).
 */
import type { Messages } from '../i18n/index.js';
import type { Item, StoredPage } from './page.js';
import type { HelpNote } from './sections.js';

type Words = Messages['about']['man'];

/** Text made safe for roff: backslashes and hyphens escaped, no line starting with a control character. */
export function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

/** The man page name of a command path: `coopctl-record-allergies`, `coopctl` for the root. */
export const manName = (path: readonly string[]): string => ['coopctl', ...path].join('-');

const items = (list: readonly Item[]): string[] =>
  list.flatMap(([term, description]) => ['.TP', `.B ${roff(term)}`, roff(description || ' ')]);

function noteLines(note: HelpNote): string[] {
  if (typeof note === 'string') return ['.PP', roff(note)];
  return ['.PP', roff(note.heading), ...note.items.flatMap(([t, d]) => ['.TP', `.B ${roff(t)}`, roff(d)])];
}

const section = (heading: string, body: readonly string[]): string[] =>
  body.length ? [`.SH ${roff(heading.replace(/:$/, '').toUpperCase())}`, ...body] : [];

/**
 * The man page of the command at `path`, from its stored help page. `tree` (the root's page only) lists every
 * command with its page; `version` is the package's, shown in the footer.
 */
export function manPage(
  path: readonly string[],
  stored: StoredPage,
  words: Words,
  version: string,
  tree: ReadonlyArray<readonly [path: readonly string[], description: string]> = [],
): string {
  const { page, headings: h } = stored;
  const name = manName(path);
  const below = page.commands
    .map(([term]) => term.split(/[\s|,]/)[0]!)
    .filter((name) => name !== 'help')
    .map((name) => manName([...path, name]));
  const seeAlso = [...(path.length ? [manName(path.slice(0, -1))] : []), ...below];
  return [
    `'\\" -*- coding: UTF-8 -*-`,
    `.TH ${name.toUpperCase()} 1 "" "coopctl ${version}" "${words.manual}"`,
    // Left-aligned, without hyphenation: flags and codes are words a reader copies.
    '.ad l',
    '.nh',
    `.SH ${words.name}`,
    `${roff(name)} \\- ${roff(page.description.split('\n')[0] ?? '')}`,
    ...section(words.synopsis, [`.B ${roff(page.usage)}`]),
    ...section(words.description, [roff(page.description)]),
    ...section(h.arguments, items(page.args)),
    ...section(h.options, items(page.options)),
    ...section(h.commands, items(page.commands)),
    ...section(h.globalOptions, path.length ? ['.PP', roff(words.globalsIn)] : items(page.globals)),
    ...section(
      words.tree,
      tree.flatMap(([p, description]) => ['.TP', `.B ${roff(['coopctl', ...p].join(' '))}`, roff(description)]),
    ),
    ...section(
      h.examples,
      page.examples.flatMap((e) => [
        ...(e.note ? ['.PP', roff(e.note)] : ['.PP']),
        '.RS 4',
        '.nf',
        roff(e.command),
        '.fi',
        '.RE',
      ]),
    ),
    ...section(words.notes, page.notes.flatMap(noteLines)),
    ...section(words.seeAlso, [roff([...seeAlso.map((n) => `${n}(1)`), words.helpTopics].join(', '))]),
    '',
  ].join('\n');
}
