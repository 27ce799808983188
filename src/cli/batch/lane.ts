/**
 * One contract of the batch: the chain of its valid rows (enrol/chain.ts),
 * and their results kept as it is sent (row-result.ts). A row's own steps are
 * its beneficiary and that beneficiary's records; a row without a
 * beneficiary has its contract and payer. Every row is finished once.
 */
import { sendChain } from '../enrol/chain.js';
import type { BeneficiaryChain } from '../enrol/plan.js';
import type { Failed, StepSender } from '../enrol/sender.js';
import type { Recorded } from '../enrol/store.js';
import type { Messages } from '../i18n/index.js';
import type { PlanGroup, PlanRow, Step } from './plan.js';
import { countStep, recordFailure, type RowResult } from './row-result.js';

export interface LaneOptions {
  readonly sender: StepSender<Step>;
  /** What the journal said of each step before this run. */
  readonly recorded: ReadonlyMap<string, Recorded>;
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  /** Called once for every row, when it is settled. */
  readonly finish: (result: RowResult) => void;
  /** The run's messages. */
  readonly m: Messages;
}

/** A row with a beneficiary, as a link of its contract's chain. */
interface Person extends BeneficiaryChain<Step> {
  readonly res: RowResult;
}

/** Sends a valid contract group and everything in it; every row of it that is not invalid is finished. */
export async function sendGroup(g: PlanGroup, rows: ReadonlyMap<PlanRow, RowResult>, lane: LaneOptions): Promise<void> {
  const mine = g.rows.map((r) => rows.get(r)!).filter((res) => res.status !== 'invalid');
  if (mine.length === 0) return;
  for (const res of mine) res.status = 'ok';
  const alone = mine.filter((res) => !res.row.beneficiary);
  const people = mine.flatMap((res): Person[] =>
    res.row.beneficiary ? [{ person: res.row.beneficiary, records: res.row.subs, res }] : [],
  );
  const { m } = lane;
  const chain = { contract: g.contract!, ...(g.payer ? { payer: g.payer } : {}), beneficiaries: people };
  await sendChain(chain, lane.sender, lane, {
    contract(out) {
      if (!out.ok) return failAll(mine, 'contract', out, lane);
      for (const res of mine) if (out.id !== undefined) res.contratoId = out.id;
      for (const res of alone) countStep(res, out);
      if (!g.payer) for (const res of alone) lane.finish(res);
    },
    payer(out) {
      for (const res of alone) countStep(res, out);
      if (!out.ok) return failAll(mine, 'payer', out, lane);
      for (const res of alone) lane.finish(res);
    },
    beneficiary({ res }, out) {
      countStep(res, out);
      if (!out.ok) return recordFailure(m, res, 'beneficiary', out);
      if (out.id !== undefined) res.beneficiarioId = out.id;
      if (out.lost) markIdLost(res, lane);
    },
    record({ res }, step, out) {
      countStep(res, out);
      if (out.ok && out.id !== undefined) res.records[step.name] = out.id;
      else if (!out.ok) recordFailure(m, res, step.name, out);
    },
    finished({ res }, stopped) {
      if (stopped) recordFailure(m, res, 'records', { ok: false, status: 'not-run', message: '' });
      lane.finish(res);
    },
  });
}

/** Fails and finishes every row of the contract. */
function failAll(mine: readonly RowResult[], step: string, out: Failed, lane: LaneOptions): void {
  for (const res of mine) {
    recordFailure(lane.m, res, step, out);
    lane.finish(res);
  }
}

/** The beneficiary was created by a run that did not learn its id: its records not done cannot be sent. */
function markIdLost(res: RowResult, lane: LaneOptions): void {
  res.idLost = true;
  const pending = res.row.subs.filter((s) => lane.recorded.get(s.id)?.state !== 'done');
  const failed = { ok: false, status: 'uncertain', message: lane.m.batch.idLost } as const;
  if (pending.length) recordFailure(lane.m, res, pending.map((s) => s.name).join(', '), failed);
}
