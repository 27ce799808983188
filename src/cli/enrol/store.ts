/**
 * The enrolment engine's progress store: what a front-end keeps of what it
 * sent, so that a later run skips what is done and reuses the ids it
 * created, and knows which steps went out without an answer. The batch keeps
 * a journal (journal.ts), the wizard a draft (draft.ts); the sender
 * (sender.ts) writes to either in the same order.
 */
import type { Id, Step } from './plan.js';

/** What the store says of a step (`parent`: the id it was sent with; `hash`: of its parameters, when kept). */
export type Recorded =
  | { readonly state: 'done'; readonly hash?: string; readonly parent?: Id; readonly id?: Id }
  /** Done, but the id it created is not known (a rerun found it created). */
  | { readonly state: 'lost'; readonly hash?: string; readonly parent?: Id }
  /** Sent without an answer: no answer yet (`sent`: the process stopped), or none came (`transport`). */
  | {
      readonly state: 'sent' | 'transport';
      readonly hash?: string;
      readonly parent?: Id;
      /** On a contract: the highest contract id the store knew when it was sent. */
      readonly after?: number;
      readonly msg?: string;
    }
  | { readonly state: 'refused'; readonly hash?: string; readonly msg?: string };

export type InDoubt = Extract<Recorded, { state: 'sent' | 'transport' }>;

/** Whether a step went out without its outcome being known: the service may or may not have done it. */
export const inDoubt = (r: Recorded | undefined): r is InDoubt => r?.state === 'sent' || r?.state === 'transport';

/** Whether the store has the step settled: done, or done with its id lost. */
export function doneBefore(r: Recorded | undefined): boolean {
  return r?.state === 'done' || r?.state === 'lost';
}

/** Where the sender keeps each step's progress, in this order: sending, then done or failed. */
export interface ProgressStore<S extends Step = Step> {
  /** What the store said of each step (by its id) before this run sent anything; steps of no plan included. */
  readonly recorded: ReadonlyMap<string, Recorded>;
  /** Written before the step's request goes out: still there afterwards means no answer came back. */
  sending(step: S, parentId: Id | undefined): void;
  /** The answer says it was done; resolves once that is durable (the steps that need its id wait for it). */
  done(step: S, parentId: Id | undefined, id: Id | undefined): Promise<void>;
  /** Refused (nothing was done), or in `doubt` (no answer: the service may have done it). */
  failed(step: S, parentId: Id | undefined, doubt: boolean, message: string): void;
  /** The contracts it knows were created, as text: none of them is one in doubt (doubt.ts). */
  knownContracts(): ReadonlySet<string>;
  /** What it knows of the beneficiaries on a contract: how many were created (undefined: it cannot know), and the ids of those in doubt. */
  beneficiariesOn(contract: string): { readonly known: number | undefined; readonly doubtful: readonly string[] };
}
