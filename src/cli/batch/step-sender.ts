/**
 * Sending one step of a plan, as the journal wants it: skipped when the
 * journal has it done (its id reused) or an earlier run's doubt was decided;
 * else `send` written, the request, `done` (or `fail`) written as soon as the
 * answer is read, each with one write(2). Every completed step asks for an
 * fsync (grouped: one fsync serves all steps completed meanwhile), and its
 * outcome carries that wait, so that steps needing its id go out only once
 * it is on disk. At most `concurrency` requests are in flight.
 */
import type { Client } from '../../client/client.js';
import type { Messages } from '../i18n/index.js';
import { TransportError } from '../../client/errors.js';
import { transportProblem } from '../failure.js';
import { buildRequest } from '../../client/request.js';
import type { CallResult, HttpRequest, Target } from '../../client/types.js';
import { dataRecords, type Row } from '../../catalogue/index.js';
import { Slots } from './concurrency.js';
import { doneContracts, type Id, type Journal, type Recorded, type StepEntry } from './journal.js';
import type { Step } from './plan.js';
import type { Resolution } from './reconcile.js';

/** Anything the journal can take: the real one, or none (stdin without --journal). */
export type JournalWriter = Pick<Journal, 'write' | 'durable'>;

export interface SenderOptions {
  readonly client: Client;
  readonly target: Target;
  readonly journal: JournalWriter;
  readonly recorded: ReadonlyMap<string, Recorded>;
  readonly resolutions: ReadonlyMap<string, Resolution>;
  readonly concurrency: number;
  /** Stops starting new requests (Ctrl-C); requests in flight finish and are journaled. */
  readonly signal: AbortSignal;
  /** The run's messages (a step's failure, in the report). */
  readonly m: Messages;
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

export type Succeeded = {
  readonly ok: true;
  readonly id?: Id;
  readonly lost?: boolean;
  readonly skipped: boolean;
  readonly durable?: Promise<void>;
};
export type Failed = {
  readonly ok: false;
  readonly message: string;
  readonly status: 'failed' | 'uncertain' | 'not-run';
};
export type Outcome = Succeeded | Failed;

export const NOT_RUN: Failed = { ok: false, message: 'not sent', status: 'not-run' };

/** What each journal entry of a step repeats: its identity, its hash, and the id it was sent with. */
type EntryBase = Pick<StepEntry, 'k' | 'h' | 'p'>;

/** Waits until a step's journal entry is on disk; false when the journal failed (nothing more is sent). */
export async function settled(out: Outcome): Promise<boolean> {
  if (!out.ok || !out.durable) return true;
  try {
    await out.durable;
    return true;
  } catch {
    return false;
  }
}

/** The highest contract id the journal knows done: a contract's `send` records it (reconcile.ts uses it to find the contract later). */
function highestContract(recorded: ReadonlyMap<string, Recorded>): number {
  return doneContracts(recorded).reduce<number>((max, id) => (typeof id === 'number' ? Math.max(max, id) : max), 0);
}

/** The id a step's answer gives it (`contrato_id`, `beneficiario_id`, …), if the step creates one. */
function createdId(step: Step, records: readonly Row[]): Id | undefined {
  const created = step.creates ? dataRecords(records)[0]?.[step.creates] : undefined;
  return typeof created === 'number' || typeof created === 'string' ? created : undefined;
}

export class StepSender {
  readonly totals: EngineTotals = { sent: 0, skipped: 0, reached: false, transportFailures: 0 };
  readonly #o: SenderOptions;
  readonly #slots: Slots;
  #streak = 0;
  #stopping: boolean;
  #maxContract: number;

  constructor(o: SenderOptions) {
    this.#o = o;
    this.#slots = new Slots(o.concurrency);
    this.#stopping = o.signal.aborted;
    if (o.signal.aborted) this.totals.stopped = 'interrupted';
    this.#maxContract = highestContract(o.recorded);
  }

  /** No new request is started from now on; the first reason given is kept. */
  stop(why: NonNullable<EngineTotals['stopped']>): void {
    this.#stopping = true;
    this.totals.stopped ??= why;
  }

  /** Sends a step (with the id of the step it hangs on), unless an earlier run settled it. */
  async send(step: Step, parentId: Id | undefined): Promise<Outcome> {
    const earlier = this.#fromEarlierRun(step);
    if (earlier) return earlier;
    if (this.#stopping) return NOT_RUN;
    await this.#slots.acquire();
    if (this.#stopping) {
      this.#slots.release();
      return NOT_RUN;
    }
    return this.#request(step, parentId);
  }

  /** The outcome that the journal (or the decision on a doubt) already gives a step, if any. */
  #fromEarlierRun(step: Step): Outcome | undefined {
    const r = this.#o.recorded.get(step.id);
    const decided = this.#o.resolutions.get(step.id);
    if (r?.state === 'done') {
      this.totals.skipped++;
      return { ok: true, ...(r.id === undefined ? {} : { id: r.id }), skipped: true };
    }
    if (r?.state === 'lost' || decided?.kind === 'lost') {
      this.totals.skipped++;
      return { ok: true, lost: true, skipped: true };
    }
    if (decided?.kind === 'undecided') return { ok: false, message: decided.message, status: 'uncertain' };
    return undefined;
  }

  /** The request, holding a slot: `send` journaled before it, its answer after. */
  async #request(step: Step, parentId: Id | undefined): Promise<Outcome> {
    const base: EntryBase = { k: step.key, h: step.hash, ...(parentId === undefined ? {} : { p: parentId }) };
    const request = this.#build(step, parentId);
    this.#o.journal.write({ e: 'send', ...base, ...(step.kind === 'contract' ? { after: this.#maxContract } : {}) });
    this.totals.sent++;
    let result: CallResult;
    try {
      result = await this.#o.client.call(step.op, request);
    } catch (err) {
      this.#slots.release();
      return this.#transportFailed(err, base);
    }
    this.#slots.release();
    this.totals.reached = true;
    this.#streak = 0;
    return this.#answered(step, base, result);
  }

  /** The step's request, its parent id filled in; the slot is given back if it cannot be built. */
  #build(step: Step, parentId: Id | undefined): HttpRequest {
    const params = step.parent ? { ...step.params, [step.parent]: parentId } : step.params;
    try {
      return buildRequest(step.op, params, this.#o.target);
    } catch (err) {
      this.#slots.release();
      throw err;
    }
  }

  /** No answer: the service may have done it, and a rerun checks; many in a row, and the service is unreachable. */
  #transportFailed(err: unknown, base: EntryBase): Outcome {
    if (!(err instanceof TransportError)) throw err;
    this.#o.journal.write({ e: 'fail', ...base, why: 'transport', msg: err.message });
    this.totals.transportFailures++;
    const why = transportProblem(err, this.#o.m);
    this.totals.lastTransportError = why;
    if (++this.#streak >= UNREACHABLE_AFTER) this.stop('unreachable');
    return { ok: false, message: this.#o.m.batch.noAnswer(why), status: 'failed' };
  }

  #answered(step: Step, base: EntryBase, result: CallResult): Outcome {
    if (result.kind === 'refused') {
      // A 5xx may come after the service did the work (a proxy's 502/504): a rerun checks, as after a connection failure.
      const doubt = result.status >= 500;
      const message = `HTTP ${result.status}${result.message ? `: ${result.message}` : ''}`;
      this.#o.journal.write({ e: 'fail', ...base, why: doubt ? 'transport' : 'refused', msg: message });
      return { ok: false, message: this.#o.m.batch.refused(message), status: 'failed' };
    }
    if (result.outcome !== 'ok' && result.outcome !== 'found') {
      this.#o.journal.write({ e: 'fail', ...base, why: 'refused', msg: result.message });
      return { ok: false, message: this.#o.m.batch.refused(result.message ?? ''), status: 'failed' };
    }
    return this.#done(step, base, result.records);
  }

  /** Done: journaled with the id it created, and fsynced (steps that need this id wait for that). */
  #done(step: Step, base: EntryBase, records: readonly Row[]): Succeeded {
    const id = createdId(step, records);
    this.#o.journal.write({ e: 'done', ...base, ...(id === undefined ? {} : { id }) });
    if (step.kind === 'contract' && typeof id === 'number') this.#maxContract = Math.max(this.#maxContract, id);
    const durable = this.#o.journal.durable();
    durable.catch((err: Error) => {
      this.totals.journalError ??= err.message;
      this.stop('journal');
    });
    return { ok: true, ...(id === undefined ? {} : { id }), skipped: false, durable };
  }
}
