/**
 * The per-row report of a batch: one entry per row (created ids, result and
 * why a row is not done, an invalid row's problems among it), the failures
 * (place, step, message) and the invalid fields, as JSON, JSON lines or CSV
 * (docs/output.md: data on stdout, messages on stderr); the same CSV or JSON lines
 * go to the report file (report-file.ts). The service's messages in it are
 * made safe to show (output/sanitize.ts).
 */
import { partWords } from './part-words.js';
import type { Row } from '../../catalogue/index.js';
import type { OutputFormat } from '../flags/global.js';
import type { Messages } from '../i18n/index.js';
import { jsonText } from '../output/json-text.js';
import type { Masking } from '../output/mask.js';
import { csv } from '../output/csv.js';
import { renderRows } from '../output/render.js';
import type { Style } from '../output/style.js';
import type { Plan } from './plan.js';
import { problemRows, problemText } from './problems.js';
import type { RowResult } from './row-result.js';
import type { Problem } from './source.js';
import type { SendTotals } from '../enrol/sender.js';
import { words as batchWords } from './words.js';
import { words as fileWords } from './file-words.js';

/** What a row came to: created (every step sent now), resumed (some done by an earlier run), skipped (all done earlier), or why not. */
export type RowOutcome = 'created' | 'resumed' | 'skipped' | 'failed' | 'uncertain' | 'not-run' | 'invalid';

/** Why rows were not sent: sending stopped (SendTotals.stopped), or other rows of the file are invalid. */
export type NotRunWhy = NonNullable<SendTotals['stopped']> | 'invalid';

export interface Summary {
  rows: number;
  /** Rows whose every step is done (created, resumed or skipped). */
  done: number;
  created: number;
  resumed: number;
  skipped: number;
  failed: number;
  uncertain: number;
  /** Rows not sent or not finished: partlyDone + notStarted. */
  notRun: number;
  /** Rows not finished, some of their own steps done (the rest is sent by a rerun). */
  partlyDone: number;
  /** Rows none of whose own steps is done. */
  notStarted: number;
  invalid: number;
  /** Requests sent by this run, and steps skipped because the journal had them done. */
  requestsSent: number;
  stepsSkipped: number;
  stopped?: NotRunWhy;
}

/** A row not sent or not finished that has some of its own steps done (by this run or an earlier one). */
export function partlyDone(r: RowResult): boolean {
  return r.status === 'not-run' && r.sent + r.skipped > 0;
}

export function outcomeOf(r: RowResult): RowOutcome {
  if (r.status !== 'ok') return r.status;
  if (r.sent === 0) return 'skipped';
  return r.skipped === 0 ? 'created' : 'resumed';
}

function place(p: { line?: number; path?: string }): Row {
  return p.line !== undefined ? { line: p.line } : { path: p.path };
}

/** Why a row is not done, in words: the service's messages, an invalid row's problems, or why it was not sent. */
function rowMessage(m: Messages, r: RowResult, format: 'csv' | 'json', why: NotRunWhy | undefined): string | undefined {
  const failures = r.failures.map((f) => `${partWords(m, f.step)}: ${f.message}`).join('; ');
  if (r.idLost) return batchWords[m.common.lang].idLostRow(failures);
  if (failures) return failures;
  if (r.status === 'invalid')
    return [...r.row.errors, ...(r.row.group?.errors ?? [])].map((p) => problemText(m, p, format)).join('; ');
  if (r.status !== 'not-run') return undefined;
  const reason = why ? batchWords[m.common.lang].notRunWhy(why) : '';
  return partlyDone(r) ? batchWords[m.common.lang].notFinished(reason) : batchWords[m.common.lang].notSentRow(reason);
}

/** One entry per row: its place, ids and result code (the same in every language), and its message in the run's. */
export function reportRows(m: Messages, results: readonly RowResult[], format: 'csv' | 'json', why?: NotRunWhy): Row[] {
  return results.map((r) => ({
    ...place(r.row),
    contract: r.row.group?.key ?? '',
    contrato_id: r.contratoId,
    beneficiario_id: r.beneficiarioId,
    result: outcomeOf(r),
    ...(Object.keys(r.records).length ? { records: r.records } : {}),
    sent: r.sent,
    skipped: r.skipped,
    message: rowMessage(m, r, format, why),
  }));
}

export function summarize(results: readonly RowResult[], why: NotRunWhy | undefined, totals?: SendTotals): Summary {
  const s: Summary = {
    rows: results.length,
    done: 0,
    created: 0,
    resumed: 0,
    skipped: 0,
    failed: 0,
    uncertain: 0,
    notRun: 0,
    partlyDone: 0,
    notStarted: 0,
    invalid: 0,
    requestsSent: totals?.sent ?? 0,
    stepsSkipped: totals?.skipped ?? 0,
  };
  for (const r of results) {
    const o = outcomeOf(r);
    if (o === 'created' || o === 'resumed' || o === 'skipped') s.done++;
    if (o === 'not-run') {
      s.notRun++;
      if (partlyDone(r)) s.partlyDone++;
      else s.notStarted++;
    } else s[o]++;
  }
  if (why) s.stopped = why;
  return s;
}

/** The failures of the rows, one entry per failed step. */
export function failureRows(results: readonly RowResult[]): Row[] {
  return results.flatMap((r) =>
    r.failures.map((f) => ({ ...place(r.row), contract: r.row.group?.key ?? '', step: f.step, message: f.message })),
  );
}

export interface ReportInput {
  /** The run's messages: a row's message in the report is in its language. */
  readonly m: Messages;
  readonly file: string;
  readonly journal: string | undefined;
  /** The report file, if one is written. */
  readonly report: string | undefined;
  readonly plan: Plan;
  readonly results: readonly RowResult[];
  readonly totals: SendTotals | undefined;
  /** Why rows were not sent, if some were not. */
  readonly why: NotRunWhy | undefined;
  readonly problems: readonly Problem[];
}

/**
 * The report as JSON (one document), JSON lines or CSV (one line per row);
 * `table` is the summary on stderr alone. On stdout with `--mask`, its
 * personal data masked (`mask`); the report file keeps the run's record whole.
 */
export async function renderReport(
  input: ReportInput,
  format: Exclude<OutputFormat, 'table'>,
  style: Style,
  mask?: Masking,
): Promise<string> {
  const shown = <T>(value: T): T => (mask ? mask.records(value) : value);
  const rows = shown(reportRows(input.m, input.results, input.plan.format, input.why));
  const where = input.plan.format === 'csv' ? 'line' : 'path';
  switch (format) {
    case 'json': {
      const summary = summarize(input.results, input.why, input.totals);
      const failures = failureRows(input.results);
      const invalid = problemRows(input.problems);
      const doc = shown({
        file: input.file,
        journal: input.journal ?? null,
        report: input.report ?? null,
        summary,
        rows,
        failures,
        invalid,
      });
      return `${jsonText(doc, 2)}\n`;
    }
    case 'jsonl':
      return renderRows([], rows, 'jsonl', style);
    case 'csv': {
      // For people and their spreadsheets: the run's words, in the input's delimiter (its encoding: report-file.ts).
      const said = fileWords[input.m.common.lang];
      const worded = rows.map((r) => ({ ...r, result: said.results[r['result'] as RowOutcome] }));
      const columns = [where, 'contract', 'contrato_id', 'beneficiario_id', 'result', 'message'];
      const delimiter = input.plan.dialect?.delimiter ?? ',';
      return csv(columns, worded, { delimiter, headers: said.reportColumns });
    }
  }
}
