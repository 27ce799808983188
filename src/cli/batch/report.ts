/**
 * The final report of a batch: one entry per row (created ids and result),
 * the failures (place, step, message) and the invalid fields, as a table,
 * JSON, JSON lines or CSV (GUIDE §4: data on stdout, messages on stderr);
 * the service's messages in it are made safe to show (output/sanitize.ts).
 */
import type { Row } from '../../catalogue/index.js';
import type { OutputFormat } from '../global-options.js';
import { renderRows } from '../output/render.js';
import { jsonText } from '../output/json-text.js';
import type { Style } from '../style.js';
import type { RowResult } from './row-result.js';
import type { EngineTotals } from './step-sender.js';
import type { Plan } from './plan.js';
import type { Problem } from './source.js';
import { boxTable } from './table.js';

/** What a row came to: created (every step sent now), resumed (some done by an earlier run), skipped (all done earlier), or why not. */
export type RowOutcome = 'created' | 'resumed' | 'skipped' | 'failed' | 'uncertain' | 'not-run' | 'invalid';

export interface Summary {
  rows: number;
  /** Rows whose every step is done (created, resumed or skipped). */
  done: number;
  created: number;
  resumed: number;
  skipped: number;
  failed: number;
  uncertain: number;
  notRun: number;
  invalid: number;
  /** Requests sent by this run, and steps skipped because the journal had them done. */
  requestsSent: number;
  stepsSkipped: number;
  stopped?: 'interrupted' | 'unreachable' | 'journal';
}

export function outcomeOf(r: RowResult): RowOutcome {
  if (r.status !== 'ok') return r.status;
  if (r.sent === 0) return 'skipped';
  return r.skipped === 0 ? 'created' : 'resumed';
}

function place(p: { line?: number; path?: string }): Row {
  return p.line !== undefined ? { line: p.line } : { path: p.path };
}

export function reportRows(results: readonly RowResult[]): Row[] {
  return results.map((r) => {
    const outcome = outcomeOf(r);
    const message = r.idLost
      ? `created by an interrupted run that did not learn its beneficiario_id${r.failures.length ? `; ${r.failures.map((f) => `${f.step}: ${f.message}`).join('; ')}` : ''}`
      : r.failures.map((f) => `${f.step}: ${f.message}`).join('; ');
    const invalid = outcome === 'invalid' ? 'invalid: see the errors' : '';
    return {
      ...place(r.row),
      contract: r.row.group?.key ?? '',
      contrato_id: r.contratoId,
      beneficiario_id: r.beneficiarioId,
      result: outcome,
      ...(Object.keys(r.records).length ? { records: r.records } : {}),
      sent: r.sent,
      skipped: r.skipped,
      message: message || invalid || undefined,
    };
  });
}

export function summarize(results: readonly RowResult[], totals: EngineTotals | undefined): Summary {
  const s: Summary = {
    rows: results.length,
    done: 0,
    created: 0,
    resumed: 0,
    skipped: 0,
    failed: 0,
    uncertain: 0,
    notRun: 0,
    invalid: 0,
    requestsSent: totals?.sent ?? 0,
    stepsSkipped: totals?.skipped ?? 0,
  };
  for (const r of results) {
    const o = outcomeOf(r);
    if (o === 'created' || o === 'resumed' || o === 'skipped') s.done++;
    if (o === 'not-run') s.notRun++;
    else s[o]++;
  }
  if (totals?.stopped) s.stopped = totals.stopped;
  return s;
}

/** The failures of the rows, one entry per failed step. */
export function failureRows(results: readonly RowResult[]): Row[] {
  return results.flatMap((r) =>
    r.failures.map((f) => ({ ...place(r.row), contract: r.row.group?.key ?? '', step: f.step, message: f.message })),
  );
}

export function problemRows(problems: readonly Problem[]): Row[] {
  return problems.map((p) => ({
    ...(p.line !== undefined ? { line: p.line } : {}),
    field: p.field,
    message: p.message,
  }));
}

/** One line per problem, for stderr (Invocation.say): `  line 12: cpf: must be …` or `  [3].beneficiaries[1].cpf: must be …`. */
export function problemLines(problems: readonly Problem[]): string[] {
  return problems.map((p) => {
    const where = p.line !== undefined ? `line ${p.line}${p.field ? `: ${p.field}` : ''}` : p.field;
    return `  ${where}: ${p.message}`;
  });
}

export interface ReportInput {
  readonly file: string;
  readonly journal: string | undefined;
  readonly plan: Plan;
  readonly results: readonly RowResult[];
  readonly totals: EngineTotals | undefined;
  readonly problems: readonly Problem[];
}

export async function renderReport(input: ReportInput, format: OutputFormat, style: Style): Promise<string> {
  const rows = reportRows(input.results);
  const failures = failureRows(input.results);
  const summary = summarize(input.results, input.totals);
  const where = input.plan.format === 'csv' ? 'line' : 'path';
  switch (format) {
    case 'json':
      return `${jsonText({ file: input.file, journal: input.journal ?? null, summary, rows, failures, invalid: problemRows(input.problems) }, 2)}\n`;
    case 'jsonl':
      return renderRows([], rows, 'jsonl', style);
    case 'csv':
      return renderRows([where, 'contract', 'contrato_id', 'beneficiario_id', 'result', 'message'], rows, 'csv', style);
    case 'table': {
      const parts = [boxTable([where, 'contract', 'contrato_id', 'beneficiario_id', 'result'], rows, style)];
      if (failures.length)
        parts.push(`${style.bold('Failures')}\n${boxTable([where, 'contract', 'step', 'message'], failures, style)}`);
      return parts.join('\n');
    }
  }
}

/** The summary in one line, for stderr. */
export function summaryLine(s: Summary, journal: string | undefined): string {
  const done = [
    s.created && `${s.created} created`,
    s.resumed && `${s.resumed} resumed`,
    s.skipped && `${s.skipped} already done`,
  ]
    .filter(Boolean)
    .join(', ');
  const bad = [
    s.failed && `${s.failed} failed`,
    s.uncertain && `${s.uncertain} uncertain`,
    s.notRun && `${s.notRun} not run`,
    s.invalid && `${s.invalid} invalid (not sent)`,
  ].filter(Boolean);
  let line = `enrol batch: ${s.rows} row${s.rows === 1 ? '' : 's'}: ${s.done} done${done ? ` (${done})` : ''}`;
  if (bad.length) line += `, ${bad.join(', ')}`;
  line += `; ${s.requestsSent} request${s.requestsSent === 1 ? '' : 's'} sent`;
  if (s.stepsSkipped)
    line += `, ${s.stepsSkipped} step${s.stepsSkipped === 1 ? '' : 's'} skipped (done by an earlier run)`;
  if (journal) line += `. Journal: ${journal}`;
  return line;
}
