/**
 * `coopctl enrol batch <file>`: the command's definition only (commander);
 * the work is loaded when it runs (run.ts).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { addExamples, addNote } from '../help/sections.js';
import type { Messages } from '../i18n/index.js';
import type { RunState } from '../run-state.js';

function upTo64(m: Messages) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
      throw new InvalidArgumentError(m.commandsHelp.batch.invalidCount);
    return Number(value);
  };
}

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

/** The command's options, as commander gives them. */
interface Flags {
  concurrency: number;
  perContract: number;
  skipInvalid?: boolean;
  journal?: string;
  report?: string;
  format?: 'csv' | 'json';
  resendUncertain?: boolean;
  dryRun?: boolean;
}

function options(m: Messages): Option[] {
  const words = m.commandsHelp.batch;
  const p = m.help.field.placeholder;
  return [
    new Option('--concurrency <n>', words.concurrency).argParser(upTo64(m)).default(8),
    new Option('--per-contract <n>', words.perContract).argParser(upTo64(m)).default(1),
    new Option('--skip-invalid', words.skipInvalid),
    new Option(`--journal <${p.file}>`, words.journal),
    new Option(`--report <${p.file}>`, words.report),
    new Option(`--format <${p.format}>`, words.format).choices(['csv', 'json']),
    new Option('--resend-uncertain', words.resendUncertain),
    new Option('-n, --dry-run', words.dryRun),
  ];
}

export function defineBatchCommand(enrol: Command, run: RunState): void {
  const { m } = run;
  const words = m.commandsHelp.batch;
  const cmd = enrol
    .command('batch')
    .description(words.description)
    .argument(`<${m.help.field.placeholder.file}>`, words.file);
  for (const option of options(m)) cmd.addOption(option);
  addExamples(cmd, [
    { command: 'coopctl enrol batch members.csv --dry-run', note: words.check },
    { command: 'coopctl enrol batch members.csv --concurrency 8 -o json', note: words.send },
  ]);
  addNote(cmd, { heading: words.columnsHeading, items: columns(m) });
  addNote(cmd, words.note);
  addNote(cmd, words.exit);
  run.bind(cmd, async (inv, args, command) => {
    const o = command.opts<Flags>();
    const { runBatch } = await import('./run.js');
    return runBatch(inv, String(args[0]), {
      concurrency: o.concurrency,
      perContract: o.perContract,
      skipInvalid: o.skipInvalid === true,
      resendUncertain: o.resendUncertain === true,
      dryRun: o.dryRun === true,
      ...(o.format ? { format: o.format } : {}),
      ...(o.journal ? { journal: o.journal } : {}),
      ...(o.report ? { report: o.report } : {}),
    });
  });
}
