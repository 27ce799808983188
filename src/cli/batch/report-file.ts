/**
 * The report file of a batch: one line per row (its ids, its result, and
 * why it is not done), as CSV (`-o csv`'s columns), or JSON lines when its
 * name ends in `.jsonl`. Beside the input by default (`<file>.report.csv`);
 * for stdin, beside the journal given with --journal, else only with
 * --report. It is private (0600): its messages may repeat the file's
 * personal data. Checked before anything is sent, written whole at the end
 * (a new file renamed over the old one).
 */
import { encodeText, plainDialect } from './dialect.js';
import { fileFault } from '../file-errors.js';
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../exit-codes.js';
import { writePrivateFileSync } from '../../files/private-file.js';
import type { Messages } from '../i18n/index.js';
import type { Io } from '../capabilities.js';
import { renderReport, type ReportInput } from './report.js';
import { words as fileWords } from './file-words.js';

/** Where a batch keeps its records, and how to run it again. */
export interface BatchFiles {
  readonly journal: string | undefined;
  /** The report file; undefined for none (stdin without --report or --journal). */
  readonly report: string | undefined;
  /** The command that resumes the batch; undefined when it cannot be resumed (stdin without a journal). */
  readonly rerun: string | undefined;
}

const JOURNAL_SUFFIX = '.journal.jsonl';

/** Where the report goes: --report, else beside the file, else (stdin) beside the journal; undefined for none. */
export function reportPath(file: string, report: string | undefined, journal: string | undefined): string | undefined {
  if (report !== undefined) return report;
  if (file !== '-') return `${file}.report.csv`;
  if (journal === undefined) return undefined;
  const base = journal.endsWith(JOURNAL_SUFFIX) ? journal.slice(0, -JOURNAL_SUFFIX.length) : journal;
  return `${base}.report.csv`;
}

/** The report's format, by its name. */
export function reportFormat(path: string): 'csv' | 'jsonl' {
  return path.toLowerCase().endsWith('.jsonl') ? 'jsonl' : 'csv';
}

/** Refuses (exit 2, before anything is sent) a report that cannot be written: the journal, a folder, or in a folder not writable. */
export function checkReportPath(m: Messages, path: string, journal: string | undefined): void {
  const why = (reason: string) => new UsageError(fileWords[m.common.lang].reportUnwritable(path, reason));
  if (journal !== undefined && resolve(path) === resolve(journal)) throw why(fileWords[m.common.lang].itIsJournal);
  try {
    if (statSync(path).isDirectory()) throw why(fileWords[m.common.lang].itIsFolder);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw why(fileFault(m, err));
  }
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch (err) {
    throw why(fileFault(m, err));
  }
}

/** Writes the report: a new private file (0600) renamed over any earlier report (src/files/private-file.ts). */
export function writeReport(path: string, text: string | Uint8Array): void {
  writePrivateFileSync(path, text);
}

/** Writes the report file, if there is one; its path, or undefined (none, or it could not be written: said on stderr). */
export async function saveReport(inv: Io, input: ReportInput): Promise<string | undefined> {
  const path = input.report;
  if (path === undefined) return undefined;
  const style = await inv.style('stdout');
  try {
    const format = reportFormat(path);
    const text = await renderReport(input, format, style);
    // A CSV report in the input's encoding and byte-order mark, as the spreadsheet that wrote the input reads it.
    writeReport(path, format === 'csv' ? encodeText(text, input.plan.dialect ?? plainDialect) : text);
    return path;
  } catch (err) {
    await inv.notice(fileWords[inv.lang].reportNotWritten(path, fileFault(inv.m, err)), 'error');
    return undefined;
  }
}
