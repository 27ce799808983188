/**
 * Sending one step of a chain, as the progress store wants it (store.ts):
 * skipped when the store has it done (its id reused), or not sent when a
 * doubt about it was left undecided (doubt.ts); else `sending` written, the
 * request made by the front-end's transport, then `done` (with the id it
 * created) or `failed` written as soon as the answer is read. No answer, a
 * 5xx (which may come after the service did the work) or an answer without
 * the id that later steps need leave the step in doubt. A step's outcome
 * carries the wait for its store write to be durable, so that steps needing
 * its id go out only once it is. At most `concurrency` requests are in
 * flight; after UNREACHABLE_AFTER connection failures in a row, or a store
 * that cannot be written, no new request is started.
 */
import { TransportError } from '../../client/errors.js';
import type { Params, Row } from '../../catalogue/index.js';
import { Slots } from './concurrency.js';
import { type Id, type Step, withParent } from './plan.js';
import type { ProgressStore } from './store.js';

/** What the service answered a request: its records, or why it did not do it (`doubt`: it may have). */
export type Answer =
  | { readonly ok: true; readonly records: readonly Row[] }
  | { readonly ok: false; readonly message: string; readonly doubt?: boolean; readonly code?: number };

/** A front-end's way of sending a request (its client, its hooks); a TransportError when no answer came. */
export type Transport<S extends Step> = (step: S, params: Params) => Promise<Answer>;

export interface SenderOptions<S extends Step> {
  readonly store: ProgressStore<S>;
  readonly transport: Transport<S>;
  readonly concurrency: number;
  /** Steps in doubt that are not sent, with why (their outcome is `uncertain`). */
  readonly undecided?: ReadonlyMap<string, string>;
  /** The message of an answer without the id that later steps need. */
  readonly noId: (field: string) => string;
  /** Why no answer came, in the run's language (failure.ts's transportProblem). */
  readonly noAnswer: (err: TransportError) => string;
}

export interface SendTotals {
  /** Requests sent now (whatever their outcome), and steps skipped as done by an earlier run. */
  sent: number;
  skipped: number;
  /** Some request had an answer. */
  reached: boolean;
  transportFailures: number;
  /** Why sending stopped early, if it did. */
  stopped?: 'interrupted' | 'unreachable' | 'journal';
  lastTransportError?: string;
  /** Why the store could not be made durable, if it could not (sending stops). */
  journalError?: string;
}

/** Consecutive connection failures after which no new request is started. */
const UNREACHABLE_AFTER = 10;

export type Succeeded = {
  readonly ok: true;
  readonly id?: Id;
  /** Done by an earlier run, which did not learn its id. */
  readonly lost?: boolean;
  readonly skipped: boolean;
  readonly durable?: Promise<void>;
};
export type Failed = {
  readonly ok: false;
  /** failed: refused, or no answer; uncertain: a doubt left undecided; not-run: not sent. */
  readonly status: 'failed' | 'uncertain' | 'not-run';
  /** Why it failed: the service refused it, no answer came back, or the answer lacked the id later steps need. */
  readonly why?: 'refused' | 'no-answer' | 'no-id';
  /** The answer's message, or why no answer came; the undecided doubt's: worded by the front-end. */
  readonly message: string;
  /** The service may have done it: the store keeps it in doubt. */
  readonly doubt?: boolean;
  /** The exit code the transport gave its answer. */
  readonly code?: number;
};
export type Outcome = Succeeded | Failed;

export const NOT_RUN: Failed = { ok: false, status: 'not-run', message: '' };

/** A step's outcome once its store write is durable: a success whose write failed is not sent on from. */
export async function durable<O extends Outcome>(out: O): Promise<O | Failed> {
  if (!out.ok || !out.durable) return out;
  return out.durable.then(
    () => out,
    () => NOT_RUN,
  );
}

/** The id a step's answer gives it (`contrato_id`, `beneficiario_id`, …), if the step creates one. */
function createdId(step: Step, records: readonly Row[]): Id | undefined {
  const field = step.creates;
  const created = field === undefined ? undefined : records.find((r) => r[field] != null)?.[field];
  return typeof created === 'number' || typeof created === 'string' ? created : undefined;
}

export class StepSender<S extends Step> {
  readonly totals: SendTotals = { sent: 0, skipped: 0, reached: false, transportFailures: 0 };
  readonly #o: SenderOptions<S>;
  readonly #slots: Slots;
  #streak = 0;
  #stopping = false;

  constructor(o: SenderOptions<S>) {
    this.#o = o;
    this.#slots = new Slots(o.concurrency);
  }

  /** No new request is started from now on; the first reason given is kept. */
  stop(why: NonNullable<SendTotals['stopped']>): void {
    this.#stopping = true;
    this.totals.stopped ??= why;
  }

  /** Sends a step (with the id of the step it hangs on), unless an earlier run settled it. */
  async send(step: S, parentId: Id | undefined): Promise<Outcome> {
    const earlier = this.#fromEarlierRun(step);
    if (earlier) return earlier;
    if (this.#stopping) return NOT_RUN;
    await this.#slots.acquire();
    try {
      return this.#stopping ? NOT_RUN : await this.#request(step, parentId);
    } finally {
      this.#slots.release();
    }
  }

  /** The outcome that the store (or an undecided doubt) already gives a step, if any. */
  #fromEarlierRun(step: S): Outcome | undefined {
    const r = this.#o.store.recorded.get(step.id);
    if (r?.state === 'done' || r?.state === 'lost') this.totals.skipped++;
    if (r?.state === 'done') return { ok: true, ...(r.id === undefined ? {} : { id: r.id }), skipped: true };
    if (r?.state === 'lost') return { ok: true, lost: true, skipped: true };
    const undecided = this.#o.undecided?.get(step.id);
    return undecided === undefined ? undefined : { ok: false, status: 'uncertain', message: undecided };
  }

  /** The request, `sending` written before it and its answer after. */
  async #request(step: S, parentId: Id | undefined): Promise<Outcome> {
    const { store } = this.#o;
    const params = withParent(step, parentId);
    store.sending(step, parentId);
    this.totals.sent++;
    let answer: Answer;
    try {
      answer = await this.#o.transport(step, params);
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      const message = this.#o.noAnswer(err);
      store.failed(step, parentId, true, message);
      this.totals.transportFailures++;
      this.totals.lastTransportError = message;
      if (++this.#streak >= UNREACHABLE_AFTER) this.stop('unreachable');
      return { ok: false, status: 'failed', why: 'no-answer', message, doubt: true };
    }
    this.totals.reached = true;
    this.#streak = 0;
    if (!answer.ok) {
      const { message, doubt = false, code } = answer;
      store.failed(step, parentId, doubt, message);
      return { ok: false, status: 'failed', why: 'refused', message, doubt, ...(code === undefined ? {} : { code }) };
    }
    const id = createdId(step, answer.records);
    // A contract or beneficiary whose id is not known cannot be named by the steps after it: done, but unnamed.
    if (id === undefined && (step.kind === 'contract' || step.kind === 'beneficiary')) {
      const message = this.#o.noId(step.creates!);
      store.failed(step, parentId, true, message);
      return { ok: false, status: 'failed', why: 'no-id', message, doubt: true };
    }
    const written = store.done(step, parentId, id);
    written.catch((err: Error) => {
      this.totals.journalError ??= err.message;
      this.stop('journal');
    });
    return { ok: true, ...(id === undefined ? {} : { id }), skipped: false, durable: written };
  }
}
