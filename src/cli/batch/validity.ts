/**
 * What the batch says and does when its file is invalid: nothing is sent
 * when a row is invalid (unless --skip-invalid and some rows are valid), and
 * the problems are listed on stderr, and in the JSON report with `-o json`.
 */
import { ExitCode } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import type { Batch } from './input.js';
import { counted } from './plural.js';
import { problemLines, renderReport } from './report.js';
import type { Problem } from './source.js';

export function printProblems(inv: Invocation, title: string, problems: readonly Problem[]): void {
  inv.say(title);
  for (const line of problemLines(problems)) inv.say(line);
}

/** Lists the problems that stop the batch (and with `-o json`, a report of nothing sent); the exit code. */
export async function stopInvalid(b: Batch, title: string, problems: readonly Problem[]): Promise<number> {
  printProblems(b.inv, title, problems);
  if (b.inv.format === 'json') {
    const results = [...b.results.values()];
    const input = { file: b.name, journal: undefined, plan: b.plan, results, totals: undefined, problems };
    b.inv.out(await renderReport(input, 'json', b.style));
  }
  return ExitCode.usage;
}

/** Stops the batch (its exit code) when the file cannot be sent; else lists the rows left out, if any. */
export async function refuseInvalid(b: Batch, skipInvalid: boolean): Promise<number | undefined> {
  const { inv, name, plan, problems, invalidRows, validRows } = b;
  if (plan.fatal.length) {
    await inv.notice(`${name} cannot be read as a batch file; nothing was sent`, 'error');
    return stopInvalid(b, `${name}:`, plan.fatal);
  }
  if (invalidRows && (!skipInvalid || validRows === 0)) {
    await inv.notice(
      `${name}: ${invalidRows} of ${plan.rows.length} rows are invalid (${counted(problems.length, 'problem')}); nothing was sent${validRows ? '. Fix them, or rerun with --skip-invalid to send the valid rows' : ''}`,
      'error',
    );
    return stopInvalid(b, `${name}: invalid rows:`, problems);
  }
  if (invalidRows)
    printProblems(inv, `${name}: ${counted(invalidRows, 'invalid row')} left out (--skip-invalid):`, problems);
  return undefined;
}
