/**
 * What shell completion knows, read from the whole commander tree: each
 * command's subcommands, options (with their closed choices, and whether they
 * take a value or a file) and positional arguments' candidates.
 */
import type { Command, Option } from 'commander';
import { catalogue } from '../../catalogue/index.js';

export interface CompletionOption {
  /** `-o`, `--output`. */
  readonly names: readonly string[];
  readonly description: string;
  readonly takesValue: boolean;
  /** Candidates: a closed set of values, or an open code list's documented codes. */
  readonly choices: readonly string[];
  /** The value is a file name. */
  readonly file: boolean;
}

export interface CompletionArg {
  readonly choices: readonly string[];
  readonly file: boolean;
}

export interface CompletionNode {
  /** Command words below the program, e.g. ['registration', 'show']; [] for the program. */
  readonly words: readonly string[];
  readonly description: string;
  readonly subcommands: readonly CompletionNode[];
  /** Options of this command only (the program's options apply everywhere). */
  readonly options: readonly CompletionOption[];
  readonly args: readonly CompletionArg[];
}

export interface CompletionTree {
  readonly root: CompletionNode;
  /** Options accepted by every command: the program's own, and --help. */
  readonly globals: readonly CompletionOption[];
  /** Every node, the program first, parents before children. */
  readonly nodes: readonly CompletionNode[];
  /** Every option name that takes a value (to skip values when reading a command line). */
  readonly valueNames: readonly string[];
}

/** Extra candidates for positional arguments that commander cannot know (`api <METHOD> <path>`). */
export type ArgCandidates = Readonly<Record<string, ReadonlyArray<readonly string[]>>>;

/** A value that names a file, as the placeholder of either language says: `<file>`, `<arquivo|->`, `<path|url>`. */
const fileLike = (text: string) => /(?<![\p{L}])(file|path|arquivo|caminho)(?![\p{L}])/u.test(text);

function fieldChoices(words: readonly string[], long: string | undefined): readonly string[] {
  if (!long) return [];
  const op = catalogue.find((o) => o.command.join(' ') === words.join(' '));
  const field = op?.params[long.slice(2).replace(/-/g, '_')];
  return field?.choices ?? Object.keys(field?.suggestions ?? {});
}

function optionOf(words: readonly string[], o: Option): CompletionOption {
  const takesValue = o.required || o.optional;
  const placeholder = /<[^>]*>|\[[^\]]*\]/.exec(o.flags)?.[0] ?? '';
  return {
    names: [o.short, o.long].filter((n): n is string => typeof n === 'string'),
    description: o.description,
    takesValue,
    choices: takesValue ? (o.argChoices ?? fieldChoices(words, o.long)) : [],
    file: takesValue && fileLike(placeholder),
  };
}

/** The descriptions of `--help` and `coopctl help`, in the run's language (messages/help.ts). */
export interface HelpWords {
  readonly helpOption: string;
  readonly helpCommand: string;
}

function nodeOf(cmd: Command, words: readonly string[], extra: ArgCandidates): CompletionNode {
  // commander's visible commands, without its implicit `help` command (completed below, with its argument).
  const visible = cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => cmd.commands.includes(c));
  const key = words.join(' ');
  const args = cmd.registeredArguments.map((a, i) => {
    const choices = extra[key]?.[i] ?? a.argChoices ?? [];
    return { choices, file: choices.length === 0 && fileLike(a.name()) };
  });
  return {
    words,
    description: cmd.description(),
    subcommands: visible.map((c) => nodeOf(c, [...words, c.name()], extra)),
    options: words.length === 0 ? [] : cmd.options.filter((o) => !o.hidden).map((o) => optionOf(words, o)),
    args,
  };
}

/** The tree of `program` (built with every group). */
export function completionTree(program: Command, words: HelpWords, extra: ArgCandidates = {}): CompletionTree {
  const helpOption: CompletionOption = {
    names: ['-h', '--help'],
    description: words.helpOption,
    takesValue: false,
    choices: [],
    file: false,
  };
  const built = nodeOf(program, [], extra);
  // `coopctl help <command>`.
  const help: CompletionNode = {
    words: ['help'],
    description: words.helpCommand,
    subcommands: [],
    options: [],
    args: [{ choices: built.subcommands.map((s) => s.words[0]!), file: false }],
  };
  const isVersion = (o: Option) => o.long === '--version';
  const root: CompletionNode = {
    ...built,
    subcommands: [...built.subcommands, help],
    options: program.options.filter(isVersion).map((o) => optionOf([], o)),
  };
  const globals = [
    ...program.options.filter((o) => !o.hidden && !isVersion(o)).map((o) => optionOf([], o)),
    helpOption,
  ];
  const nodes: CompletionNode[] = [];
  const walk = (n: CompletionNode) => {
    nodes.push(n);
    for (const child of n.subcommands) walk(child);
  };
  walk(root);
  const valueNames = new Set<string>();
  for (const o of [...globals, ...nodes.flatMap((n) => n.options)])
    if (o.takesValue) for (const name of o.names) valueNames.add(name);
  return { root, globals, nodes, valueNames: [...valueNames].sort() };
}

/** Option names that take a value in one command and not in another (reading a command line would go wrong). */
export function ambiguousValueNames(tree: CompletionTree): string[] {
  const flagOnly = new Set<string>();
  for (const o of [...tree.globals, ...tree.nodes.flatMap((n) => n.options)])
    if (!o.takesValue) for (const n of o.names) flagOnly.add(n);
  return tree.valueNames.filter((n) => flagOnly.has(n));
}
