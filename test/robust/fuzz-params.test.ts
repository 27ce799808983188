/**
 * Generated invalid parameter sets (fast-check, test/robust/fuzz-cases.ts)
 * against the real server and a real SQLite file, for every operation of the
 * catalogue. Every case carries at least one field that must be refused, so
 * every case must get 422, as a JSON array of one envelope record naming
 * fields of the operation (or the unknown keys sent), and the field that made
 * the case invalid; and after the whole run not one stored row has changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue, sampleParams } from '../../src/catalogue/index.js';
import { caseArb, type Encoding, formPairs } from './fuzz-cases.js';
import { checkRejection, describeStoredState, namedFields, SEED, useFuzzServer } from './fuzz-server.js';
import { envelopeProblem, messageOf, send } from './helpers.js';

const RUNS = 200;

const fuzz = useFuzzServer();

const ops = catalogue.map((op, i) => [op.id, op, i] as const);

describe.each(ops)('%s', (_id, op, index) => {
  const encodings: Encoding[] = op.methods.includes('POST') ? ['json', 'form', 'query'] : ['query', 'json', 'form'];

  it(`${RUNS} generated invalid parameter sets are refused with 422 naming the culprit`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(caseArb(op, encodings), async (c) => {
        sent++;
        checkRejection(op, c, await fuzz.sendCase(op, c));
      }),
      { numRuns: RUNS, seed: SEED + index },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 60_000);
});

/**
 * Shrunk counterexamples the generator found, kept as plain cases: a date or
 * time field given text without a single digit made `validateParams` throw
 * (a TypeError in the rule's calendar check), which the server answered 500.
 */
const dateCases = catalogue.flatMap((op) =>
  Object.entries(op.params)
    .filter(([, f]) => ['date', 'birth-date', 'time'].includes(f.rule.code))
    .flatMap(([name]) => ['', 'today'].map((value) => [op.id, name, value, op] as const)),
);

describe('text without digits in a date or time field', () => {
  it.each(dateCases)('%s %s=%j → 422 naming the field', async (_id, name, value, op) => {
    const params = { ...sampleParams(op), [name]: value };
    const method = op.methods[0]!;
    const res =
      method === 'POST'
        ? await send(`${fuzz.url}${op.path}`, {
            method,
            agent: fuzz.agent,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(params),
          })
        : await send(`${fuzz.url}${op.path}?${formPairs(Object.entries(params)).toString()}`, {
            method,
            agent: fuzz.agent,
          });
    expect(res.status, res.text).toBe(422);
    expect(envelopeProblem(res)).toBeUndefined();
    expect(namedFields(messageOf(res))).toEqual([name]);
  });
});

describeStoredState(fuzz);
