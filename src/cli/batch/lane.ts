/**
 * One contract of the batch: its chain, which the engine built when the file
 * was planned (plan.ts), sent with its valid rows (the group's `send`: the
 * engine's phase 2), and their results kept from the outcomes the engine
 * tells (row-result.ts). A row's own steps are its beneficiary and that
 * beneficiary's records; a row without a beneficiary has its contract and
 * payer. Every row is finished once.
 */
import type { Tagged } from '../enrol/enrolment.js';
import type { Failed, StepSender } from '../enrol/sender.js';
import type { Recorded } from '../enrol/store.js';
import type { Messages } from '../i18n/index.js';
import type { PlanGroup, PlanRow, Step } from './plan.js';
import { countStep, recordFailure, type RowResult } from './row-result.js';
import { words as batchWords } from './words.js';

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

/** Sends a valid contract group and everything in it; every row of it that is not invalid is finished. */
export async function sendGroup(g: PlanGroup, rows: ReadonlyMap<PlanRow, RowResult>, lane: LaneOptions): Promise<void> {
  const mine = g.rows.map((r) => rows.get(r)!).filter((res) => res.status !== 'invalid');
  if (mine.length === 0) return;
  for (const res of mine) res.status = 'ok';
  const alone = mine.filter((res) => !res.row.beneficiary);
  // A beneficiary of the chain is tagged by its row's place in the group.
  const resultOf = (tag: number) => rows.get(g.rows[tag]!)!;
  const own = ({ tag }: Tagged<Step, number>) => resultOf(tag);
  const { m } = lane;
  const keep = (tag: number) => resultOf(tag).status !== 'invalid';
  await g.send({
    sender: lane.sender,
    perContract: lane.perContract,
    keep,
    hooks: {
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
      beneficiary(b, out) {
        const res = own(b);
        countStep(res, out);
        if (!out.ok) return recordFailure(m, res, 'beneficiary', out);
        if (out.id !== undefined) res.beneficiarioId = out.id;
        if (out.lost) markIdLost(res, lane);
      },
      record(b, step, out) {
        const res = own(b);
        countStep(res, out);
        if (out.ok && out.id !== undefined) res.records[step.name] = out.id;
        else if (!out.ok) recordFailure(m, res, step.name, out);
      },
      finished(b, stopped) {
        const res = own(b);
        if (stopped) recordFailure(m, res, 'records', { ok: false, status: 'not-run', message: '' });
        lane.finish(res);
      },
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
  const failed = { ok: false, status: 'uncertain', message: batchWords[lane.m.common.lang].idLost } as const;
  if (pending.length) recordFailure(lane.m, res, pending.map((s) => s.name).join(', '), failed);
}
