/**
 * What the CLI loads late, and why: every module the CLI's code loads on first
 * use instead of at start-up goes through one function here, so that a
 * one-shot command starts with only what it runs. The command modules are
 * loaded here too: commands/registry.ts and commands/specs.ts list them and
 * call these functions when the command line names their group, and no other
 * module calls those (test/cli/command-model-rules.test.ts). A late load is
 * its caller's import (test/source/imports.test.ts: no cycle through one), so
 * a module loaded late does not import back what loads it: `completion`,
 * which builds the whole tree again, is given the program's builder
 * (commands/command-def.ts's `Inputs`) rather than importing run/program.ts.
 * An `import()` becomes, in the bundle, a module initialised on first use
 * (src/boot/bundles.mjs); the large dependencies that only some commands use
 * are outside the bundle (EXTERNAL there) and loaded from node_modules, the
 * ES-module ones by require() (Node ≥ 20.19: esbuild's own require() of an ES
 * module would take its namespace for the default export). The single
 * executable bundles them: scripts/build-exe.mjs rewrites each
 * `createRequire(…)` here into a plain require().
 */
import { createRequire } from 'node:module';

// Node's own modules that only some runs use.

/** Waiting between retries (a client that retries). */
export const timersPromises = () => import('node:timers/promises');
/** Reading a file a flag names, or the token file. */
export const fsPromises = () => import('node:fs/promises');
/** Whether a path exists (a backup's files). */
export const fs = () => import('node:fs');
/** Reading stdin whole (`-` for a file). */
export const streamConsumers = () => import('node:stream/consumers');
/** Starting the pager. */
export const childProcess = () => import('node:child_process');
/** Styling the prompts' texts. */
export const nodeUtil = () => import('node:util');

// Dependencies outside the bundle, for the commands that use them.

/** conf (with ajv, 0.4 MB): the configuration commands and saved profiles. */
export const conf = () => createRequire(import.meta.filename)('conf') as typeof import('conf');
/** @inquirer/prompts (0.8 MB): a question on a terminal. */
export const inquirerPrompts = () =>
  createRequire(import.meta.filename)('@inquirer/prompts') as typeof import('@inquirer/prompts');
/** string-width (it makes an Intl.Segmenter when loaded, 20–50 ms): only for text beyond Latin-1. */
export const stringWidth = () => createRequire(import.meta.filename)('string-width') as typeof import('string-width');
/** jq-web (a CommonJS module that resolves to jq when its WebAssembly is ready): `--jq`. */
export const jqWeb = (): unknown => createRequire(import.meta.filename)('jq-web');

// coopctl's own modules that only some runs use.

/** The client (its transport, retries, interpretation): a command that sends a request. */
export const client = () => import('../client/client.js');
/** Masking (`--mask`): only a run that masks. */
export const mask = () => import('./output/mask.js');
/** `--json`'s fields read before parsing: only a command line with `--json`. */
export const jsonFields = () => import('./output/json-fields.js');
/** The renderers: what a command prints as a table, JSON or a list. */
export const render = () => import('./output/render.js');
/** The tables of people's records (column priority, people's forms). */
export const peopleTable = () => import('./output/people-table.js');
/** `--json` field selection. */
export const jsonSelect = () => import('./output/json-select.js');
/** `--jq`'s runner. */
export const jq = () => import('./output/jq.js');
/** The configuration file's store (conf). */
export const configStore = () => import('./config/store.js');
/** Writing a private file (with node:crypto for its temporary name, 0.8 ms to load): the terminal's card, at a terminal only. */
export const privateFile = () => import('../files/private-file.js');
/** Whether a file a flag names may be trusted (its owner and mode). */
export const fileTrust = () => import('./config/file-trust.js');
/** The server: `coopctl serve` alone. */
export const serve = () => import('../server/serve.js');
/** serve's words in Portuguese. */
export const serveWords = () => import('./i18n/serve-words.js');
/** The batch's run: `enrol batch`. */
export const batchRun = () => import('./batch/run.js');
/** The batch file's template (`enrol batch --template`). */
export const batchTopic = () => import('./i18n/topics/batch.js');
/** Reading a store's audit without a server (`coopctl audit`). */
export const auditRead = () => import('../server/audit/read.js');
/** The audit's seal chain (`coopctl audit verify`). */
export const auditSeal = () => import('../server/audit/seal.js');
/** The audit's key file (`coopctl backup`). */
export const auditKey = () => import('../server/audit/key.js');
/** Where a store is (`coopctl audit`, `coopctl backup`). */
export const storeLocation = () => import('../server/store/location.js');
/** The server's start errors (`coopctl audit`). */
export const startError = () => import('../server/start-error.js');
/** A SQLite store's online backup (`coopctl backup`). */
export const sqliteBackup = () => import('../server/store/sqlite/backup.js');

// The command modules: each is loaded when the command line names its words (commands/registry.ts lists the
// commands that are not one operation, commands/specs.ts the operations' modules by area).

/** The declarations' builder (commands/command-def.ts): a command that is not one operation. */
export const commandDef = () => import('./commands/command-def.js');
/** `record summary`. */
export const recordSummary = () => import('./commands/record/summary.js');
/** `enrol wizard`. */
export const enrolWizard = () => import('./commands/enrol/wizard.js');
/** `enrol batch`. */
export const batchCommand = () => import('./batch/command.js');
/** `config` and its commands. */
export const configCommand = () => import('./config/command.js');
/** `serve`. */
export const serveCommand = () => import('./serve/command.js');
/** `serve admin` and `serve journal`. */
export const serveAdmin = () => import('./serve/admin.js');
/** `audit`, `audit purge` and `audit verify`. */
export const auditCommand = () => import('./audit/command.js');
/** `backup`. */
export const backupCommand = () => import('./backup/command.js');
/** `openapi`. */
export const openApiCommand = () => import('./openapi/command.js');
/** `api`. */
export const apiCommand = () => import('./api/command.js');
/** `completion`. */
export const completionCommand = () => import('./completion/command.js');
/** `registration show`. */
export const registrationShow = () => import('./commands/registration/show.js');
/** `registration save-address`. */
export const registrationSaveAddress = () => import('./commands/registration/save-address.js');
/** `registration delete-address`. */
export const registrationDeleteAddress = () => import('./commands/registration/delete-address.js');
/** `schedule dates`. */
export const scheduleDates = () => import('./commands/schedule/dates.js');
/** `schedule book`. */
export const scheduleBook = () => import('./commands/schedule/book.js');
/** `schedule cancel`. */
export const scheduleCancel = () => import('./commands/schedule/cancel.js');
/** `notify send`. */
export const notifySend = () => import('./commands/notify/send.js');
/** `notify send-all`. */
export const notifySendAll = () => import('./commands/notify/send-all.js');

// What the command tree and the commands load on first use.

/** The catalogue operations' commands (commands/tree.ts): the command line names an area. */
export const operationTree = () => import('./commands/tree.js');
/** The help topics (`help TOPIC`). */
export const helpTopics = () => import('./help/topics/index.js');
/** A help topic's rendering (`help TOPIC`). */
export const topicModel = () => import('./help/topics/model.js');
/** `enrol wizard`'s flow, when it runs. */
export const enrolWizardRun = () => import('./commands/enrol/wizard/run.js');
/** `record summary`'s printing, once the answers are in. */
export const summaryPrint = () => import('./commands/record/summary/print.js');
/** `registration show`'s card, when a table is drawn. */
export const registrationCard = () => import('./output/registration-card.js');
/** `schedule book`'s wizard, when it asks. */
export const scheduleWizard = () => import('./commands/schedule/book/wizard.js');
