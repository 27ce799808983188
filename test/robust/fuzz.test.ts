/**
 * Generated bad inputs (fast-check) against the real server and a real SQLite
 * file, for every operation of the catalogue:
 *
 * - parameter objects built from the catalogue, each field absent, valid, one
 *   of its `invalid` samples or an arbitrary JSON value, plus unknown keys,
 *   sent as a query string, a JSON body or a form body; every case carries at
 *   least one field that must be refused, so every case must get 422;
 * - raw garbage bodies under assorted content types.
 *
 * Properties: never a 5xx; every 4xx is a JSON array of one envelope record;
 * every 422 names fields of the operation (or the unknown keys sent), and
 * names the field that made the case invalid; and after the whole run not one
 * stored row has changed (checksum of every table, read through its own
 * read-only connection).
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  briefly,
  catalogue,
  checkResponse,
  sampleParams,
  type Field,
  type Operation,
} from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { envelopeProblem, malformedBody, messageOf, send, sendJson, tableChecksum, type Answer } from './helpers.js';

const RUNS = 200;
const GARBAGE_RUNS = 200;
const SEED = 20_260_515;

let srv: TestServer;
let agent: http.Agent;
let before: string;

beforeAll(async () => {
  srv = await startTestServer();
  agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  before = tableChecksum(srv.db);
});
afterAll(async () => {
  agent?.destroy();
  await srv?.stop();
});

// ── Generated parameter objects ────────────────────────────────────────────────

type Encoding = 'query' | 'json' | 'form';
const ABSENT = Symbol('absent');

/** How the case is made to be refused: a bad value, a missing required field, or unknown keys. */
type Forced =
  | { kind: 'invalid'; name: string; value: unknown }
  | { kind: 'missing'; name: string }
  | { kind: 'unknown' };

interface Case {
  readonly encoding: Encoding;
  /** Entries in sending order (a plain object could not hold `__proto__`). */
  readonly entries: ReadonlyArray<readonly [string, unknown]>;
  /** The unknown keys as the server reads them (a form's `x[]=v` is the list `x`). */
  readonly unknownKeys: readonly string[];
  readonly forced: Forced;
}

/** Values that stay invalid whatever the encoding (a JSON number 12 for a text field becomes the valid text "12" in a form). */
function invalidFor(f: Field, encoding: Encoding): unknown[] {
  if (encoding === 'json') return [...f.invalid];
  return f.invalid.filter(
    (v) => typeof v === 'string' || Array.isArray(v) || (typeof v === 'number' && f.kind === 'int'),
  );
}

function validArb(f: Field): fc.Arbitrary<unknown> {
  if (f.kind === 'array') return fc.constant([f.example]);
  if (f.kind === 'int') return fc.constantFrom(f.example, Number(f.example));
  if (f.choices) return fc.constantFrom(...f.choices);
  return fc.constant(f.example);
}

/** Arbitrary values, with near misses of the spec's layouts (digit runs, dates, phones, CPFs). */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 400 }),
  fc.stringMatching(/^-?\d{0,22}$/),
  fc.integer({ min: -1_000_000, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/),
  fc.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
  fc.stringMatching(/^\(\d{1,3}\)\d{7,10}$/),
  fc.stringMatching(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.constantFrom(true, false, null, '', ' ', '0', '00', 'S', 'N', 'R', 'null', 'undefined', '[]', '{}'),
);

const oddKeys = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'nao_existe',
  'a b',
  'ç',
  '%zz',
  '.',
  'x[y]',
  'x[]',
  '0',
];

function caseArb(op: Operation, encodings: readonly Encoding[]): fc.Arbitrary<Case> {
  const names = Object.keys(op.params);
  const isParam = (k: string) => Object.hasOwn(op.params, k) || Object.hasOwn(op.params, k.replace(/\[\]$/, ''));
  const key = fc.oneof(
    fc.constantFrom(...oddKeys),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,24}$/),
    fc.constantFrom(...names.map((n) => n.toUpperCase()), ...names.map((n) => `${n} `)),
  );
  const fields = fc.record(
    Object.fromEntries(
      Object.entries(op.params).map(([name, f]) => [
        name,
        fc.oneof(fc.constant<unknown>(ABSENT), validArb(f), fc.constantFrom(...f.invalid), anyValue),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  // An empty list would send no pair at all in a form: unknown keys always carry something.
  const unknown = fc.uniqueArray(
    fc.tuple(
      key.filter((k) => !isParam(k)),
      anyValue.filter((v) => !(Array.isArray(v) && v.length === 0)),
    ),
    { maxLength: 3, selector: ([k]) => k.replace(/\[\]$/, '') },
  );
  const required = names.filter((n) => op.params[n]!.required);
  return fc.constantFrom(...encodings).chain((encoding) => {
    const forcedChoices: Array<fc.Arbitrary<Forced>> = [fc.constant<Forced>({ kind: 'unknown' })];
    const invalidNames = names.filter((n) => invalidFor(op.params[n]!, encoding).length > 0);
    if (invalidNames.length) {
      forcedChoices.push(
        fc
          .constantFrom(...invalidNames)
          .chain((name) =>
            fc
              .constantFrom(...invalidFor(op.params[name]!, encoding))
              .map((value): Forced => ({ kind: 'invalid', name, value })),
          ),
      );
    }
    if (required.length)
      forcedChoices.push(fc.constantFrom(...required).map((name): Forced => ({ kind: 'missing', name })));
    return fc
      .tuple(
        fields,
        unknown,
        fc.oneof(...forcedChoices),
        fc.shuffledSubarray(names.concat(['']), { minLength: names.length + 1 }),
      )
      .map(([values, extra, forced, order]) => {
        const chosen: Array<[string, unknown]> = [];
        for (const name of order) {
          if (name === '') {
            chosen.push(...extra);
            continue;
          }
          let value = values[name];
          if (forced.kind !== 'unknown' && forced.name === name)
            value = forced.kind === 'invalid' ? forced.value : ABSENT;
          if (value !== ABSENT) chosen.push([name, value]);
        }
        // A form sends a list as `k[]=…` and a single value as `k=…`; the server drops one trailing `[]`.
        let unknownKeys = extra.map(([k, v]) => (encoding === 'json' || Array.isArray(v) ? k : k.replace(/\[\]$/, '')));
        if (forced.kind === 'unknown' && unknownKeys.length === 0) {
          chosen.push(['nao_existe', 'x']);
          unknownKeys = ['nao_existe'];
        }
        return { encoding, entries: chosen, unknownKeys, forced };
      });
  });
}

/** The value as a form field: strings as they are, lists as repeated `name[]`, anything else as JSON text. */
function formPairs(entries: Case['entries']): URLSearchParams {
  const out = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));
  for (const [k, v] of entries) {
    if (Array.isArray(v)) for (const el of v) out.append(`${k}[]`, text(el));
    else out.append(k, text(v));
  }
  return out;
}

function jsonText(entries: Case['entries']): string {
  const obj = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) obj[k] = v;
  return JSON.stringify(obj);
}

function request(op: Operation, c: Case): Promise<Answer> {
  const method = op.methods[0]!;
  const url = `${srv.url}${op.path}`;
  if (c.encoding === 'query') {
    const qs = formPairs(c.entries).toString();
    return send(qs ? `${url}?${qs}` : url, { method, agent });
  }
  const body = c.encoding === 'json' ? jsonText(c.entries) : formPairs(c.entries).toString();
  const type = c.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return send(url, {
    method,
    agent,
    headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) },
    body,
  });
}

/** The names a 422 message names: the part before `: ` of each `field: rule` segment (not the closing "and 3 more"). */
function namedFields(message: string): string[] {
  return message
    .split('; ')
    .filter((seg) => !/^and \d+ more$/.test(seg))
    .map((seg) => {
      const colon = seg.indexOf(': ');
      return colon < 0 ? seg : seg.slice(0, colon);
    });
}

/** The keys `text` carries, read as a form and as JSON. */
function keysOf(text: string): string[] {
  const keys = [...new URLSearchParams(text).keys()];
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object') keys.push(...Object.keys(value));
  } catch {
    // not JSON
  }
  return keys;
}

/**
 * Whether a name a 422 repeats could come from `text`: a made-up name is
 * repeated briefly (cut with …, digits of long numbers as *, characters
 * other than printable ASCII as ?, one per byte the server could not decode,
 * where a decoder may give one U+FFFD for several).
 */
function echoes(text: string, named: string): boolean {
  const pattern = named
    .replace(/…$/, '')
    .replace(/\?+/g, '?')
    .replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '?' ? '[^]+?' : c === '*' ? '[*\\d]' : `\\${c}`));
  const re = new RegExp(pattern);
  return [text, ...keysOf(text)].some((k) => re.test(k));
}

/** A list element (`tipo_documento[1]`) names its list. */
const withoutIndex = (name: string) => name.replace(/(\[\d+\])+$/, '');

function checkRejection(op: Operation, c: Case, res: Answer): void {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.status, res.text).toBe(422);
  expect(envelopeProblem(res)).toBeUndefined();
  const named = namedFields(messageOf(res));
  const sent = c.unknownKeys.map(briefly);
  const known = new Set([...Object.keys(op.params), ...sent]);
  for (const n of named) {
    expect(
      known.has(n) || Object.hasOwn(op.params, withoutIndex(n)),
      `"${n}" in "${messageOf(res)}" is no field of ${op.name} nor a key sent`,
    ).toBe(true);
  }
  const culprits = c.forced.kind === 'unknown' ? sent : [c.forced.name];
  const bare = named.map(withoutIndex);
  for (const n of culprits) expect(bare, `${messageOf(res)} should name ${n}`).toContain(n);
}

const ops = catalogue.map((op, i) => [op.id, op, i] as const);

describe.each(ops)('%s', (_id, op, index) => {
  const encodings: Encoding[] = op.methods.includes('POST') ? ['json', 'form', 'query'] : ['query', 'json', 'form'];

  it(`${RUNS} generated invalid parameter sets are refused with 422 naming the culprit`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(caseArb(op, encodings), async (c) => {
        sent++;
        checkRejection(op, c, await request(op, c));
      }),
      { numRuns: RUNS, seed: SEED + index },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 60_000);

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
        const res = await send(`${srv.url}${op.path}`, { method: op.methods[0], agent, headers, body: payload });
        expect(res.status, res.text).toBeLessThan(500);
        if (malformedBody(type, payload)) expect(res.status, res.text).toBe(400);
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
        ? await send(`${srv.url}${op.path}`, {
            method,
            agent,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(params),
          })
        : await send(`${srv.url}${op.path}?${formPairs(Object.entries(params)).toString()}`, { method, agent });
    expect(res.status, res.text).toBe(422);
    expect(envelopeProblem(res)).toBeUndefined();
    expect(namedFields(messageOf(res))).toEqual([name]);
  });
});

describe('stored state', () => {
  it('no stored row changed after every refused request above', () => {
    expect(tableChecksum(srv.db)).toBe(before);
  });

  it('the checksum sees a change the server accepts (so the comparison above means something)', async () => {
    const op = catalogue.find((o) => o.id === 'enrol.contract.create')!;
    const res = await sendJson(`${srv.url}${op.path}`, sampleParams(op), { agent });
    expect(res.status).toBe(200);
    expect(tableChecksum(srv.db)).not.toBe(before);
  });
});
