/**
 * Sending the batch: the journal opened (and locked), a client of its own,
 * the run recorded, the steps an earlier run left in doubt decided
 * (reconcile.ts), and the plan sent (engine.ts) with progress on stderr.
 * With --dry-run, only what would be sent is said.
 */
import { basename } from 'node:path';
import type { Client } from '../../client/client.js';
import type { Io } from '../capabilities.js';
import { version } from '../version.js';
import { doneBefore, type History } from './earlier-runs.js';
import { type EngineOptions, runPlan } from './engine.js';
import type { Batch } from './input.js';
import { Journal } from './journal.js';
import { Progress } from './progress.js';
import { reconcile, type Resolution } from './reconcile.js';
import type { RowResult } from './row-result.js';
import type { EngineTotals, JournalWriter } from './step-sender.js';

export interface SendOptions {
  readonly concurrency: number;
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  readonly resendUncertain: boolean;
}

/** The journal when there is none (stdin without --journal): nothing is written, everything is durable at once. */
const NO_JOURNAL: JournalWriter = { write: () => undefined, durable: () => Promise.resolve() };

/** --dry-run: what would be sent, and what skipped as done by an earlier run. */
export function sayDryRun(b: Batch, h: History): void {
  let send = 0;
  let skip = 0;
  for (const { step } of h.steps) {
    if (doneBefore(h.recorded.get(step.id))) skip++;
    else send++;
  }
  const groups = b.plan.groups.length;
  b.inv.info(`enrol batch ${b.inv.m.batch.dryRun(b.name, b.validRows, groups, send, h.target.baseUrl, skip)}`);
}

/** Sends what is left of the batch; the totals of the run. */
export async function sendBatch(b: Batch, h: History, o: SendOptions): Promise<EngineTotals> {
  const journal = h.journalPath ? Journal.open(b.inv.m, h.journalPath) : undefined;
  const writer = journal ?? NO_JOURNAL;
  let client: Client | undefined;
  try {
    // A client of our own, not tied to Ctrl-C: a request in flight is let finish and journaled. Pooled: many requests.
    client = await b.inv.ctx.createClient({ ...(await b.inv.clientOptions()), pooled: true });
    writer.write({
      e: 'run',
      at: new Date().toISOString(),
      file: basename(b.name),
      sha256: h.sha256,
      target: h.target.baseUrl,
      coopctl: version,
    });
    const resolutions = await decideDoubts(b, h, client, writer, o.resendUncertain);
    sayResuming(b.inv, h);
    return await sendWithProgress(b, {
      client,
      target: h.target,
      journal: writer,
      recorded: h.recorded,
      resolutions,
      concurrency: o.concurrency,
      perContract: o.perContract,
      signal: b.inv.ctx.signal,
      m: b.inv.m,
    });
  } finally {
    await client?.close();
    await journal?.close();
  }
}

/** Decides the steps an earlier run left in doubt; journals those found created with their ids lost. */
async function decideDoubts(
  b: Batch,
  h: History,
  client: Client,
  writer: JournalWriter,
  resendUncertain: boolean,
): Promise<ReadonlyMap<string, Resolution>> {
  const { resolutions, lost, notes } = await reconcile(b.inv.m, b.plan, h.recorded, client, h.target, resendUncertain);
  for (const l of lost)
    writer.write({ e: 'lost', k: l.key, h: l.hash, ...(l.parent === undefined ? {} : { p: l.parent }) });
  for (const note of notes) b.inv.info(`enrol batch: ${note}`);
  return resolutions;
}

function sayResuming(inv: Io, h: History): void {
  const skipped = h.steps.filter(({ step }) => h.recorded.get(step.id)?.state === 'done').length;
  if (skipped) inv.info(`enrol batch: ${inv.m.batch.resuming(String(h.journalPath), skipped)}`);
}

/** What a settled row counts as in the progress: a row not sent counts as nothing. */
function settledAs(r: RowResult): 'done' | 'failed' | 'not-run' {
  if (r.status === 'ok') return 'done';
  return r.status === 'not-run' ? 'not-run' : 'failed';
}

async function sendWithProgress(b: Batch, o: Omit<EngineOptions, 'onRow'>): Promise<EngineTotals> {
  const { inv } = b;
  const progress = new Progress({
    stream: inv.ctx.stderr,
    total: b.validRows,
    mode: inv.globals.quiet ? 'off' : inv.ctx.tty.stderr ? 'bar' : 'lines',
    now: () => inv.ctx.clock.now(),
    label: 'enrol batch',
    m: inv.m,
  });
  let totals: EngineTotals | undefined;
  try {
    totals = await runPlan(b.plan, b.results, { ...o, onRow: (r) => progress.tick(settledAs(r)) });
    return totals;
  } finally {
    // What the bar says, drawn a last time, when sending stopped early.
    progress.stop(totals?.stopped === undefined ? undefined : inv.m.batch.stoppedBar(totals.stopped));
  }
}
