/**
 * Sending the batch: the journal opened (and locked), a client of its own,
 * the run recorded, the steps an earlier run left in doubt decided
 * (reconcile.ts), and the contracts sent in parallel, each in its lane
 * (lane.ts), at most `concurrency` requests in flight over the client's
 * keep-alive pool, with progress on stderr. Ctrl-C stops new requests, and
 * those in flight finish and are journaled. With --dry-run, only what would
 * be sent is said.
 */
import { basename } from 'node:path';
import type { Client } from '../../client/client.js';
import { buildRequest } from '../../client/request.js';
import type { Target } from '../../client/types.js';
import { dataRecords } from '../../catalogue/index.js';
import { inOrder } from '../enrol/concurrency.js';
import { Journal } from '../enrol/journal.js';
import { type SendTotals, StepSender, type Transport } from '../enrol/sender.js';
import { doneBefore } from '../enrol/store.js';
import { transportProblem } from '../run/failure.js';
import type { Io } from '../capabilities.js';
import { version } from '../version.js';
import type { History } from './earlier-runs.js';
import type { Batch } from './input.js';
import { sendGroup } from './lane.js';
import type { Step } from './plan.js';
import { Progress } from './progress.js';
import { reconcile, searchOf } from './reconcile.js';
import type { RowResult } from './row-result.js';
import { words as draftWords } from '../enrol/draft-words.js';
import { words as batchWords } from './words.js';

export interface SendOptions {
  readonly concurrency: number;
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  readonly resendUncertain: boolean;
}

/** --dry-run: what would be sent, and what skipped as done by an earlier run. */
export function sayDryRun(b: Batch, h: History): void {
  let send = 0;
  let skip = 0;
  for (const { step } of h.steps) {
    if (doneBefore(h.recorded.get(step.id))) skip++;
    else send++;
  }
  const groups = b.plan.groups.length;
  b.inv.info(`enrol batch ${batchWords[b.inv.lang].dryRun(b.name, b.validRows, groups, send, h.target.baseUrl, skip)}`);
}

/** The requests of the batch, through its pooled client: a 5xx may come after the service did the work (in doubt). */
function transportOf(client: Client, target: Target): Transport<Step> {
  return async (step, params) => {
    const result = await client.call(step.op, buildRequest(step.op, params, target));
    if (result.kind === 'refused') {
      const message = `HTTP ${result.status}${result.message ? `: ${result.message}` : ''}`;
      return { ok: false, message, doubt: result.status >= 500 };
    }
    if (result.outcome !== 'ok' && result.outcome !== 'found') return { ok: false, message: result.message ?? '' };
    return { ok: true, records: dataRecords(result.records) };
  };
}

/** Sends what is left of the batch; the totals of the run. */
export async function sendBatch(b: Batch, h: History, o: SendOptions): Promise<SendTotals> {
  const journal = Journal.open(b.inv.m, h.journalPath, h.recorded);
  let client: Client | undefined;
  try {
    // A client of our own, not tied to Ctrl-C: a request in flight is let finish and journaled. Pooled: many requests.
    client = await b.inv.ctx.createClient({ ...(await b.inv.clientOptions()), pooled: true });
    journal.write({
      e: 'run',
      at: new Date().toISOString(),
      file: basename(b.name),
      sha256: h.sha256,
      target: h.target.baseUrl,
      coopctl: version,
      ...(h.keyId === undefined ? {} : { key: h.keyId }),
    });
    const search = searchOf(b.inv.m, client, h.target);
    const steps = h.steps.map((p) => p.step);
    const { undecided, notes } = await reconcile(b.inv.m, steps, journal, search, o.resendUncertain);
    for (const note of notes) b.inv.info(`enrol batch: ${note}`);
    sayResuming(b.inv, h);
    const transport = transportOf(client, h.target);
    const sender = new StepSender({
      store: journal,
      transport,
      concurrency: o.concurrency,
      undecided,
      noId: draftWords[b.inv.lang].noId,
      noAnswer: (err) => transportProblem(err, b.inv.m),
    });
    return await sendWithProgress(b, h, sender, o);
  } finally {
    await client?.close();
    await journal.close();
  }
}

function sayResuming(inv: Io, h: History): void {
  const skipped = h.steps.filter(({ step }) => h.recorded.get(step.id)?.state === 'done').length;
  if (skipped) inv.info(`enrol batch: ${batchWords[inv.lang].resuming(String(h.journalPath), skipped)}`);
}

/** What a settled row counts as in the progress: a row not sent counts as nothing. */
function settledAs(r: RowResult): 'done' | 'failed' | 'not-run' {
  if (r.status === 'ok') return 'done';
  return r.status === 'not-run' ? 'not-run' : 'failed';
}

/**
 * The contracts in parallel, in file order: twice as many lanes as request
 * slots keep the slots busy while lanes wait on the journal.
 */
async function sendWithProgress(b: Batch, h: History, sender: StepSender<Step>, o: SendOptions): Promise<SendTotals> {
  const { inv } = b;
  const progress = new Progress({
    stream: inv.ctx.stderr,
    total: b.validRows,
    mode: inv.globals.quiet ? 'off' : inv.ctx.tty.stderr ? 'bar' : 'lines',
    now: () => inv.ctx.clock.now(),
    label: 'enrol batch',
    m: inv.m,
  });
  const onAbort = () => sender.stop('interrupted');
  if (inv.ctx.signal.aborted) onAbort();
  inv.ctx.signal.addEventListener('abort', onAbort, { once: true });
  const lane = {
    sender,
    recorded: h.recorded,
    perContract: o.perContract,
    finish: (r: RowResult) => progress.tick(settledAs(r)),
    m: inv.m,
  };
  const groups = b.plan.groups.filter((g) => g.contract && g.errors.length === 0);
  try {
    await inOrder(groups, o.concurrency * 2, (g) => sendGroup(g, b.results, lane));
    return sender.totals;
  } finally {
    inv.ctx.signal.removeEventListener('abort', onAbort);
    // What the bar says, drawn a last time, when sending stopped early.
    const why = sender.totals.stopped;
    progress.stop(why === undefined ? undefined : batchWords[inv.lang].stoppedBar(why));
  }
}
