/**
 * `enrol batch <file>`: read and validate the whole file (nothing is sent
 * when a row is invalid, unless --skip-invalid), check it against the
 * journal of earlier runs, decide the steps left in doubt, send the rest,
 * and report (docs/batch.md).
 */
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { Client } from '../../client/client.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Invocation } from '../invocation.js';
import { version } from '../version.js';
import { readCsvSource } from './csv-layout.js';
import { decodeText } from './csv.js';
import { initialResults, runPlan, type EngineTotals, type JournalWriter, type RowResult } from './engine.js';
import { Journal, readJournal, replay, type Recorded } from './journal.js';
import { readJsonSource } from './json-layout.js';
import { makePlan, planErrors, rowValid, type Plan, type Step } from './plan.js';
import { Progress } from './progress.js';
import { reconcile } from './reconcile.js';
import { problemLines, renderReport, summarize, summaryLine } from './report.js';
import { placeText, type Place, type Problem, type Source } from './source.js';

export interface BatchOptions {
  readonly concurrency: number;
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  readonly skipInvalid: boolean;
  readonly resendUncertain: boolean;
  readonly dryRun: boolean;
  readonly format?: 'csv' | 'json';
  /** Journal path; undefined for the default (`<file>.journal.jsonl`, none for stdin). */
  readonly journal?: string;
}

const HINT = 'coopctl enrol batch --help';

async function readBytes(inv: Invocation, file: string): Promise<Buffer> {
  if (file === '-') {
    const { buffer } = await import('node:stream/consumers');
    return buffer(inv.ctx.stdin);
  }
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(file);
  } catch (err) {
    throw new UsageError(
      `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      HINT,
    );
  }
}

/** CSV or JSON: --format, else the extension, else the first character. */
export function formatOf(file: string, text: string, forced?: 'csv' | 'json'): 'csv' | 'json' {
  if (forced) return forced;
  const ext = extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') return 'csv';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

export function readSource(file: string, bytes: Uint8Array, forced?: 'csv' | 'json'): Source {
  const { text, note } = decodeText(bytes);
  const notes = note ? [note] : [];
  return formatOf(file, text, forced) === 'json' ? readJsonSource(text, notes) : readCsvSource(text, notes);
}

/** Every step of the plan, with the row or contract it belongs to. */
function allSteps(plan: Plan): Array<{ step: Step; place: Place }> {
  const out: Array<{ step: Step; place: Place }> = [];
  for (const g of plan.groups) {
    if (g.contract) out.push({ step: g.contract, place: g });
    if (g.payer) out.push({ step: g.payer, place: g });
    for (const r of g.rows) {
      if (r.beneficiary) out.push({ step: r.beneficiary, place: r });
      for (const s of r.subs) out.push({ step: s, place: r });
    }
  }
  return out;
}

/** Steps done by an earlier run from other values: the batch cannot change what it created. */
function conflicts(steps: ReturnType<typeof allSteps>, recorded: ReadonlyMap<string, Recorded>): Problem[] {
  const out: Problem[] = [];
  for (const { step, place } of steps) {
    const r = recorded.get(step.id);
    if (!r || (r.state !== 'done' && r.state !== 'lost') || r.hash === step.hash) continue;
    const id = r.state === 'done' && r.id !== undefined && step.creates ? ` (${step.creates} ${r.id})` : '';
    out.push({
      ...(place.line !== undefined ? { line: place.line } : {}),
      field: place.line !== undefined ? step.name : `${place.path ?? ''} ${step.name}`,
      message: `was already sent by an earlier run with other values${id}; the batch cannot change what it sent. Undo the edit, or change it with the single commands (coopctl enrol …)`,
    });
  }
  return out;
}

function printProblems(inv: Invocation, title: string, problems: readonly Problem[]): void {
  inv.say(title);
  for (const line of problemLines(problems)) inv.say(line);
}

export async function runBatch(inv: Invocation, file: string, opts: BatchOptions): Promise<number> {
  const bytes = await readBytes(inv, file);
  const name = file === '-' ? 'stdin' : file;
  const source = readSource(file, bytes, opts.format);
  for (const note of source.notes) inv.info(`${name}: ${note}`);
  const plan = makePlan(source);
  const problems = planErrors(plan);
  const results = initialResults(plan);
  const invalidRows = plan.rows.filter((r) => !rowValid(r)).length;
  const validRows = plan.rows.length - invalidRows;
  const style = await inv.style('stdout');

  const stopInvalid = async (title: string, list: readonly Problem[]): Promise<number> => {
    printProblems(inv, title, list);
    if (inv.format === 'json')
      inv.out(
        await renderReport(
          { file: name, journal: undefined, plan, results: [...results.values()], totals: undefined, problems: list },
          'json',
          style,
        ),
      );
    return ExitCode.usage;
  };

  if (plan.fatal.length) {
    await inv.notice(`${name} cannot be read as a batch file; nothing was sent`, 'error');
    return stopInvalid(`${name}:`, plan.fatal);
  }
  if (invalidRows && (!opts.skipInvalid || validRows === 0)) {
    await inv.notice(
      `${name}: ${invalidRows} of ${plan.rows.length} rows are invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was sent${validRows ? '. Fix them, or rerun with --skip-invalid to send the valid rows' : ''}`,
      'error',
    );
    return stopInvalid(`${name}: invalid rows:`, problems);
  }
  if (invalidRows)
    printProblems(
      inv,
      `${name}: ${invalidRows} invalid row${invalidRows === 1 ? '' : 's'} left out (--skip-invalid):`,
      problems,
    );

  // The journal of earlier runs.
  const journalPath = opts.journal ?? (file === '-' ? undefined : `${file}.journal.jsonl`);
  if (!journalPath) inv.info('enrol batch: reading stdin without --journal: an interrupted run cannot be resumed');
  const entries = journalPath ? readJournal(journalPath) : [];
  const { steps: recorded, runs } = replay(entries);
  const target = await inv.target('base');
  const lastRun = runs[runs.length - 1];
  if (lastRun && lastRun.target !== target.baseUrl) {
    throw new UsageError(
      `the journal ${journalPath} records requests sent to ${lastRun.target}, and this run would send to ${target.baseUrl}; its ids mean nothing there. Move the journal aside to send the whole file to ${target.baseUrl}`,
    );
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (lastRun && lastRun.sha256 !== sha256)
    inv.info(
      `enrol batch: ${name} changed since the last run; rows are matched by contract key and CPF, and checked against what was sent`,
    );
  const steps = allSteps(plan);
  const clash = conflicts(steps, recorded);
  if (clash.length) {
    await inv.notice(
      `${name}: ${clash.length} step${clash.length === 1 ? ' was' : 's were'} edited after being sent; nothing was sent`,
      'error',
    );
    return stopInvalid(`${name}: edited after being sent (journal ${journalPath}):`, clash);
  }
  const planned = new Set(steps.map((s) => s.step.id));
  const orphans = [...recorded].filter(
    ([id, r]) => (r.state === 'done' || r.state === 'lost') && !planned.has(id),
  ).length;
  if (orphans)
    inv.info(
      `enrol batch: the journal holds ${orphans} done step${orphans === 1 ? '' : 's'} that ${name} no longer has; left as they are`,
    );

  if (opts.dryRun) {
    let send = 0;
    let skip = 0;
    for (const { step } of steps) {
      const r = recorded.get(step.id);
      if (r?.state === 'done' || r?.state === 'lost') skip++;
      else send++;
    }
    inv.info(
      `enrol batch --dry-run: ${name} is valid: ${validRows} row${validRows === 1 ? '' : 's'} in ${plan.groups.length} contract${plan.groups.length === 1 ? '' : 's'}; would send ${send} request${send === 1 ? '' : 's'} to ${target.baseUrl}${skip ? ` and skip ${skip} done by an earlier run` : ''}. Nothing was sent.`,
    );
    return ExitCode.ok;
  }

  const journal = journalPath ? Journal.open(journalPath) : undefined;
  const writer: JournalWriter = journal ?? { write: () => undefined, durable: () => Promise.resolve() };
  let client: Client | undefined;
  let totals: EngineTotals | undefined;
  try {
    // A client of our own, not tied to Ctrl-C: a request in flight is let finish and journaled.
    client = await inv.ctx.createClient(await inv.clientOptions());
    writer.write({
      e: 'run',
      at: new Date().toISOString(),
      file: basename(name),
      sha256,
      target: target.baseUrl,
      coopctl: version,
    });
    const { resolutions, lost, notes } = await reconcile(plan, recorded, client, target, opts.resendUncertain);
    for (const l of lost)
      writer.write({ e: 'lost', k: l.key, h: l.hash, ...(l.parent === undefined ? {} : { p: l.parent }) });
    for (const note of notes) inv.info(`enrol batch: ${note}`);
    const skipped = steps.filter(({ step }) => recorded.get(step.id)?.state === 'done').length;
    if (skipped)
      inv.info(
        `enrol batch: resuming from ${journalPath}: ${skipped} step${skipped === 1 ? '' : 's'} done by an earlier run will be skipped`,
      );

    const progress = new Progress({
      stream: inv.ctx.stderr,
      total: validRows,
      mode: inv.globals.quiet ? 'off' : inv.ctx.tty.stderr ? 'bar' : 'lines',
      now: () => inv.ctx.clock.now(),
      label: 'enrol batch',
    });
    try {
      totals = await runPlan(plan, results, {
        client,
        target,
        journal: writer,
        recorded,
        resolutions,
        concurrency: opts.concurrency,
        perContract: opts.perContract,
        signal: inv.ctx.signal,
        onRow: (r: RowResult) => progress.tick(r.status !== 'ok'),
      });
    } finally {
      progress.stop();
    }
  } finally {
    await client?.close();
    await journal?.close();
  }

  const list = [...results.values()];
  const summary = summarize(list, totals);
  inv.out(
    await renderReport({ file: name, journal: journalPath, plan, results: list, totals, problems }, inv.format, style),
  );
  inv.info(summaryLine(summary, journalPath));
  if (totals.stopped === 'interrupted') {
    await inv.notice(
      `interrupted: ${summary.notRun} row${summary.notRun === 1 ? '' : 's'} not sent; rerun the same command to continue`,
      'note',
    );
    return ExitCode.interrupted;
  }
  if (summary.done === summary.rows) return ExitCode.ok;
  const failedRows = list.filter((r) => r.status === 'failed' || r.status === 'uncertain');
  if (failedRows.length) {
    const first = failedRows[0]!;
    const f = first.failures[0];
    await inv.notice(
      `${failedRows.length} row${failedRows.length === 1 ? '' : 's'} not done${f ? ` (first: ${placeText(first.row)}, ${f.step}: ${f.message})` : ''}; fix what is said, then rerun the same command: done steps are skipped`,
      'error',
    );
  }
  if (totals.stopped === 'journal')
    await inv.notice(
      `stopped: the journal ${journalPath} cannot be written (${totals.journalError ?? 'fsync failed'}); fix that, then rerun the same command`,
      'error',
    );
  if (totals.stopped === 'unreachable')
    await inv.notice(
      `stopped: the service could not be reached (${totals.lastTransportError ?? 'connection failures'}); rerun the same command to continue`,
      'error',
    );
  if (!totals.reached && totals.transportFailures > 0) return ExitCode.transport;
  return ExitCode.failed;
}
