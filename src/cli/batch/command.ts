/**
 * `coopctl enrol batch <file>`: the command's definition only (commander);
 * the work is loaded when it runs (run.ts).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { RunState } from '../run-state.js';

function upTo64(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new InvalidArgumentError('must be a whole number from 1 to 64.');
  return Number(value);
}

const HELP = `
CSV: a header of column names, then one row per beneficiary. Columns:
  contract                  a key of your choice grouping the rows of one contract
  contract.<field>          the contract (registro_ans, coop_id, produto_tabela_id, origem, …)
  payer.<field>             its financial responsible party (cpf, nome, …); optional
  <field>                   the beneficiary (cpf, data_solicitacao, grau_dependencia, nome, …)
  contact.<field>, address.<field>, document.<field>   (contact2., address2., … for more)
  ds.<formulario_id>.<pergunta_id>                     a declaration answer, S or N
Contract and payer columns go on one row of the contract, or repeat identically.
A journal beside the file (<file>.journal.jsonl) records every step: rerun the same
command after a failure or an interruption, and what is done is skipped.
The terminal gets a short summary; every row's ids and result go to a report file
(<file>.report.csv); -o json|jsonl|csv prints the rows on stdout too.
Exit: 0 every row done, 1 some row not done, 2 invalid file (nothing sent), 4 unreachable, 130 interrupted.

Example: coopctl enrol batch members.csv --concurrency 8 -o json`;

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

function options(): Option[] {
  return [
    new Option('--concurrency <n>', 'requests in flight at once').argParser(upTo64).default(8),
    new Option(
      '--per-contract <n>',
      'beneficiaries of one contract created at once; above 1, an interrupted run may leave several in doubt that a rerun cannot tell apart (docs/batch.md)',
    )
      .argParser(upTo64)
      .default(1),
    new Option(
      '--skip-invalid',
      'send the valid rows and report the invalid ones (by default an invalid row stops everything)',
    ),
    new Option(
      '--journal <file>',
      'the journal of the batch (default: <file>.journal.jsonl beside the file; none for stdin)',
    ),
    new Option(
      '--report <file>',
      'the report file, one line per row: CSV, or JSON lines if it ends in .jsonl (default: <file>.report.csv beside the file)',
    ),
    new Option('--format <format>', 'the file format (default: by extension, else by content)').choices([
      'csv',
      'json',
    ]),
    new Option(
      '--resend-uncertain',
      'send again the steps an interrupted run left in doubt that a rerun could not decide',
    ),
    new Option('-n, --dry-run', 'validate the file and say what would be sent; send nothing'),
  ];
}

export function defineBatchCommand(enrol: Command, run: RunState): void {
  const cmd = enrol
    .command('batch')
    .description('enrol contracts, payers and beneficiaries from a CSV or JSON file (resumable: see docs/batch.md)')
    .argument('<file>', 'a CSV file (one row per beneficiary) or a JSON file (an array of contracts); "-" reads stdin');
  for (const option of options()) cmd.addOption(option);
  cmd.addHelpText('after', HELP);
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
