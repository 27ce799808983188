/**
 * Sending a plan: contracts in parallel, each contract's steps in order
 * (contract → payer → beneficiaries → their records), at most `concurrency`
 * requests in flight over the client's keep-alive pool.
 *
 * Within a contract, beneficiaries are created `perContract` at a time (1 by
 * default), in file order, while the records of those already created
 * (contacts, addresses, documents, answers) go in parallel. One at a time,
 * a killed run leaves at most one beneficiary per contract in doubt, which
 * the rerun decides by counting (reconcile.ts); many contracts keep every
 * request slot busy.
 *
 * Each step: skipped when the journal has it done (its id reused); else
 * `send` written, request, `done` (or `fail`) written as soon as the answer
 * is read, each with one write(2). Every completed step asks for an fsync
 * (grouped: one fsync serves all steps completed meanwhile), and a step
 * whose id others need (a contract, a beneficiary) waits for it before they
 * go out.
 */
import { buildRequest } from '../../client/request.js';
import { TransportError } from '../../client/errors.js';
import type { Client } from '../../client/client.js';
import type { Target } from '../../client/types.js';
import { dataRecords } from '../../catalogue/index.js';
import type { Id, Journal, Recorded } from './journal.js';
import type { Resolution } from './reconcile.js';
import type { Plan, PlanGroup, PlanRow, Step } from './plan.js';
import { rowValid } from './plan.js';

export type RowStatus = 'ok' | 'failed' | 'uncertain' | 'not-run' | 'invalid';

export interface Failure {
  readonly step: string;
  readonly message: string;
}

export interface RowResult {
  readonly row: PlanRow;
  status: RowStatus;
  contratoId?: Id;
  beneficiarioId?: Id;
  /** The beneficiary was created, but an interrupted run lost its id. */
  idLost?: boolean;
  /** Ids of the row's records by name (contact, address2, …). */
  readonly records: Record<string, Id>;
  /** The row's own steps (its beneficiary and records; a contract-only row's contract and payer): sent now, and done earlier. */
  sent: number;
  skipped: number;
  readonly failures: Failure[];
}

/** Anything the journal can take: the real one, or none (stdin without --journal). */
export type JournalWriter = Pick<Journal, 'write' | 'durable'>;

export interface EngineOptions {
  readonly client: Client;
  readonly target: Target;
  readonly journal: JournalWriter;
  readonly recorded: ReadonlyMap<string, Recorded>;
  readonly resolutions: ReadonlyMap<string, Resolution>;
  readonly concurrency: number;
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  /** Stops starting new requests (Ctrl-C); requests in flight finish and are journaled. */
  readonly signal: AbortSignal;
  readonly onRow: (result: RowResult) => void;
}

export interface EngineTotals {
  /** Requests sent now (whatever their outcome), and steps skipped as done by an earlier run. */
  sent: number;
  skipped: number;
  /** Some request had an HTTP answer. */
  reached: boolean;
  transportFailures: number;
  /** Why sending stopped early, if it did. */
  stopped?: 'interrupted' | 'unreachable' | 'journal';
  lastTransportError?: string;
  /** Why the journal could not be synced, if it could not (sending stops). */
  journalError?: string;
}

/** Consecutive connection failures after which no new request is started. */
export const UNREACHABLE_AFTER = 10;

type Outcome =
  | {
      readonly ok: true;
      readonly id?: Id;
      readonly lost?: boolean;
      readonly skipped: boolean;
      readonly durable?: Promise<void>;
    }
  | { readonly ok: false; readonly message: string; readonly status: 'failed' | 'uncertain' | 'not-run' };

const NOT_RUN = { ok: false, message: 'not sent', status: 'not-run' } as const;

/** A counting semaphore: at most `n` holders. */
class Slots {
  #free: number;
  readonly #queue: Array<() => void> = [];
  constructor(n: number) {
    this.#free = n;
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#free++;
  }
}

export async function runPlan(
  plan: Plan,
  rows: ReadonlyMap<PlanRow, RowResult>,
  o: EngineOptions,
): Promise<EngineTotals> {
  const totals: EngineTotals = { sent: 0, skipped: 0, reached: false, transportFailures: 0 };
  const slots = new Slots(o.concurrency);
  let streak = 0;
  let stopping = o.signal.aborted;
  const stop = (why: NonNullable<EngineTotals['stopped']>) => {
    stopping = true;
    totals.stopped ??= why;
  };
  const onAbort = () => stop('interrupted');
  o.signal.addEventListener('abort', onAbort, { once: true });
  if (o.signal.aborted) totals.stopped = 'interrupted';

  // The highest contract id known: a contract's `send` records it (reconcile.ts uses it to find the contract later).
  let maxContract = 0;
  for (const [id, r] of o.recorded)
    if (r.state === 'done' && typeof r.id === 'number' && JSON.parse(id).length === 1)
      maxContract = Math.max(maxContract, r.id);

  async function run(step: Step, parentId: Id | undefined): Promise<Outcome> {
    const r = o.recorded.get(step.id);
    const decided = o.resolutions.get(step.id);
    if (r?.state === 'done') {
      totals.skipped++;
      return { ok: true, ...(r.id === undefined ? {} : { id: r.id }), skipped: true };
    }
    if (r?.state === 'lost' || decided?.kind === 'lost') {
      totals.skipped++;
      return { ok: true, lost: true, skipped: true };
    }
    if (decided?.kind === 'undecided') return { ok: false, message: decided.message, status: 'uncertain' };
    if (stopping) return NOT_RUN;
    await slots.acquire();
    if (stopping) {
      slots.release();
      return NOT_RUN;
    }
    const params = step.parent ? { ...step.params, [step.parent]: parentId } : step.params;
    const base = { k: step.key, h: step.hash, ...(parentId === undefined ? {} : { p: parentId }) };
    let request;
    try {
      request = buildRequest(step.op, params, o.target);
    } catch (err) {
      slots.release();
      throw err;
    }
    o.journal.write({ e: 'send', ...base, ...(step.kind === 'contract' ? { after: maxContract } : {}) });
    let result;
    totals.sent++;
    try {
      result = await o.client.call(step.op, request);
    } catch (err) {
      slots.release();
      if (!(err instanceof TransportError)) throw err;
      o.journal.write({ e: 'fail', ...base, why: 'transport', msg: err.message });
      totals.transportFailures++;
      totals.lastTransportError = err.message;
      if (++streak >= UNREACHABLE_AFTER) stop('unreachable');
      return { ok: false, message: `${err.message} (the service may have done it; a rerun checks)`, status: 'failed' };
    }
    slots.release();
    totals.reached = true;
    streak = 0;
    if (result.kind === 'refused') {
      // A 5xx may come after the service did the work (a proxy's 502/504): a rerun checks, as after a connection failure.
      const doubt = result.status >= 500;
      const message = `HTTP ${result.status}${result.message ? `: ${result.message}` : ''}`;
      o.journal.write({ e: 'fail', ...base, why: doubt ? 'transport' : 'refused', msg: message });
      return { ok: false, message: `the service refused it: ${message}`, status: 'failed' };
    }
    if (result.outcome === 'failed' || result.outcome === 'no-result') {
      o.journal.write({ e: 'fail', ...base, why: 'refused', msg: result.message });
      return {
        ok: false,
        message: `the service refused it${result.message ? `: ${result.message}` : ''}`,
        status: 'failed',
      };
    }
    const record = dataRecords(result.records)[0];
    const created = step.creates ? record?.[step.creates] : undefined;
    const id = typeof created === 'number' || typeof created === 'string' ? created : undefined;
    o.journal.write({ e: 'done', ...base, ...(id === undefined ? {} : { id }) });
    if (step.kind === 'contract' && typeof id === 'number') maxContract = Math.max(maxContract, id);
    // Steps that need this id wait for this before they go out.
    const durable = o.journal.durable();
    durable.catch((err: Error) => {
      totals.journalError ??= err.message;
      stop('journal');
    });
    return { ok: true, ...(id === undefined ? {} : { id }), skipped: false, durable };
  }

  const rank: Record<RowStatus, number> = { ok: 0, 'not-run': 1, uncertain: 2, failed: 3, invalid: 4 };
  const finish = (res: RowResult) => o.onRow(res);
  /** Waits until a step's journal entry is on disk; false when the journal failed (nothing more is sent). */
  const settled = async (out: Outcome): Promise<boolean> => {
    if (!out.ok || !out.durable) return true;
    try {
      await out.durable;
      return true;
    } catch {
      return false;
    }
  };
  /** Records a step that did not succeed: the row takes the worst outcome of its steps. */
  const fail = (res: RowResult, step: string, out: Extract<Outcome, { ok: false }>) => {
    if (rank[out.status] > rank[res.status]) res.status = out.status;
    if (out.status !== 'not-run') res.failures.push({ step, message: out.message });
  };
  const count = (res: RowResult, out: Outcome) => {
    if (out.ok && out.skipped) res.skipped++;
    else if (out.ok) res.sent++;
  };

  async function lane(g: PlanGroup): Promise<void> {
    const mine = g.rows.map((r) => rows.get(r)!).filter((res) => res.status !== 'invalid');
    if (mine.length === 0) return;
    for (const res of mine) res.status = 'ok';
    const contractOnly = mine.filter((res) => !res.row.beneficiary);
    const c = await run(g.contract!, undefined);
    if (!c.ok) {
      for (const res of mine) {
        fail(res, 'contract', c);
        finish(res);
      }
      return;
    }
    if (!(await settled(c))) {
      for (const res of mine) {
        fail(res, 'contract', NOT_RUN);
        finish(res);
      }
      return;
    }
    for (const res of mine) if (c.id !== undefined) res.contratoId = c.id;
    for (const res of contractOnly) count(res, c);
    if (g.payer) {
      const p = await run(g.payer, c.id);
      for (const res of contractOnly) count(res, p);
      if (!p.ok) {
        for (const res of mine) {
          fail(res, 'payer', p);
          finish(res);
        }
        return;
      }
    }
    for (const res of contractOnly) finish(res);
    const records: Promise<void>[] = [];
    const people = mine.filter((res) => res.row.beneficiary);
    let next = 0;
    const worker = async () => {
      while (next < people.length) {
        const res = people[next++]!;
        const out = await run(res.row.beneficiary!, c.id);
        count(res, out);
        if (!out.ok) {
          fail(res, 'beneficiary', out);
          finish(res);
          continue;
        }
        if (out.id !== undefined) res.beneficiarioId = out.id;
        if (out.lost) {
          res.idLost = true;
          const pending = res.row.subs.filter((s) => o.recorded.get(s.id)?.state !== 'done');
          if (pending.length) {
            fail(res, pending.map((s) => s.name).join(', '), {
              ok: false,
              status: 'uncertain',
              message:
                'not sent: the beneficiary was created by an interrupted run that did not learn its id; find it, then add these with coopctl enrol beneficiary …',
            });
          }
          finish(res);
          continue;
        }
        if (res.row.subs.length === 0) {
          finish(res);
          continue;
        }
        // The records go in parallel, once the beneficiary's id is on disk; the next beneficiary does not wait for them.
        records.push(
          (async () => {
            if (!(await settled(out))) fail(res, 'records', NOT_RUN);
            else {
              await Promise.all(
                res.row.subs.map(async (s) => {
                  const sub = await run(s, out.id);
                  count(res, sub);
                  if (sub.ok && sub.id !== undefined) res.records[s.name] = sub.id;
                  else if (!sub.ok) fail(res, s.name, sub);
                }),
              );
            }
            finish(res);
          })(),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.perContract, people.length) }, worker));
    await Promise.all(records);
  }

  // Lanes take contracts in file order; twice as many lanes as request slots keep the slots busy while lanes wait on the journal.
  const groups = plan.groups.filter((g) => g.contract && g.errors.length === 0);
  let next = 0;
  const lanes = Array.from({ length: Math.min(groups.length, o.concurrency * 2) }, async () => {
    while (next < groups.length) await lane(groups[next++]!);
  });
  try {
    await Promise.all(lanes);
  } finally {
    o.signal.removeEventListener('abort', onAbort);
  }
  return totals;
}

/** A fresh result for every row: invalid ones settled, the others to be sent. */
export function initialResults(plan: Plan): Map<PlanRow, RowResult> {
  const out = new Map<PlanRow, RowResult>();
  for (const row of plan.rows) {
    out.set(row, {
      row,
      status: rowValid(row) ? 'not-run' : 'invalid',
      records: {},
      sent: 0,
      skipped: 0,
      failures: [],
    });
  }
  return out;
}
