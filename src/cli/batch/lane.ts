/**
 * One contract's lane: its steps in order (contract → payer → beneficiaries
 * → their records). Beneficiaries are created `perContract` at a time (1 by
 * default), in file order, while the records of those already created
 * (contacts, addresses, documents, answers) go in parallel once their
 * beneficiary's id is on disk. One at a time, a killed run leaves at most one
 * beneficiary per contract in doubt, which the rerun decides by counting
 * (reconcile.ts).
 */
import type { Messages } from '../i18n/index.js';
import { inOrder } from './concurrency.js';
import type { Id, Recorded } from './journal.js';
import type { PlanGroup, PlanRow, Step } from './plan.js';
import { countStep, recordFailure, type RowResult } from './row-result.js';
import { type Failed, NOT_RUN, type Outcome, type StepSender, type Succeeded, settled } from './step-sender.js';

export interface LaneOptions {
  readonly sender: StepSender;
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
  const contract = await sendContract(g.contract!, mine, lane);
  if (!contract) return;
  if (g.payer && !(await sendPayer(g.payer, contract.id, mine, lane))) return;
  for (const res of mine) if (!res.row.beneficiary) lane.finish(res);
  const people = mine.filter((res) => res.row.beneficiary);
  await sendBeneficiaries(people, contract.id, lane);
}

/** Fails and finishes every row of the contract. */
function failAll(mine: readonly RowResult[], step: string, out: Failed, lane: LaneOptions): undefined {
  for (const res of mine) {
    recordFailure(res, step, out);
    lane.finish(res);
  }
  return undefined;
}

/** The contract, its id on disk before anything uses it; undefined (rows finished) when it failed. */
async function sendContract(step: Step, mine: RowResult[], lane: LaneOptions): Promise<Succeeded | undefined> {
  const c = await lane.sender.send(step, undefined);
  if (!c.ok) return failAll(mine, 'contract', c, lane);
  if (!(await settled(c))) return failAll(mine, 'contract', NOT_RUN, lane);
  for (const res of mine) if (c.id !== undefined) res.contratoId = c.id;
  for (const res of mine) if (!res.row.beneficiary) countStep(res, c);
  return c;
}

/** The payer; false (rows finished) when it failed. */
async function sendPayer(step: Step, contractId: Id | undefined, mine: RowResult[], lane: LaneOptions) {
  const p = await lane.sender.send(step, contractId);
  for (const res of mine) if (!res.row.beneficiary) countStep(res, p);
  if (p.ok) return true;
  failAll(mine, 'payer', p, lane);
  return false;
}

/** The beneficiaries, `perContract` at a time in file order; the next one does not wait for the records of those before. */
async function sendBeneficiaries(people: RowResult[], contractId: Id | undefined, lane: LaneOptions): Promise<void> {
  const records: Promise<void>[] = [];
  await inOrder(people, lane.perContract, async (res) => {
    const out = await lane.sender.send(res.row.beneficiary!, contractId);
    const pending = afterBeneficiary(res, out, lane);
    if (pending) records.push(pending);
  });
  await Promise.all(records);
}

/** What follows a beneficiary's outcome: the row finished, or its records sent (the promise of that). */
function afterBeneficiary(res: RowResult, out: Outcome, lane: LaneOptions): Promise<void> | undefined {
  countStep(res, out);
  if (!out.ok) recordFailure(res, 'beneficiary', out);
  else {
    if (out.id !== undefined) res.beneficiarioId = out.id;
    if (out.lost) markIdLost(res, lane);
    else if (res.row.subs.length) return sendRecords(res, out, lane);
  }
  lane.finish(res);
  return undefined;
}

/** The beneficiary was created by a run that did not learn its id: its records not done cannot be sent. */
function markIdLost(res: RowResult, lane: LaneOptions): void {
  res.idLost = true;
  const pending = res.row.subs.filter((s) => lane.recorded.get(s.id)?.state !== 'done');
  const failed = { ok: false, status: 'uncertain', message: lane.m.batch.idLost } as const;
  if (pending.length) recordFailure(res, pending.map((s) => s.name).join(', '), failed);
}

/** The beneficiary's records in parallel, once its id is on disk; then the row is finished. */
async function sendRecords(res: RowResult, beneficiary: Succeeded, lane: LaneOptions): Promise<void> {
  if (!(await settled(beneficiary))) recordFailure(res, 'records', NOT_RUN);
  else await Promise.all(res.row.subs.map((s) => sendRecord(res, s, beneficiary.id, lane.sender)));
  lane.finish(res);
}

async function sendRecord(res: RowResult, step: Step, beneficiaryId: Id | undefined, sender: StepSender) {
  const out = await sender.send(step, beneficiaryId);
  countStep(res, out);
  if (out.ok && out.id !== undefined) res.records[step.name] = out.id;
  else if (!out.ok) recordFailure(res, step.name, out);
}
