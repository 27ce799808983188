/**
 * `coopctl enrol batch <file>`: the command's definition only (commander);
 * the work is loaded when it runs (run.ts).
 */
import { aliasesOf } from '../help/areas.js';
import type { Command } from 'commander';
import { addFlags, type FlagDecls, named, readFlags, type TextKey } from '../flags/declared.js';
import { wholeNumber } from '../flags/global.js';
import { addExamples, addNote } from '../help/sections.js';
import type { Messages } from '../i18n/index.js';
import { addArgs, type ArgDecl, readArgs } from '../flags/positional.js';
import type { RunState } from '../run/state.js';
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

export function defineBatchCommand(enrol: Command, run: RunState): void {
  const { m } = run;
  const words = m.commandsHelp.batch;
  const cmd = enrol.command('batch').aliases(aliasesOf('batch', 'lote')).description(words.description);
  addArgs(cmd, fileArgs, m);
  addFlags(cmd, batchFlags, m);
  addExamples(cmd, [
    { command: 'coopctl enrol batch members.csv --dry-run', note: words.check },
    { command: 'coopctl enrol batch members.csv --concurrency 8 -o json', note: words.send },
  ]);
  addNote(cmd, { heading: words.columnsHeading, items: columns(m) });
  addNote(cmd, words.note);
  addNote(cmd, words.exit);
  run.bind(cmd, async (inv, args) => {
    const { journal, report, template, ...flags } = readFlags(batchFlags, inv.options);
    // --template: the example file of `coopctl help batch`, to fill in.
    if (template) {
      inv.out(`${(await lazy.batchTopic()).TEMPLATE}\n`);
      return 0;
    }
    const [file] = readArgs(fileArgs, args);
    if (file === undefined) throw new UsageError((w) => w.help.errors.missingArgument(w.help.field.placeholder.file));
    const { runBatch } = await lazy.batchRun();
    // An empty --journal or --report is the default place, as not given.
    return runBatch(inv, file, {
      ...flags,
      ...(journal ? { journal } : {}),
      ...(report ? { report } : {}),
    });
  });
}
