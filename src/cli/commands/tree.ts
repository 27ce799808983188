/**
 * The area commands (GUIDE §3): one command per catalogue operation under its
 * area's groups, each from its spec (specs.ts: its module's, or derived from
 * the entry), plus the commands that are not one operation (`record summary`,
 * `enrol wizard`). Installs the safety and interactive hooks first. Only the
 * areas a command line names are built: a one-shot command does not pay for
 * the commands of the other areas.
 */
import type { Command } from 'commander';
import { catalogue, type Area } from '../../catalogue/index.js';
import { aliasesOf, subgroupNames } from '../help/areas.js';
import { installInteractive } from '../interactive/install.js';
import { addOperationCommand } from '../operations/command.js';
import type { RunState } from '../run/state.js';
import { installSafety } from '../safety/install.js';
import { addEnrolWizardCommand } from './enrol/wizard.js';
import { addSummaryCommand } from './record/summary.js';
import { specOf } from './specs.js';

/** Commands that are not one catalogue operation, and the group they go under. */
const extraCommands: ReadonlyArray<{
  readonly under: readonly [Area, ...string[]];
  add(group: Command, run: RunState): void;
}> = [
  { under: ['record'], add: addSummaryCommand },
  { under: ['enrol'], add: addEnrolWizardCommand },
];

/** The group of these words below `parent`, made when missing (with its Portuguese name, areas.ts). */
function group(parent: Command, words: readonly string[]): Command {
  let cmd = parent;
  for (const [i, word] of words.entries()) {
    const made = () => cmd.command(word).aliases(aliasesOf(word, subgroupNames[words.slice(0, i + 1).join(' ')]));
    cmd = cmd.commands.find((c) => c.name() === word) ?? made();
  }
  return cmd;
}

/** Adds the commands of the areas in `named` (all of them for the completion scripts). */
export function addOperationCommands(program: Command, run: RunState, named: ReadonlySet<Area>): void {
  installSafety();
  installInteractive();
  for (const op of catalogue)
    if (named.has(op.area)) addOperationCommand(group(program, op.command.slice(0, -1)), specOf(op), run);
  for (const extra of extraCommands) if (named.has(extra.under[0])) extra.add(group(program, extra.under), run);
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
