/**
 * What a command's help shows besides commander's own parts: its examples,
 * its notes (paragraphs, or lists of terms), and which global options apply
 * to it. Commands declare them here when they are built; the help formatter
 * (format.ts) writes them in the run's language and to the terminal's width.
 */
import type { Command } from 'commander';

/** A command line to try, and (in the run's language) what it shows. */
export interface HelpExample {
  readonly command: string;
  readonly note?: string;
}

/** A paragraph, or a heading over a list of terms and what each means. */
export type HelpNote = string | { readonly heading: string; readonly items: ReadonlyArray<readonly [string, string]> };

/** What a command's help adds, kept on the command itself (a property of its own, under a symbol). */
interface Sections {
  examples?: HelpExample[];
  notes?: HelpNote[];
  globals?: ReadonlyMap<string, string | undefined>;
}
const SECTIONS = Symbol('helpSections');
const sectionsOf = (cmd: Command): Sections => {
  const holder = cmd as Command & { [SECTIONS]?: Sections };
  holder[SECTIONS] ??= {};
  return holder[SECTIONS];
};
/** Adds examples to `cmd`'s help, after the ones it has. */
export function addExamples(cmd: Command, more: ReadonlyArray<HelpExample | string>): Command {
  const sections = sectionsOf(cmd);
  sections.examples = [...(sections.examples ?? []), ...more.map((e) => (typeof e === 'string' ? { command: e } : e))];
  return cmd;
}

/**
 * The examples of `cmd`'s help: its own; for a group without any, the first
 * example of each of its commands (a group's own, recursively).
 */
export function examplesOf(cmd: Command): readonly HelpExample[] {
  const own = sectionsOf(cmd).examples;
  if (own?.length) return own;
  return cmd.commands.flatMap((sub) => examplesOf(sub).slice(0, 1));
}

/** Adds a note to `cmd`'s help, after the ones it has (notes come last, after the examples). */
export function addNote(cmd: Command, note: HelpNote): Command {
  const sections = sectionsOf(cmd);
  sections.notes = [...(sections.notes ?? []), note];
  return cmd;
}

export function notesOf(cmd: Command): readonly HelpNote[] {
  return sectionsOf(cmd).notes ?? [];
}

/**
 * Only these global options apply to `cmd` (and its help lists only them), by
 * long flag, each with a description of its own for this command or
 * undefined to keep the global one. Without a call, every global option applies.
 */
export function applicableGlobals(cmd: Command, flags: Readonly<Record<string, string | undefined>>): Command {
  sectionsOf(cmd).globals = new Map(Object.entries(flags));
  return cmd;
}

/** The global options `cmd` lists (by long flag, with any description of its own), or undefined for all of them. */
export function globalsOf(cmd: Command): ReadonlyMap<string, string | undefined> | undefined {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const only = sectionsOf(c).globals;
    if (only) return only;
  }
  return undefined;
}
