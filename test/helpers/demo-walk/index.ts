/**
 * A walk through every operation against the demo dataset: one step per
 * call, in an order that makes every write succeed (book before cancel, a
 * contract before its beneficiary, a device before its change), with
 * parameters that fit the demo data and expected values written as literals
 * from it (docs/decisions.md, "Demo data"). "Today" is pinned to Monday
 * 1 June 2026, 08:30, so every date is a literal too. The e2e test walks it
 * through the built CLI, the server tests over HTTP.
 */
import type { Operation, Outcome } from '../../../src/catalogue/index.js';
import { enrol } from './enrol.js';
import { notify } from './notify.js';
import { record, registration } from './registration.js';
import { schedule } from './schedule.js';
import type { Step } from './step.js';

export { DEMO_NOW, type Step, type WalkState } from './step.js';

export const steps: readonly Step[] = [...registration, ...record, ...schedule, ...enrol, ...notify];

/**
 * The outcome of every step (spec §7): a read finds records (2), a write is
 * done (1); contrato/search answers plain records, without an envelope.
 */
export function expectedOutcome(op: Operation): Outcome {
  return op.methods.includes('POST') || op.response.envelope === 'none' ? 'ok' : 'found';
}
