/**
 * What the batch says and does when its file is invalid: nothing is sent
 * when a row is invalid (unless --skip-invalid and some rows are valid); the
 * problems are listed on stderr (the first of them, and how many more), every
 * one in the report file beside the rows (report-file.ts), and in the JSON
 * report with `-o json`.
 */
import { ExitCode } from '../exit-codes.js';
import type { Io } from '../capabilities.js';
import type { Batch } from './input.js';
import { printProblems } from './problems.js';
import { type ReportInput, renderReport } from './report.js';
import { type BatchFiles, saveReport } from './report-file.js';
import type { Problem } from './source.js';
import { words as fileWords } from './file-words.js';

/** Where the problems not listed on the terminal are. */
function whereAll(inv: Io, report: string | undefined): string {
  if (report) return fileWords[inv.lang].everyProblemIn(report);
  return inv.format === 'json' ? fileWords[inv.lang].jsonReportLists : fileWords[inv.lang].oJsonLists;
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
    m: b.inv.m,
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
  if (b.inv.format === 'json')
    b.inv.out(await renderReport({ ...input, report: written }, 'json', b.style, b.inv.mask));
  return ExitCode.usage;
}

/** Stops the batch (its exit code) when the file cannot be sent; else lists the rows left out, if any. */
export async function refuseInvalid(b: Batch, skipInvalid: boolean, files: BatchFiles): Promise<number | undefined> {
  const { inv, name, plan, problems, invalidRows, validRows } = b;
  const said = fileWords[inv.lang];
  if (plan.fatal.length) {
    await inv.notice(said.notABatchFile(name), 'error');
    return stopInvalid(b, `${name}:`, plan.fatal);
  }
  if (invalidRows && (!skipInvalid || validRows === 0)) {
    await inv.notice(said.invalidRows(name, invalidRows, plan.rows.length, problems.length, validRows > 0), 'error');
    return stopInvalid(b, said.invalidTitle(name), problems, files);
  }
  if (invalidRows)
    printProblems(inv, said.leftOut(name, invalidRows), problems, plan.format, whereAll(inv, files.report));
  return undefined;
}
