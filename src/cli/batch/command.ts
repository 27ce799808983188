/**
 * `coopctl enrol batch <file>`: the command's definition only (commander);
 * the work is loaded when it runs (run.ts).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Messages } from '../i18n/index.js';
import type { RunState } from '../run-state.js';

/** A whole number from 1 to 64 (`--concurrency`, `--per-contract`). */
function upTo64(problem: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) throw new InvalidArgumentError(problem);
    return Number(value);
  };
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

function options(help: Messages['wizardHelp']['batch']): Option[] {
  const count = upTo64(help.upTo64);
  return [
    new Option('--concurrency <n>', help.concurrency).argParser(count).default(8),
    new Option('--per-contract <n>', help.perContract).argParser(count).default(1),
    new Option('--skip-invalid', help.skipInvalid),
    new Option('--journal <file>', help.journal),
    new Option('--report <file>', help.report),
    new Option('--format <format>', help.format).choices(['csv', 'json']),
    new Option('--resend-uncertain', help.resendUncertain),
    new Option('-n, --dry-run', help.dryRun),
  ];
}

export function defineBatchCommand(enrol: Command, run: RunState): void {
  const help = run.m.wizardHelp.batch;
  const cmd = enrol.command('batch').description(help.description).argument('<file>', help.file);
  for (const option of options(help)) cmd.addOption(option);
  cmd.addHelpText('after', help.after);
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
