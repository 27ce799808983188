/**
 * The fuzz tests' target and judge: the real server on a real SQLite file
 * (one per test file) over a keep-alive agent, a generated case sent as its
 * encoding says, what a 422 must name, and the check that after every refused
 * request not one stored row has changed (checksum of every table, read
 * through its own read-only connection).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefly, catalogue, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { type Case, formPairs, jsonText } from './fuzz-cases.js';
import { envelopeProblem, messageOf, send, sendJson, tableChecksum, type Answer } from './helpers.js';

export const SEED = 20_260_515;

export interface FuzzServer {
  readonly url: string;
  readonly agent: http.Agent;
  /** Sends a generated case: its entries as a query string, a JSON body or a form body. */
  sendCase(op: Operation, c: Case): Promise<Answer>;
}

/**
 * The server of a test file, started before its tests with the checksum of
 * its stored rows taken; `describeStoredState`, last in the file, compares it.
 */
export function useFuzzServer(): FuzzServer & { readonly db: string; readonly before: string } {
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
  return {
    get url() {
      return srv.url;
    },
    get agent() {
      return agent;
    },
    get db() {
      return srv.db;
    },
    get before() {
      return before;
    },
    sendCase(op, c) {
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
    },
  };
}

/** The names a 422 message names: the part before `: ` of each `field: rule` segment (not the closing "and 3 more"). */
export function namedFields(message: string): string[] {
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
export function echoes(text: string, named: string): boolean {
  const pattern = named
    .replace(/…$/, '')
    .replace(/\?+/g, '?')
    .replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '?' ? '[^]+?' : c === '*' ? '[*\\d]' : `\\${c}`));
  const re = new RegExp(pattern);
  return [text, ...keysOf(text)].some((k) => re.test(k));
}

/** A list element (`tipo_documento[1]`) names its list. */
export const withoutIndex = (name: string) => name.replace(/(\[\d+\])+$/, '');

export function checkRejection(op: Operation, c: Case, res: Answer): void {
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

/** The last tests of a fuzz file: no stored row changed, and the checksum would have seen a change. */
export function describeStoredState(fuzz: ReturnType<typeof useFuzzServer>): void {
  describe('stored state', () => {
    it('no stored row changed after every refused request above', () => {
      expect(tableChecksum(fuzz.db)).toBe(fuzz.before);
    });

    it('the checksum sees a change the server accepts (so the comparison above means something)', async () => {
      const op = catalogue.find((o) => o.id === 'enrol.contract.create')!;
      const res = await sendJson(`${fuzz.url}${op.path}`, sampleParams(op), { agent: fuzz.agent });
      expect(res.status).toBe(200);
      expect(tableChecksum(fuzz.db)).not.toBe(fuzz.before);
    });
  });
}
