/**
 * The admin API (`serve --admin`) over real HTTP, on the store of the vitest
 * project (SQLite, or PostgreSQL: test/store/backend.ts): reset to the start
 * dataset, load a fixtures document, snapshots restored by name; off without
 * --admin; behind the token and the cross-site gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { dropLocations, newLocation } from '../store/backend.js';
import { rawRequest } from './raw.js';

const TOKEN = 'admin-test-token-0123456789abcdef0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const search = operation('enrol.contract.search');
const create = operation('enrol.contract.create');
const CONTRACT = JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' });
/** A fixtures document of one contract and no one on it (docs/fixtures.md). */
const FIXTURES = JSON.stringify({
  contracts: [
    {
      contrato_id: 41,
      registro_ans: '419761',
      coop_id: 1,
      produto_tabela_id: 11,
      origem: 'WB',
      status: 'ativo',
      created_on: '2026-01-05',
    },
  ],
});

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ db: await newLocation(), admin: true, token: TOKEN, audit: false });
});
afterAll(async () => {
  await srv.stop();
  await dropLocations();
});

const admin = (path: string, method = 'POST', body?: string, headers: Record<string, string> = AUTH) =>
  rawRequest(`${srv.url}/_coopctl/${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
const contracts = async () => {
  const res = await rawRequest(`${srv.url}${search.path}`, { headers: AUTH });
  return (JSON.parse(res.body) as Array<{ cv_nro: number }>).map((c) => c.cv_nro);
};
const addContract = async () => {
  const res = await rawRequest(`${srv.url}${create.path}`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: CONTRACT,
  });
  expect(res.status).toBe(200);
};
const DEMO = [1, 2, 3, 4, 5, 6, 7];

describe('the admin API', () => {
  it('reset puts back the demo dataset: a contract created since is gone, the next one gets number 8 again', async () => {
    expect(await contracts()).toEqual(DEMO);
    await addContract();
    expect(await contracts()).toEqual([...DEMO, 8]);
    const res = await admin('reset');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, action: 'reset' });
    expect(await contracts()).toEqual(DEMO);
    await addContract();
    expect(await contracts()).toEqual([...DEMO, 8]);
  });

  it('snapshot and restore by name, several kept at once', async () => {
    await admin('reset');
    expect((await admin('snapshots/demo')).status).toBe(200);
    await addContract();
    expect(JSON.parse((await admin('snapshots/with-8')).body)).toEqual({
      ok: true,
      action: 'snapshot',
      name: 'with-8',
    });
    await addContract();
    expect(await contracts()).toEqual([...DEMO, 8, 9]);
    expect(JSON.parse((await admin('snapshots', 'GET')).body)).toEqual({ snapshots: ['demo', 'with-8'] });
    expect((await admin('snapshots/with-8/restore')).status).toBe(200);
    expect(await contracts()).toEqual([...DEMO, 8]);
    expect((await admin('snapshots/demo/restore')).status).toBe(200);
    expect(await contracts()).toEqual(DEMO);
    // The sequences go on from the restored state.
    await addContract();
    expect(await contracts()).toEqual([...DEMO, 8]);
  });

  it('load replaces everything with a fixtures document; reset goes back to the demo', async () => {
    const res = await admin('load', 'POST', FIXTURES);
    expect(res.status, res.body).toBe(200);
    expect(await contracts()).toEqual([41]);
    await admin('reset');
    expect(await contracts()).toEqual(DEMO);
  });

  it('refuses what it cannot do, saying why, and changes nothing', async () => {
    await admin('reset');
    const cases: Array<[string, string, string | undefined, number, RegExp]> = [
      ['load', 'POST', '{"contracts": [{"contrato_id": "x"}]}', 422, /invalid fixtures/],
      ['load', 'POST', '{not json', 400, /fixtures document in JSON/],
      ['snapshots/nothing-here/restore', 'POST', undefined, 404, /no snapshot named nothing-here/],
      ['snapshots/..%2Fetc', 'POST', undefined, 422, /snapshot name/],
      ['reset', 'GET', undefined, 405, /answers POST/],
      ['nothing', 'POST', undefined, 404, /no admin action/],
    ];
    for (const [path, method, body, status, message] of cases) {
      const res = await admin(path, method, body);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(JSON.parse(res.body)).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringMatching(message) }]);
    }
    expect(await contracts()).toEqual(DEMO);
  });

  it('is behind the token and the cross-site gate', async () => {
    await addContract();
    expect((await admin('reset', 'POST', undefined, {})).status).toBe(401);
    expect((await admin('reset', 'POST', undefined, { ...AUTH, origin: 'http://localhost:5173' })).status).toBe(403);
    expect(await contracts()).toEqual([...DEMO, 8]);
  });
});

describe('without --admin', () => {
  // A second server on a new demo database (its seeding commits and fsyncs): 25 s once on 2 loaded cores, so more
  // than the default 30 s is allowed for it to start and stop; nothing here is timed.
  it('answers /_coopctl/ paths 404, as any unknown path', { timeout: 120_000 }, async () => {
    const off = await startTestServer({ db: await newLocation(), audit: false });
    try {
      const res = await rawRequest(`${off.url}/_coopctl/reset`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual([{ confirma_operacao: 4, mensagem_erro: 'no operation at this path' }]);
    } finally {
      await off.stop();
    }
  });
});
