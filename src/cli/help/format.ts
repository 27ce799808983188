/**
 * The layout of `--help`, as commander's Help class is configured
 * (`configureHelp`): commander's parts, in the run's language, in the order
 * usage, description, arguments, options, commands, global options, examples,
 * notes; wrapped to the terminal's width (commander's `helpWidth`). A
 * description too narrow beside its term goes under it; a long example is
 * continued on the next lines with ` \`, so that it can still be pasted.
 */
import { Help, type Argument, type Command, type HelpConfiguration, type Option } from 'commander';
import type { Messages } from '../i18n/index.js';
import { examplesOf, globalsOf, notesOf, type HelpExample, type HelpNote } from './sections.js';

type Words = Messages['help'];
type Item = readonly [term: string, description: string];

const INDENT = 2;
const SPACER = 2;
/** Fewer columns than this beside the terms, and descriptions go under them. */
const NARROW = 28;
/** How far a description under its term, or a continued example, is indented. */
const UNDER = 6;

/** The words of a command line, split at blanks outside quotes and `$(…)`, `<(…)`. */
export function shellWords(line: string): string[] {
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
export function shellLines(line: string, width: number, indent = INDENT): string[] {
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
function wrapped(helper: Help, text: string, width: number): string[] {
  return helper.boxWrap(text, Math.max(width, 1)).split('\n');
}

function exampleLines(helper: Help, e: HelpExample, width: number): string[] {
  const note = e.note ? wrapped(helper, e.note, width - INDENT - 2).map((l) => `${' '.repeat(INDENT)}# ${l}`) : [];
  return [...note, ...shellLines(e.command, width)];
}

function noteLines(helper: Help, note: HelpNote, width: number): string[] {
  if (typeof note === 'string') return [...wrapped(helper, note, width), ''];
  const termWidth = Math.max(...note.items.map(([term]) => helper.displayWidth(term)));
  return [
    ...wrapped(helper, note.heading, width),
    ...note.items.map(([t, d]) => helper.formatItem(t, termWidth, d, helper)),
    '',
  ];
}

/** commander's `(choices: …, default: …)` after a description, in the run's words. */
function localisedExtra(words: Words, description: string, full: string): string {
  const extra = full.slice(description.length);
  return (
    description +
    extra
      .replace(/(^|\(|, )choices: /g, (_m, before: string) => `${before}${words.extra.choices} `)
      .replace(/(^|\(|, )default: /g, (_m, before: string) => `${before}${words.extra.default} `)
  );
}

/** commander's `[options]` and `[command]` in a usage line or a command's term, in the run's words. */
function usageWords(words: Words, usage: string): string {
  return usage
    .split(' ')
    .map((w) => (w === '[options]' ? words.usage.options : w === '[command]' ? words.usage.command : w))
    .join(' ');
}

/** The global options `cmd`'s help lists: an ancestor's options, or only those that apply to it. */
function globalItems(helper: Help, cmd: Command): Item[] {
  const only = globalsOf(cmd);
  return helper
    .visibleGlobalOptions(cmd)
    .filter((o) => !only || only.has(o.long ?? ''))
    .map((o) => [helper.optionTerm(o), only?.get(o.long ?? '') ?? helper.optionDescription(o)]);
}

export function helpConfiguration(words: Words): HelpConfiguration {
  const h = words.headings;
  return {
    minWidthToWrap: 10,
    showGlobalOptions: true,
    commandUsage(this: Help, cmd: Command): string {
      return usageWords(words, Help.prototype.commandUsage.call(this, cmd));
    },
    subcommandTerm(this: Help, cmd: Command): string {
      return usageWords(words, Help.prototype.subcommandTerm.call(this, cmd));
    },
    optionDescription(this: Help, option: Option): string {
      return localisedExtra(words, option.description, Help.prototype.optionDescription.call(this, option));
    },
    argumentDescription(this: Help, argument: Argument): string {
      return localisedExtra(words, argument.description, Help.prototype.argumentDescription.call(this, argument));
    },
    formatItem(term: string, termWidth: number, description: string, helper: Help): string {
      const indent = ' '.repeat(INDENT);
      if (!description) return indent + term;
      const width = helper.helpWidth ?? 80;
      const room = width - termWidth - SPACER - INDENT;
      if (room >= NARROW) {
        const padded = term.padEnd(termWidth + term.length - helper.displayWidth(term));
        const lines = wrapped(helper, description, room);
        return indent + padded + ' '.repeat(SPACER) + lines.join(`\n${' '.repeat(INDENT + termWidth + SPACER)}`);
      }
      const lines = wrapped(helper, description, width - UNDER);
      return `${indent}${term}\n${lines.map((l) => ' '.repeat(UNDER) + l).join('\n')}`;
    },
    formatHelp(cmd: Command, helper: Help): string {
      const width = helper.helpWidth ?? 80;
      const args: Item[] = helper
        .visibleArguments(cmd)
        .map((a) => [helper.argumentTerm(a), helper.argumentDescription(a)]);
      const options: Item[] = helper
        .visibleOptions(cmd)
        .map((o) => [helper.optionTerm(o), helper.optionDescription(o)]);
      const commands: Item[] = helper
        .visibleCommands(cmd)
        .map((c) => [helper.subcommandTerm(c), helper.subcommandDescription(c)]);
      // The root's own options are the global ones: after the commands, as on every other command.
      const own = cmd.parent ? options : [];
      const globals = cmd.parent ? globalItems(helper, cmd) : options;
      const all = [...args, ...own, ...commands, ...globals];
      const termWidth = Math.max(0, ...all.map(([term]) => helper.displayWidth(term)));
      const list = (heading: string, items: readonly Item[]) =>
        items.length ? [heading, ...items.map(([t, d]) => helper.formatItem(t, termWidth, d, helper)), ''] : [];
      const description = helper.commandDescription(cmd);
      const examples = examplesOf(cmd);
      return [
        ...wrapped(helper, `${h.usage} ${helper.commandUsage(cmd)}`, width),
        '',
        ...(description ? [...wrapped(helper, description, width), ''] : []),
        ...list(h.arguments, args),
        ...list(h.options, own),
        ...list(h.commands, commands),
        ...list(h.globalOptions, globals),
        ...(examples.length ? [h.examples, ...examples.flatMap((e) => exampleLines(helper, e, width)), ''] : []),
        ...notesOf(cmd).flatMap((n) => noteLines(helper, n, width)),
      ].join('\n');
    },
  };
}
