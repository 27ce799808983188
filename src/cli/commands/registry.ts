/**
 * Every command of coopctl, listed once. The catalogue's operations are
 * commands by themselves (tree.ts adds one per entry under its area's
 * words); what this module lists is the rest: the modules that add to an
 * operation's command (`operationModules`, by area) and the commands that are
 * not one operation (`commands`, each under its top-level word). Each is
 * loaded only when the command line names its group (program.ts): this is
 * the one module of the CLI that imports a command's module, and it imports
 * them on demand only, so that building the tree for one command loads no
 * module of another group.
 */
import type { Command } from 'commander';
import type { Area } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import type { RunState } from '../run/state.js';
import type { CommandSpec } from '../operations/spec.js';
import type { CommandDef } from './command-def.js';

/** Adds a command (its words below `group`, or `group` itself for a top-level command) with its flags, help and action. */
export type Definer = (group: Command, run: RunState) => void;

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
    const [{ addDefined }, def] = await Promise.all([import('./command-def.js'), load()]);
    return (group, run) => addDefined(group, def, run);
  };
}

/** The commands that are not one operation, in the order they are added to their group. */
export const commands: readonly Registered[] = [
  { words: ['record', 'summary'], load: defined(async () => (await import('./record/summary.js')).summaryCommand) },
  { words: ['enrol', 'wizard'], load: defined(async () => (await import('./enrol/wizard.js')).enrolWizardCommand) },
  { words: ['enrol', 'batch'], load: defined(async () => (await import('../batch/command.js')).batchCommand) },
  { words: ['config'], load: defined(async () => (await import('../config/command.js')).configGroup) },
  { words: ['config', 'path'], load: defined(async () => (await import('../config/command.js')).configPath) },
  { words: ['config', 'list'], load: defined(async () => (await import('../config/command.js')).configList) },
  { words: ['config', 'get'], load: defined(async () => (await import('../config/command.js')).configGet) },
  { words: ['config', 'set'], load: defined(async () => (await import('../config/command.js')).configSet) },
  { words: ['config', 'unset'], load: defined(async () => (await import('../config/command.js')).configUnset) },
  { words: ['serve'], load: defined(async () => (await import('../serve/command.js')).serveCommand) },
  { words: ['serve', 'admin'], load: defined(async () => (await import('../serve/admin.js')).adminCommand) },
  { words: ['serve', 'journal'], load: defined(async () => (await import('../serve/admin.js')).journalCommand) },
  { words: ['audit'], load: defined(async () => (await import('../audit/command.js')).auditCommand) },
  { words: ['audit', 'purge'], load: defined(async () => (await import('../audit/command.js')).auditPurgeCommand) },
  { words: ['audit', 'verify'], load: defined(async () => (await import('../audit/command.js')).auditVerifyCommand) },
  { words: ['backup'], load: defined(async () => (await import('../backup/command.js')).backupCommand) },
  { words: ['openapi'], load: defined(async () => (await import('../openapi/command.js')).openApiCommand) },
  { words: ['api'], load: defined(async () => (await import('../api/command.js')).apiCommand) },
  { words: ['completion'], load: defined(async () => (await import('../completion/command.js')).completionCommand) },
];

/**
 * The command modules of catalogue operations (src/cli/commands/<area>/<verb>.ts, each a `defineCommand` of its
 * operation), by the area they are in; an operation without one runs on its catalogue entry alone (specs.ts).
 */
export const operationModules: Readonly<Record<Area, ReadonlyArray<() => Promise<CommandSpec>>>> = {
  registration: [
    async () => (await import('./registration/show.js')).show,
    async () => (await import('./registration/save-address.js')).saveAddress,
    async () => (await import('./registration/delete-address.js')).deleteAddress,
  ],
  record: [],
  schedule: [
    async () => (await import('./schedule/dates.js')).dates,
    async () => (await import('./schedule/book.js')).book,
    async () => (await import('./schedule/cancel.js')).cancel,
  ],
  enrol: [],
  notify: [
    async () => (await import('./notify/send.js')).send,
    async () => (await import('./notify/send-all.js')).sendAll,
  ],
};
