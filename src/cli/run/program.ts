/**
 * The command tree's root: global options and the top-level groups, from
 * the registry (commands/registry.ts). A group's commands are built, and
 * their modules loaded, only when the command line names it (the areas'
 * commands come from the catalogue, which loads zod), so that `coopctl
 * --help` stays fast and a command loads no module of another group. Help
 * is in the run's language (run.m).
 */
import type { Command } from 'commander';
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import { commands, topLevel, type Registered } from '../commands/registry.js';
import { aliasesOf, areaOf, areas, isArea } from '../help/areas.js';
import { addGlobalOptions } from '../flags/global.js';
import { rootCommand } from '../help/command.js';
import { addExamples, addNote } from '../help/sections.js';
import type { RunState } from './state.js';
import { buildFacts } from '../version.js';
import * as lazy from '../lazy.js';

/**
 * The registered commands that `argv` may run: those under a top-level word it names (an area by its English or
 * Portuguese name), except, below an area, those beside the operation's command it names (`record allergies` does
 * not load `record summary`'s module).
 */
function namedCommands(program: Command, argv: readonly string[]): Registered[] {
  const words = new Set(argv);
  return commands.filter(({ words: [top, own] }) => {
    const area = isArea(top) ? program.commands.find((c) => c.name() === top)! : undefined;
    if (!area) return words.has(top);
    if (!argv.some((word) => areaOf(word) === top)) return false;
    if (own === undefined || words.has(own)) return true;
    return !area.commands.some((c) => words.has(c.name()) || c.aliases().some((a) => words.has(a)));
  });
}

export async function buildProgram(run: RunState, argv: readonly string[]): Promise<Command> {
  const { ctx, m } = run;
  // Without --mask, commander's errors still hide all but the last 4 digits of a card or CPF they repeat.
  const program = rootCommand('coopctl', ctx, m, run.mask?.text ?? maskPersonalNumbers)
    .description(m.help.root)
    .version(m.about.version(buildFacts()), '-V, --version', m.help.versionOption);
  addGlobalOptions(program, m);
  for (const area of Object.keys(areas) as Array<keyof typeof areas>)
    program.command(area).aliases(aliasesOf(area, areas[area])).description(m.help.areas[area]);
  for (const top of topLevel) program.command(top.name).description(top.describe(m));
  addExamples(program, [
    { command: 'coopctl registration show 00010001000001005', note: m.help.notes.lookUp },
    { command: 'coopctl --lang pt-BR record summary 00010001000001005', note: m.help.notes.inPortuguese },
    'coopctl schedule dates --cd-local 101 --prest-cod-svc-card 9001',
    { command: 'coopctl enrol contract search --json', note: m.help.notes.scriptJson },
  ]);
  addNote(program, m.help.exitCodes);
  // The areas named, by their English or Portuguese names.
  const named = new Set(argv.map(areaOf).filter((area) => area !== undefined));
  if (named.size) await (await lazy.operationTree()).addOperationCommands(program, run, named);
  const toAdd = namedCommands(program, argv);
  const definers = await Promise.all(toAdd.map((entry) => entry.load()));
  for (const [i, { words }] of toAdd.entries())
    definers[i]!(program.commands.find((c) => c.name() === words[0])!, run, buildProgram);
  return program;
}
