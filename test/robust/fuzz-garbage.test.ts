/**
 * Raw garbage bodies (fast-check) under assorted content types, against the
 * real server and a real SQLite file, for every operation of the catalogue:
 * never a 5xx; a malformed body gets 400; every 4xx is a JSON array of one
 * envelope record, every 422 names fields of the operation or keys the
 * garbage carried; a read that accepts one answers the documented shape; and
 * after the whole run not one stored row has changed.
 */
import type http from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue, checkResponse, sampleParams } from '../../src/catalogue/index.js';
import { describeStoredState, echoes, namedFields, SEED, useFuzzServer, withoutIndex } from './fuzz-server.js';
import { bodyRefusal, envelopeProblem, messageOf, send } from './helpers.js';

const GARBAGE_RUNS = 200;

const fuzz = useFuzzServer();

const ops = catalogue.map((op, i) => [op.id, op, i] as const);

describe.each(ops)('%s', (_id, op, index) => {
  it(`${GARBAGE_RUNS} garbage bodies: never a 5xx, every 4xx an envelope`, async () => {
    const isWrite = op.methods.includes('POST');
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/vnd.coop+json',
        'application/x-www-form-urlencoded',
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=xyz',
        'application/octet-stream',
        undefined,
      ),
      fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,12}$/),
    );
    const sample = JSON.stringify(sampleParams(op));
    const body = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.string({ minLength: 1, maxLength: 300 }).map((s) => Buffer.from(s)),
      fc.json({ maxDepth: 3 }).map((s) => Buffer.from(s)),
      fc.integer({ min: 1, max: sample.length - 1 }).map((n) => Buffer.from(sample.slice(0, n))),
      fc
        .constantFrom(
          'null',
          '[]',
          '[{}]',
          '"x"',
          '1',
          'true',
          '{',
          '{"a":',
          '\u0000',
          '{}}',
          '{"__proto__":{"x":1}}',
          '%',
          '&&&',
          '=',
        )
        .map((s) => Buffer.from(s)),
    );
    await fc.assert(
      fc.asyncProperty(contentType, body, fc.boolean(), async (type, payload, chunked) => {
        const headers: http.OutgoingHttpHeaders = {};
        if (type !== undefined) headers['content-type'] = type;
        if (chunked) headers['transfer-encoding'] = 'chunked';
        else headers['content-length'] = payload.length;
        const res = await send(`${fuzz.url}${op.path}`, {
          method: op.methods[0],
          agent: fuzz.agent,
          headers,
          body: payload,
        });
        expect(res.status, res.text).toBeLessThan(500);
        const refusal = bodyRefusal(type, payload);
        if (refusal) expect(res.status, res.text).toBe(refusal);
        else if (res.status !== 200) expect(res.status, res.text).toBe(422);
        if (res.status >= 400) {
          expect(envelopeProblem(res)).toBeUndefined();
          if (res.status === 422) {
            // Each name is a field of the operation or a key the garbage carried (a form body `[{}]` is the key "[{}]").
            const text = payload.toString('utf8');
            for (const n of namedFields(messageOf(res))) {
              const ok = Object.hasOwn(op.params, withoutIndex(n)) || echoes(text, n);
              expect(ok, `"${n}" in "${messageOf(res)}" for body ${JSON.stringify(text)}`).toBe(true);
            }
          }
        } else {
          // Only a read can accept a garbage body (e.g. `{}` for contrato/search); its answer has the documented shape.
          expect(isWrite, `${op.name} accepted ${payload.toString('utf8')}`).toBe(false);
          expect(res.status).toBe(200);
          expect(checkResponse(op, JSON.parse(res.text)).ok).toBe(true);
        }
      }),
      { numRuns: GARBAGE_RUNS, seed: SEED + 1000 + index },
    );
  }, 60_000);
});

describeStoredState(fuzz);
