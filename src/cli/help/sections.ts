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
const SECTIONS = Symbol('coopctl help sections');
const sectionsOf = (cmd: Command): Sections => {
  const holder = cmd as Command & { [SECTIONS]?: Sections };
  holder[SECTIONS] ??= {};
  return holder[SECTIONS];
};
const examples = {
  get: (cmd: Command) => sectionsOf(cmd).examples,
  set: (cmd: Command, list: HelpExample[]) => void (sectionsOf(cmd).examples = list),
};
const notes = {
  get: (cmd: Command) => sectionsOf(cmd).notes,
  set: (cmd: Command, list: HelpNote[]) => void (sectionsOf(cmd).notes = list),
};
const globals = {
  get: (cmd: Command) => sectionsOf(cmd).globals,
  set: (cmd: Command, map: ReadonlyMap<string, string | undefined>) => void (sectionsOf(cmd).globals = map),
};

/** Adds examples to `cmd`'s help, after the ones it has. */
export function addExamples(cmd: Command, more: ReadonlyArray<HelpExample | string>): Command {
  const list = examples.get(cmd) ?? [];
  for (const e of more) list.push(typeof e === 'string' ? { command: e } : e);
  examples.set(cmd, list);
  return cmd;
}

/**
 * The examples of `cmd`'s help: its own; for a group without any, the first
 * example of each of its commands (a group's own, recursively).
 */
export function examplesOf(cmd: Command): readonly HelpExample[] {
  const own = examples.get(cmd);
  if (own?.length) return own;
  return cmd.commands.flatMap((sub) => examplesOf(sub).slice(0, 1));
}

/** Adds a note to `cmd`'s help, after the ones it has (notes come last, after the examples). */
export function addNote(cmd: Command, note: HelpNote): Command {
  notes.set(cmd, [...(notes.get(cmd) ?? []), note]);
  return cmd;
}

export function notesOf(cmd: Command): readonly HelpNote[] {
  return notes.get(cmd) ?? [];
}

/**
 * Only these global options apply to `cmd` (and its help lists only them), by
 * long flag, each with a description of its own for this command or
 * undefined to keep the global one. Without a call, every global option applies.
 */
export function applicableGlobals(cmd: Command, flags: Readonly<Record<string, string | undefined>>): Command {
  globals.set(cmd, new Map(Object.entries(flags)));
  return cmd;
}

/** The global options `cmd` lists (by long flag, with any description of its own), or undefined for all of them. */
export function globalsOf(cmd: Command): ReadonlyMap<string, string | undefined> | undefined {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const only = globals.get(c);
    if (only) return only;
  }
  return undefined;
}
