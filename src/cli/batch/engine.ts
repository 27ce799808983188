/**
 * Sending a plan: contracts in parallel, each in its lane (lane.ts), at most
 * `concurrency` requests in flight over the client's keep-alive pool
 * (step-sender.ts). Many contracts keep every request slot busy; Ctrl-C stops
 * new requests, and those in flight finish and are journaled.
 */
import { inOrder } from './concurrency.js';
import { sendGroup } from './lane.js';
import type { Plan, PlanRow } from './plan.js';
import type { RowResult } from './row-result.js';
import { type EngineTotals, type SenderOptions, StepSender } from './step-sender.js';

export interface EngineOptions extends SenderOptions {
  /** Beneficiaries of one contract created at once. */
  readonly perContract: number;
  readonly onRow: (result: RowResult) => void;
}

export async function runPlan(
  plan: Plan,
  rows: ReadonlyMap<PlanRow, RowResult>,
  o: EngineOptions,
): Promise<EngineTotals> {
  const sender = new StepSender(o);
  const onAbort = () => sender.stop('interrupted');
  o.signal.addEventListener('abort', onAbort, { once: true });
  const lane = { sender, recorded: o.recorded, perContract: o.perContract, finish: o.onRow, m: o.m };
  // Lanes take contracts in file order; twice as many lanes as request slots keep the slots busy while lanes wait on the journal.
  const groups = plan.groups.filter((g) => g.contract && g.errors.length === 0);
  try {
    await inOrder(groups, o.concurrency * 2, (g) => sendGroup(g, rows, lane));
  } finally {
    o.signal.removeEventListener('abort', onAbort);
  }
  return sender.totals;
}
