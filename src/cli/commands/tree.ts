/**
 * The area commands: one command per catalogue operation under its area's
 * groups, each from its spec (specs.ts: its module's, or derived from the
 * entry), running the operation steps (pipeline.ts). Only the areas a
 * command line names are built: a one-shot command does not pay for the
 * commands of the other areas. The commands that are not one operation are
 * in the registry (registry.ts), added by the program.
 */
import type { Command } from 'commander';
import { catalogue, type Area } from '../../catalogue/index.js';
import { aliasesOf, subgroupNames } from '../help/areas.js';
import { addOperationCommand } from '../operations/command.js';
import type { RunState } from '../run/state.js';
import { operationSteps } from './pipeline.js';
import { specOf } from './specs.js';

/** The group of these words below `parent`, made when missing (with its Portuguese name, help/areas.ts). */
export function group(parent: Command, words: readonly string[]): Command {
  let cmd = parent;
  for (const [i, word] of words.entries()) {
    const made = () => cmd.command(word).aliases(aliasesOf(word, subgroupNames[words.slice(0, i + 1).join(' ')]));
    cmd = cmd.commands.find((c) => c.name() === word) ?? made();
  }
  return cmd;
}

/** Adds the commands of the areas in `named` (all of them for the completion scripts). */
export async function addOperationCommands(program: Command, run: RunState, named: ReadonlySet<Area>): Promise<void> {
  const ops = catalogue.filter((op) => named.has(op.area));
  const specs = await Promise.all(ops.map(specOf));
  for (const [i, op] of ops.entries())
    addOperationCommand(group(program, op.command.slice(0, -1)), specs[i]!, run, operationSteps);
  // Groups below an area (`enrol contract`): their description in the run's language, else their commands.
  const { subgroups, subgroupOf } = run.m.help;
  for (const area of program.commands) {
    for (const sub of area.commands) {
      if (!sub.commands.length || sub.description()) continue;
      const words = `${area.name()} ${sub.name()}`;
      sub.description(
        Object.hasOwn(subgroups, words) ? subgroups[words]! : subgroupOf(sub.commands.map((c) => c.name())),
      );
    }
  }
}
