/**
 * The command tree's root: global options and the top-level groups. A
 * group's commands are built only when the command line names it (the
 * areas' commands come from the catalogue, which loads zod), so that
 * `coopctl --help` stays fast.
 */
import { Command } from 'commander';
import { areas, isArea } from './areas.js';
import { addGlobalOptions } from './global-options.js';
import type { RunState } from './run-state.js';
import { version } from './version.js';

const groups = {
  config: 'show and change the settings of a profile (--profile, else $COOPCTL_PROFILE, else "default")',
  serve: 'run the embedded server: a local stand-in for the service',
  openapi: 'print the OpenAPI 3.1 document of the service, generated from the catalogue, with the configured hosts',
  api: 'raw call of any path on the configured hosts: coopctl api <METHOD> <path> [-f key=value]...',
  completion: 'print a shell completion script: coopctl completion bash|zsh|fish',
} as const;

export async function buildProgram(run: RunState, argv: readonly string[]): Promise<Command> {
  const { ctx } = run;
  const program = new Command('coopctl')
    .description("Administration tool for the cooperative's Beneficiary Services interface, with an embedded server")
    .version(version, '-V, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: (s) => ctx.stderr.write(s) })
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ showGlobalOptions: true });
  addGlobalOptions(program);
  for (const [name, description] of Object.entries({ ...areas, ...groups }))
    program.command(name).description(description);
  program.addHelpText(
    'after',
    '\nExit codes: 0 success, 1 refused or failed, 2 usage or validation error (nothing sent), 3 no result, 4 transport failure, 130 interrupted.',
  );
  const group = (name: string) => program.commands.find((c) => c.name() === name)!;
  const named = new Set(argv.filter(isArea));
  if (named.size) (await import('./commands/tree.js')).addOperationCommands(program, run, named);
  if (argv.includes('enrol')) (await import('./batch/command.js')).defineBatchCommand(group('enrol'), run);
  if (argv.includes('config')) (await import('./config/command.js')).defineConfigCommands(group('config'), run);
  if (argv.includes('serve')) (await import('./serve-command.js')).defineServeCommand(group('serve'), run);
  if (argv.includes('openapi')) (await import('./openapi-command.js')).defineOpenApiCommand(group('openapi'), run);
  if (argv.includes('api')) (await import('./api-command.js')).defineApiCommand(group('api'), run);
  if (argv.includes('completion'))
    (await import('./completion/command.js')).defineCompletionCommand(group('completion'), run, buildProgram);
  return program;
}
