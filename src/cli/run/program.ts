/**
 * The command tree's root: global options and the top-level groups. A
 * group's commands are built only when the command line names it (the
 * areas' commands come from the catalogue, which loads zod), so that
 * `coopctl --help` stays fast. Help is in the run's language (run.m).
 */
import type { Command } from 'commander';
import { maskPersonalNumbers } from '../../catalogue/mask.js';
import { aliasesOf, areaOf, areas } from '../help/areas.js';
import { addGlobalOptions } from '../flags/global.js';
import { rootCommand } from '../help/command.js';
import { addExamples, addNote } from '../help/sections.js';
import type { RunState } from './state.js';
import { buildFacts } from '../version.js';

export async function buildProgram(run: RunState, argv: readonly string[]): Promise<Command> {
  const { ctx, m } = run;
  // Without --mask, commander's errors still hide all but the last 4 digits of a card or CPF they repeat.
  const program = rootCommand('coopctl', ctx, m, run.mask?.text ?? maskPersonalNumbers)
    .description(m.help.root)
    .version(m.about.version(buildFacts()), '-V, --version', m.help.versionOption);
  addGlobalOptions(program, m);
  for (const area of Object.keys(areas) as Array<keyof typeof areas>)
    program.command(area).aliases(aliasesOf(area, areas[area])).description(m.help.areas[area]);
  const groups = m.commandsHelp;
  const described: ReadonlyArray<readonly [string, string]> = [
    ['config', groups.config.description],
    ['serve', groups.serve.description],
    ['audit', m.audit.description],
    ['backup', m.backup.description],
    ...(['openapi', 'api', 'completion'] as const).map((name) => [name, groups[name].description] as const),
  ];
  for (const [name, description] of described) program.command(name).description(description);
  addExamples(program, [
    { command: 'coopctl registration show 00010001000001005', note: m.help.notes.lookUp },
    { command: 'coopctl --lang pt-BR record summary 00010001000001005', note: m.help.notes.inPortuguese },
    'coopctl schedule dates --cd-local 101 --prest-cod-svc-card 9001',
    { command: 'coopctl enrol contract search --json', note: m.help.notes.scriptJson },
  ]);
  addNote(program, m.help.exitCodes);
  const group = (name: string) => program.commands.find((c) => c.name() === name)!;
  // The areas named, by their English or Portuguese names.
  const named = new Set(argv.map(areaOf).filter((area) => area !== undefined));
  if (named.size) (await import('../commands/tree.js')).addOperationCommands(program, run, named);
  if (named.has('enrol')) (await import('../batch/command.js')).defineBatchCommand(group('enrol'), run);
  if (argv.includes('config')) (await import('../config/command.js')).defineConfigCommands(group('config'), run);
  if (argv.includes('serve')) (await import('../serve/command.js')).defineServeCommand(group('serve'), run);
  if (argv.includes('audit')) (await import('../audit/command.js')).defineAuditCommand(group('audit'), run);
  if (argv.includes('backup')) (await import('../backup/command.js')).defineBackupCommand(group('backup'), run);
  if (argv.includes('openapi')) (await import('../openapi/command.js')).defineOpenApiCommand(group('openapi'), run);
  if (argv.includes('api')) (await import('../api/command.js')).defineApiCommand(group('api'), run);
  if (argv.includes('completion'))
    (await import('../completion/command.js')).defineCompletionCommand(group('completion'), run, buildProgram);
  return program;
}
