/**
 * Every command of coopctl that is not one catalogue operation, listed once.
 * The catalogue's operations are commands by themselves (tree.ts adds one per
 * entry under its area's words, with the module that adds to it, if any:
 * specs.ts's `operationModules`, by area); what this module lists is the
 * rest, each under its top-level word (`commands`), and the top-level words
 * that are not areas (`topLevel`). Each is loaded only when the command line
 * names its group (program.ts), through src/cli/lazy.ts: this module and
 * specs.ts are the CLI's only callers of a command module's loader, so that
 * building the tree for one command loads no module of another group.
 */
import type { Command } from 'commander';
import type { Messages } from '../i18n/index.js';
import type { RunState } from '../run/state.js';
import * as lazy from '../lazy.js';
import type { CommandDef, ProgramBuilder } from './command-def.js';

/**
 * Adds a command (its words below `group`, or `group` itself for a top-level command) with its flags, help and
 * action; `program` is the tree's builder, which the command may build a tree of its own with (`completion`).
 */
export type Definer = (group: Command, run: RunState, program: ProgramBuilder) => void;

/** A command that is not one catalogue operation. */
export interface Registered {
  /** Its words: its top-level group first (an area, or its own word), then its own (none for a top-level command). */
  readonly words: readonly [string, ...string[]];
  /** Its module's definition, loaded when its group is named. */
  load(): Promise<Definer>;
}

/** A top-level word that is not an area, with its description in the run's language. */
export interface TopLevel {
  readonly name: string;
  describe(m: Messages): string;
}

/** The top-level commands that are not areas, in the order of the root help (the areas come first: help/areas.ts). */
export const topLevel: readonly TopLevel[] = [
  { name: 'config', describe: (m) => m.commandsHelp.config.description },
  { name: 'serve', describe: (m) => m.commandsHelp.serve.description },
  { name: 'audit', describe: (m) => m.commandsHelp.audit.description },
  { name: 'backup', describe: (m) => m.commandsHelp.backup.description },
  { name: 'openapi', describe: (m) => m.commandsHelp.openapi.description },
  { name: 'api', describe: (m) => m.commandsHelp.api.description },
  { name: 'completion', describe: (m) => m.commandsHelp.completion.description },
];

/** The definer of a command declared by `defineCommand({ words, flags, args, run })` (command-def.ts). */
function defined(load: () => Promise<CommandDef>): () => Promise<Definer> {
  return async () => {
    const [{ addDefined }, def] = await Promise.all([lazy.commandDef(), load()]);
    return (group, run, program) => addDefined(group, def, run, program);
  };
}

/** The commands that are not one operation, in the order they are added to their group. */
export const commands: readonly Registered[] = [
  { words: ['record', 'summary'], load: defined(async () => (await lazy.recordSummary()).summaryCommand) },
  { words: ['enrol', 'wizard'], load: defined(async () => (await lazy.enrolWizard()).enrolWizardCommand) },
  { words: ['enrol', 'batch'], load: defined(async () => (await lazy.batchCommand()).batchCommand) },
  { words: ['config'], load: defined(async () => (await lazy.configCommand()).configGroup) },
  { words: ['config', 'path'], load: defined(async () => (await lazy.configCommand()).configPath) },
  { words: ['config', 'list'], load: defined(async () => (await lazy.configCommand()).configList) },
  { words: ['config', 'get'], load: defined(async () => (await lazy.configCommand()).configGet) },
  { words: ['config', 'set'], load: defined(async () => (await lazy.configCommand()).configSet) },
  { words: ['config', 'unset'], load: defined(async () => (await lazy.configCommand()).configUnset) },
  { words: ['serve'], load: defined(async () => (await lazy.serveCommand()).serveCommand) },
  { words: ['serve', 'admin'], load: defined(async () => (await lazy.serveAdmin()).adminCommand) },
  { words: ['serve', 'journal'], load: defined(async () => (await lazy.serveAdmin()).journalCommand) },
  { words: ['audit'], load: defined(async () => (await lazy.auditCommand()).auditCommand) },
  { words: ['audit', 'purge'], load: defined(async () => (await lazy.auditCommand()).auditPurgeCommand) },
  { words: ['audit', 'verify'], load: defined(async () => (await lazy.auditCommand()).auditVerifyCommand) },
  { words: ['backup'], load: defined(async () => (await lazy.backupCommand()).backupCommand) },
  { words: ['openapi'], load: defined(async () => (await lazy.openApiCommand()).openApiCommand) },
  { words: ['api'], load: defined(async () => (await lazy.apiCommand()).apiCommand) },
  { words: ['completion'], load: defined(async () => (await lazy.completionCommand()).completionCommand) },
];
