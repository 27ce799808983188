/**
 * What each row of a batch comes to as it is sent: its status (the worst
 * outcome of its steps), the ids it was given, its steps sent and skipped,
 * and what failed.
 */
import type { Id } from '../enrol/plan.js';
import type { Failed, Outcome } from '../enrol/sender.js';
import type { Messages } from '../i18n/index.js';
import { type Plan, type PlanRow, rowValid } from './plan.js';
import { words as batchWords } from './words.js';

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

const rank: Record<RowStatus, number> = { ok: 0, 'not-run': 1, uncertain: 2, failed: 3, invalid: 4 };

/** Records a step that did not succeed: the row takes the worst outcome of its steps. */
export function recordFailure(m: Messages, res: RowResult, step: string, out: Failed): void {
  if (rank[out.status] > rank[res.status]) res.status = out.status;
  if (out.status === 'not-run') return;
  const { why, message } = out;
  const said =
    why === 'refused'
      ? batchWords[m.common.lang].refused(message)
      : why
        ? batchWords[m.common.lang].noAnswer(message)
        : message;
  res.failures.push({ step, message: said });
}

/** Counts a step of the row that succeeded: sent now, or done by an earlier run. */
export function countStep(res: RowResult, out: Outcome): void {
  if (out.ok && out.skipped) res.skipped++;
  else if (out.ok) res.sent++;
}
