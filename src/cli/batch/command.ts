/**
 * `coopctl enrol batch <file>`: the command's declaration only
 * (commands/command-def.ts); the work is loaded when it runs (run.ts).
 */
import { defineCommand } from '../commands/command-def.js';
import { type FlagDecls, named, type TextKey } from '../flags/declared.js';
import { wholeNumber } from '../flags/global.js';
import type { Messages } from '../i18n/index.js';
import type { ArgDecl } from '../flags/positional.js';
import { UsageError } from '../exit-codes.js';
import * as lazy from '../lazy.js';

/** The CSV columns, as the help lists them. */
function columns(m: Messages): Array<[string, string]> {
  const words = m.commandsHelp.batch.columns;
  const f = words.field;
  return [
    ['contract', words.contract],
    [`contract.${f}`, words.contractField],
    [`payer.${f}`, words.payerField],
    [f, words.beneficiary],
    [`contact.${f}`, words.contact],
    [`address.${f}`, words.address],
    [`document.${f}`, words.document],
    ['ds.<formulario_id>.<pergunta_id>', words.answer],
  ];
}

/** The help of a flag of `enrol batch`, in the language of `m`. */
const says =
  (key: TextKey<Messages['commandsHelp']['batch']>) =>
  (m: Messages): string =>
    m.commandsHelp.batch[key];
const file = named('file');
const count = { type: 'value', placeholder: () => 'n', parse: wholeNumber(1, 64) } as const;

/** The command's flags (BatchOptions, run.ts). */
const batchFlags = {
  concurrency: { ...count, help: says('concurrency'), default: 8 },
  perContract: { ...count, help: says('perContract'), default: 1 },
  skipInvalid: { type: 'boolean', help: says('skipInvalid') },
  journal: { type: 'value', placeholder: file, help: says('journal') },
  report: { type: 'value', placeholder: file, help: says('report') },
  format: { type: 'value', placeholder: named('format'), help: says('format'), choices: ['csv', 'json'] },
  resendUncertain: { type: 'boolean', help: says('resendUncertain') },
  dryRun: { type: 'boolean', short: 'n', help: says('dryRun') },
  template: { type: 'boolean', help: (m: Messages) => m.about.batchTemplate },
} as const satisfies FlagDecls;

/** The file of enrolments. */
const fileArgs = [
  { name: (m) => m.help.field.placeholder.file, help: (m) => m.commandsHelp.batch.file, optional: true },
] as const satisfies readonly ArgDecl[];

/** `batch` under the `enrol` group. */
export const batchCommand = defineCommand({
  words: ['enrol', 'batch'],
  portuguese: 'lote',
  description: (m) => m.commandsHelp.batch.description,
  args: fileArgs,
  flags: batchFlags,
  examples: (m) => [
    { command: 'coopctl enrol batch members.csv --dry-run', note: m.commandsHelp.batch.check },
    { command: 'coopctl enrol batch members.csv --concurrency 8 -o json', note: m.commandsHelp.batch.send },
  ],
  notes: (m) => {
    const words = m.commandsHelp.batch;
    return [{ heading: words.columnsHeading, items: columns(m) }, words.note, words.exit];
  },
  async run(io, [file], { journal, report, template, ...flags }) {
    // --template: the example file of `coopctl help batch`, to fill in.
    if (template) {
      io.out(`${(await lazy.batchTopic()).TEMPLATE}\n`);
      return 0;
    }
    if (file === undefined) throw new UsageError((w) => w.help.errors.missingArgument(w.help.field.placeholder.file));
    const { runBatch } = await lazy.batchRun();
    // An empty --journal or --report is the default place, as not given.
    return runBatch(io, file, {
      ...flags,
      ...(journal ? { journal } : {}),
      ...(report ? { report } : {}),
    });
  },
});
