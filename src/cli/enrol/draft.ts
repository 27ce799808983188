/**
 * The enrolment engine's draft store (the progress store of `enrol wizard`):
 * what a draft keeps of the requests it sent — each done step with the id it
 * created, and the step being sent — written whole by `save` (the draft's
 * file, src/cli/drafts.ts) before each request and after its answer.
 */
import * as z from 'zod';
import type { Step } from './plan.js';
import type { ProgressStore, Recorded } from './store.js';

/** What has been sent: each done step by key (with the id it created), and the step sent without an answer. */
export interface Progress {
  done: Record<string, { id?: string }>;
  /**
   * The step being sent, written before its request goes out: still there
   * afterwards means no answer came back (the process died, or the
   * connection failed), so the service may or may not have done it.
   */
  sending?: {
    readonly key: string;
    /** For a beneficiary: how many lives its contract had as far as this enrolment knows (undefined: not known). */
    readonly lives?: number;
    /** Why no answer came back, when it is known. */
    readonly problem?: string;
  };
}

/** The progress's shape, checked when a draft is read back (it may come from an older coopctl, or have been edited). */
export const progressSchema = z.object({
  done: z.record(z.string(), z.object({ id: z.string().optional() })),
  sending: z
    .object({ key: z.string(), lives: z.number().int().nonnegative().optional(), problem: z.string().optional() })
    .optional(),
});

/** What a draft's progress says of each step. */
function recordedOf(progress: Progress): Map<string, Recorded> {
  const out = new Map<string, Recorded>();
  for (const [key, { id }] of Object.entries(progress.done)) out.set(key, { state: 'done', ...(id ? { id } : {}) });
  const { sending } = progress;
  if (sending) out.set(sending.key, sending.problem ? { state: 'transport', msg: sending.problem } : { state: 'sent' });
  return out;
}

/**
 * The draft's progress as the sender's store; `lives` gives what a
 * beneficiary's `sending` keeps: its contract's lives as far as the
 * enrolment knows (doubt.ts compares them with the service's).
 */
export function draftStore<S extends Step>(
  progress: Progress,
  save: () => void,
  lives: (step: S) => number | undefined,
): ProgressStore<S> {
  return {
    recorded: recordedOf(progress),
    sending(step) {
      const known = lives(step);
      progress.sending = { key: step.id, ...(known === undefined ? {} : { lives: known }) };
      save();
    },
    done(step, _parent, id) {
      progress.done[step.id] = id === undefined ? {} : { id: String(id) };
      delete progress.sending;
      save();
      return Promise.resolve();
    },
    failed(_step, _parent, doubt, message) {
      // A refusal did nothing; no answer leaves the step in doubt.
      if (doubt && progress.sending) progress.sending = { ...progress.sending, problem: message };
      else delete progress.sending;
      save();
    },
    // A draft enrols one contract, its own: no other contract is known, and a beneficiary in doubt is the one being sent.
    knownContracts: () => new Set(),
    beneficiariesOn: () => ({
      known: progress.sending?.lives,
      doubtful: progress.sending ? [progress.sending.key] : [],
    }),
  };
}
