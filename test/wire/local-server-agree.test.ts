/**
 * What passes local validation is never refused by the
 * server for a field rule. For every operation of the catalogue, fast-check
 * builds parameter sets that keep every field rule (arbitraries derived from
 * the rules' words, test/helpers/rule-arbitraries.ts) and every rule across
 * fields (the operation's `checks`), optional fields present or absent; a
 * good share of them name real state (cards of the demo, contracts and
 * beneficiaries made for the test, free slots, booked appointments,
 * registered devices). Each case must pass `validateParams` (else the
 * generator is wrong), goes to a real embedded server (SQLite file, loopback,
 * keep-alive) exactly as the client sends it (`buildRequest`: a JSON body or a
 * form body, a query string for reads), and must come back HTTP 200 with an
 * answer the client accepts, whose every outcome 3 or 4 is one of the
 * business outcomes listed below, by their words: never a field rule.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, validateParams } from '../../src/catalogue/index.js';
import { describeErrors } from '../helpers/words.js';
import { caseArbitrary, judge } from './agree-cases.js';
import { type AgreeWorld, startAgreeWorld } from './agree-state.js';

const RUNS = 100;

let world: AgreeWorld | undefined;
beforeAll(async () => {
  world = await startAgreeWorld();
});
afterAll(() => world?.stop());

describe('what passes local validation, the server does not refuse for a field rule', () => {
  it('has free slots and booked appointments for the cases to name', () => {
    expect(world!.slots.length).toBeGreaterThan(20);
    expect(world!.appointments).toHaveLength(30);
  });

  it.each(catalogue.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const needsEnrolment = ['contrato_id', 'beneficiario_id'].some((n) => Object.hasOwn(op.params, n));
    const state = world!.hints(needsEnrolment ? await world!.enrolment() : { contracts: [1], beneficiaries: [1] });
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary(op, state), async ({ raw, body }) => {
        const local = validateParams(op, raw);
        if (!local.ok) throw new Error(`generator bug, refused locally: ${describeErrors(local.errors)}`);
        const verdict = judge(op, await world!.send(op, local.value, body));
        outcomes.set(verdict, (outcomes.get(verdict) ?? 0) + 1);
        if (!['ok', 'found', 'no-result', 'failed'].includes(verdict)) throw new Error(verdict);
      }),
      { numRuns: RUNS },
    );
    // Cases that name real state reach the operation's work, not only its "not found".
    const done = (outcomes.get('ok') ?? 0) + (outcomes.get('found') ?? 0);
    expect(done, JSON.stringify(Object.fromEntries(outcomes))).toBeGreaterThanOrEqual(3);
  });
});
