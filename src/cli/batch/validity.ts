/**
 * What the batch says and does when its file is invalid: nothing is sent
 * when a row is invalid (unless --skip-invalid and some rows are valid); the
 * problems are listed on stderr (the first of them, and how many more), every
 * one in the report file beside the rows (report-file.ts), and in the JSON
 * report with `-o json`.
 */
import { ExitCode } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import type { Batch } from './input.js';
import { counted } from './plural.js';
import { printProblems } from './problems.js';
import { type ReportInput, renderReport } from './report.js';
import { type BatchFiles, saveReport } from './report-file.js';
import type { Problem } from './source.js';

/** Where the problems not listed on the terminal are. */
function whereAll(inv: Invocation, report: string | undefined): string {
  if (report) return `every problem is in ${report}`;
  return inv.format === 'json' ? 'the JSON report lists them all' : '-o json lists them all';
}

/**
 * Lists the problems that stop the batch, writes the report file of its
 * rows when `files` gives one (and with `-o json`, prints a report of
 * nothing sent); the exit code.
 */
export async function stopInvalid(
  b: Batch,
  title: string,
  problems: readonly Problem[],
  files?: BatchFiles,
): Promise<number> {
  const input: ReportInput = {
    file: b.name,
    journal: undefined,
    report: files?.report,
    plan: b.plan,
    results: [...b.results.values()],
    totals: undefined,
    why: 'invalid',
    problems,
  };
  const written = files ? await saveReport(b.inv, input) : undefined;
  printProblems(b.inv, title, problems, b.plan.format, whereAll(b.inv, written));
  if (b.inv.format === 'json') b.inv.out(await renderReport({ ...input, report: written }, 'json', b.style));
  return ExitCode.usage;
}

/** Stops the batch (its exit code) when the file cannot be sent; else lists the rows left out, if any. */
export async function refuseInvalid(b: Batch, skipInvalid: boolean, files: BatchFiles): Promise<number | undefined> {
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
    return stopInvalid(b, `${name}: invalid rows:`, problems, files);
  }
  if (invalidRows)
    printProblems(
      inv,
      `${name}: ${counted(invalidRows, 'invalid row')} left out (--skip-invalid):`,
      problems,
      plan.format,
      whereAll(inv, files.report),
    );
  return undefined;
}
