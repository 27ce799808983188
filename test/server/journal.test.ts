/**
 * The request journal of `serve --admin` over real HTTP (demo data in a
 * SQLite file): what each request left (operation, status, outcome, the
 * parameters' names), no personal data unless `--journal-bodies`, the filters of
 * GET /_coopctl/requests, its bound, and a reset clearing it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { operation } from '../../src/catalogue/index.js';
import { PassThrough } from 'node:stream';
import { runServe } from '../../src/server/serve.js';
import { startError, startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest } from './raw.js';

const TOKEN = 'journal-test-token-0123456789abcdef0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const CARD = '00010001000001005';
const OTHER_CARD = '00010001000001013';
const NAME = 'Ana Beatriz Souza';
const show = operation('registration.show');
const allergies = operation('record.allergies');

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

const start = async (options: { journalSize?: number; journalBodies?: boolean } = {}) => {
  srv = await startTestServer({ admin: true, token: TOKEN, audit: false, ...options });
  return srv;
};
const get = (path: string, headers: Record<string, string> = AUTH) => rawRequest(`${srv!.url}${path}`, { headers });
const journal = async (query = '') => {
  const res = await get(`/_coopctl/requests${query}`);
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body) as { bodies: boolean; requests: Array<Record<string, unknown>> };
};

/** A read of each card, a refusal (422), one without the token (401), one of no operation (404). */
async function traffic(): Promise<void> {
  expect((await get(`${show.path}?usuario_cartao=${CARD}`)).status).toBe(200);
  expect((await get(`${allergies.path}?usuario_cartao=${OTHER_CARD}`)).status).toBe(200);
  expect((await get(`${show.path}?usuario_cartao=123`)).status).toBe(422);
  expect((await get(`${show.path}?usuario_cartao=${CARD}`, {})).status).toBe(401);
  expect((await get('/api/nothing', AUTH)).status).toBe(404);
}

describe('the request journal', () => {
  it('notes each request: time, method, operation, status, outcome, duration, the parameters by name', async () => {
    await start();
    await traffic();
    const { bodies, requests } = await journal();
    expect(bodies).toBe(false);
    expect(requests.map((r) => [r['id'], r['method'], r['operation'], r['status'], r['outcome'], r['params']])).toEqual(
      [
        [1, 'GET', 'registration.show', 200, 'found', ['usuario_cartao']],
        [2, 'GET', 'record.allergies', 200, 'no result', ['usuario_cartao']],
        [3, 'GET', 'registration.show', 422, 'refused', ['usuario_cartao']],
        [4, 'GET', 'registration.show', 401, 'refused', []],
        [5, 'GET', 'unknown', 404, 'refused', []],
      ],
    );
    for (const r of requests) {
      expect(Date.parse(String(r['time']))).not.toBeNaN();
      expect(typeof r['duration_ms']).toBe('number');
    }
  });

  it('holds no personal data by default: neither the cards asked for nor the answers', async () => {
    await start();
    await traffic();
    const text = JSON.stringify(await journal());
    expect(showsToken(text, CARD)).toBe(false);
    expect(text).not.toContain(OTHER_CARD);
    expect(text).not.toContain(NAME);
  });

  it('filters by operation, by card (without keeping it), since an entry, and keeps the last ones', async () => {
    await start();
    await traffic();
    const ids = (r: { requests: Array<Record<string, unknown>> }) => r.requests.map((e) => e['id']);
    expect(ids(await journal('?operation=record.allergies'))).toEqual([2]);
    expect(ids(await journal(`?card=${CARD}`))).toEqual([1]);
    expect(ids(await journal(`?card=${OTHER_CARD}`))).toEqual([2]);
    expect(ids(await journal('?since=3'))).toEqual([4, 5]);
    expect(ids(await journal('?since=2000-01-01T00:00:00Z&limit=2'))).toEqual([4, 5]);
    for (const query of ['?operation=nope', '?card=12', '?since=yesterday', '?limit=0']) {
      const res = await get(`/_coopctl/requests${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body).toContain('not a filter of the journal');
    }
  });

  it('is bounded by --journal-size, and cleared by a reset', async () => {
    await start({ journalSize: 3 });
    await traffic();
    expect((await journal()).requests.map((e) => e['id'])).toEqual([3, 4, 5]);
    expect((await rawRequest(`${srv!.url}/_coopctl/reset`, { method: 'POST', headers: AUTH })).status).toBe(200);
    expect((await journal()).requests).toEqual([]);
  });

  it('with --journal-bodies, keeps the parameters and the answer', async () => {
    await start({ journalBodies: true });
    await traffic();
    const { bodies, requests } = await journal();
    expect(bodies).toBe(true);
    expect(requests[0]).toMatchObject({ params: { usuario_cartao: CARD } });
    expect(String(requests[0]!['body'])).toContain(NAME);
  });
});

describe('serve --journal-bodies', () => {
  const ctx = { stdout: new PassThrough(), stderr: new PassThrough(), env: {} };
  it.each([
    ['without --admin', { journalBodies: true, demo: true }, '--journal-bodies needs --admin'],
    [
      'on a database of its own (neither --demo, --fixtures nor :memory:)',
      { admin: true, journalBodies: true, db: '/nonexistent/coop.db' },
      'only with --demo',
    ],
  ])('is refused %s (exit 2), before the database is opened', async (_what, opts, message) => {
    const err = await startError(runServe({ host: '127.0.0.1', port: 0, ...opts }, ctx));
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain(message);
  });
});
