/**
 * `defineCommand({ words, flags, args, run })`: how a command that is not one
 * catalogue operation declares itself (as wrangler's `defineCommand`), and
 * how the program adds it (registry.ts lists each one once). Its words place
 * it (the first is its top-level group; a command of one word is that group
 * itself), its flags and arguments are declared with their types
 * (flags/declared.ts, flags/positional.ts) and `run` gets their values typed.
 * Help is a function of the run's messages, so it stays in its language.
 */
import type { Command } from 'commander';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Io } from '../capabilities.js';
import { addFlags, type FlagDecls, type FlagValues, readFlags } from '../flags/declared.js';
import { addArgs, type ArgDecls, type ArgValues, readArgs } from '../flags/positional.js';
import { aliasesOf } from '../help/areas.js';
import { addExamples, addNote, applicableGlobals, type HelpExample, type HelpNote } from '../help/sections.js';
import type { Messages } from '../i18n/index.js';
import { addParamInputs } from '../operations/inputs.js';
import type { RunState } from '../run/state.js';
import { addSafetyOptions } from '../safety/flags.js';

/** A command's declaration. */
export interface CommandDef<A extends ArgDecls = ArgDecls, F extends FlagDecls = FlagDecls> {
  /** Its words below `coopctl`: its top-level group first (`['audit', 'purge']`, or `['backup']`). */
  readonly words: readonly [string, ...string[]];
  /** Its Portuguese name, which the command line accepts too (help/areas.ts's aliasesOf). */
  readonly portuguese?: string;
  /** Its line in its group's help (a top-level command's is the registry's `topLevel`). */
  readonly description?: (m: Messages) => string;
  readonly args?: A;
  readonly flags?: F;
  /**
   * The operation whose parameters the command takes as its inputs (its positional field, a flag per field,
   * --data and --data-file: operations/inputs.ts), read by `run`'s `inputs.params()`.
   */
  readonly inputs?: Operation;
  /** It takes -y/--yes and -n/--dry-run (safety/flags.ts), after its own flags. */
  readonly safety?: boolean;
  /** It prints the catalogue's records, which --json fields and --jq select from (run/state.ts's `bind`). */
  readonly takesJson?: boolean;
  /** Only these global options apply (help/sections.ts's applicableGlobals), with any description of their own. */
  readonly globals?: (m: Messages) => Readonly<Record<string, string | undefined>>;
  readonly examples?: (m: Messages) => ReadonlyArray<HelpExample | string>;
  readonly notes?: (m: Messages) => readonly HelpNote[];
  /**
   * The command's work: the run's capabilities, its arguments and flags as declared, and the flags of the group
   * above it (declared there: `audit purge` reads `audit`'s `--db`). Without it, the declaration is a group's help.
   */
  run?(io: Io, args: ArgValues<A>, flags: FlagValues<F>, parent: Command, inputs: Inputs): Promise<number>;
}

/**
 * Builds a command tree with the groups that `argv` names, for the run `run`: run/program.ts's buildProgram, which
 * passes itself to the commands it adds (the modules it loads do not import it: it imports the registry).
 */
export type ProgramBuilder = (run: RunState, argv: readonly string[]) => Promise<Command>;

/** What `run` reads besides its arguments and flags: the parameters of its `inputs` operation, the tree's builder. */
export interface Inputs {
  params(): Promise<Params>;
  /** Builds a tree afresh: `completion` prints its script from the tree of every group. */
  readonly program: ProgramBuilder;
}

/** A command's declaration, its types kept for `run`. */
export function defineCommand<const A extends ArgDecls = readonly [], F extends FlagDecls = Record<never, never>>(
  def: CommandDef<A, F>,
): CommandDef<A, F> {
  return def;
}

/** Adds the command `def` declares to `group`, the command of its first word (itself when it has one word). */
export function addDefined(group: Command, def: CommandDef, run: RunState, program: ProgramBuilder): void {
  const { m } = run;
  const own = def.words.slice(1);
  let cmd = group;
  for (const word of own) {
    const last = word === own[own.length - 1];
    cmd = cmd.commands.find((c) => c.name() === word) ?? cmd.command(word);
    if (last) cmd.aliases(aliasesOf(word, def.portuguese));
  }
  if (def.description) cmd.description(def.description(m));
  if (def.args) addArgs(cmd, def.args, m);
  const readParams = def.inputs ? addParamInputs(cmd, def.inputs, m) : undefined;
  if (def.flags) addFlags(cmd, def.flags, m);
  if (def.safety) addSafetyOptions(cmd, m);
  if (def.globals) applicableGlobals(cmd, def.globals(m));
  if (def.examples) addExamples(cmd, def.examples(m));
  for (const note of def.notes?.(m) ?? []) addNote(cmd, note);
  if (!def.run) return;
  const { args = [], flags = {} } = def;
  const parent = cmd.parent ?? cmd;
  run.bind(
    cmd,
    (io, given, command) => {
      const inputs: Inputs = {
        program,
        params: async () => {
          if (!readParams) throw new Error(`${def.words.join(' ')} declares no inputs`);
          return readParams(io, given, command);
        },
      };
      return def.run!(io, readArgs(args, given), readFlags(flags, io.options), parent, inputs);
    },
    { takesJson: def.takesJson ?? false },
  );
}
