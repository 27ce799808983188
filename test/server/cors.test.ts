/**
 * Opt-in CORS (`serve --cors ORIGIN`), over real HTTP to the real server
 * (demo data in a SQLite file): a listed origin's preflight is answered with
 * the path's catalogue methods, its answers carry Access-Control-Allow-Origin;
 * an unlisted origin gets neither and is refused; `*` never with a token; a
 * public suffix is no --allowed-host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { startError, startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest, type RawResponse } from './raw.js';

const APP = 'http://localhost:5173';
const TOKEN = 'cors-test-token-0123456789abcdef0123456789';
const show = operation('registration.show');
const create = operation('enrol.contract.create');
const CARD = '00010001000001005';
const CONTRACT = JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' });

const corsHeaders = (res: RawResponse) =>
  Object.fromEntries(Object.entries(res.headers).filter(([h]) => h.startsWith('access-control-')));

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ cors: [APP, 'https://app.example.org'], token: TOKEN, audit: false });
});
afterAll(() => srv.stop());

const preflight = (path: string, origin: string, method: string) =>
  rawRequest(`${srv.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });

const contracts = async () => {
  const search = operation('enrol.contract.search');
  const res = await rawRequest(`${srv.url}${search.path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return (JSON.parse(res.body) as unknown[]).length;
};

describe('serve --cors ORIGIN', () => {
  it("answers a listed origin's preflight with 204 and the path's methods, without the token", async () => {
    const write = await preflight(create.path, APP, 'POST');
    expect(write.status).toBe(204);
    expect(write.body).toBe('');
    expect(corsHeaders(write)).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization, content-type, accept-language, prefer, x-request-id',
      'access-control-expose-headers': 'x-request-id, preference-applied, retry-after, www-authenticate',
      'access-control-max-age': '600',
    });
    expect(write.headers['vary']).toBe('Origin');
    expect(write.headers['content-type']).toBeUndefined();
    const read = await preflight(show.path, 'https://app.example.org', 'GET');
    expect(read.status).toBe(204);
    expect(read.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(read.headers['access-control-allow-origin']).toBe('https://app.example.org');
  });

  it('gives the answers to a listed origin its CORS headers, refusals included', async () => {
    const ok = await rawRequest(`${srv.url}${show.path}?usuario_cartao=${CARD}`, {
      headers: { origin: APP, authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers['access-control-expose-headers']).toContain('x-request-id');
    const unauthorized = await rawRequest(`${srv.url}${show.path}?usuario_cartao=${CARD}`, {
      headers: { origin: APP },
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe(APP);
  });

  it('lets a listed origin write', async () => {
    const before = await contracts();
    const res = await rawRequest(`${srv.url}${create.path}`, {
      method: 'POST',
      headers: { origin: APP, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: CONTRACT,
    });
    expect(res.status).toBe(200);
    expect(await contracts()).toBe(before + 1);
  });

  it.each([
    ['another port of the listed host', 'http://localhost:5174'],
    ['the listed host over https', 'https://localhost:5173'],
    ['another site', 'https://attacker.example'],
  ])('refuses %s: no CORS header, preflight and request 403, nothing stored', async (_what, origin) => {
    const before = await contracts();
    const pre = await preflight(create.path, origin, 'POST');
    expect(pre.status).toBe(403);
    expect(corsHeaders(pre)).toEqual({});
    const res = await rawRequest(`${srv.url}${create.path}`, {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: CONTRACT,
    });
    expect(res.status).toBe(403);
    expect(corsHeaders(res)).toEqual({});
    expect(await contracts()).toBe(before);
  });

  it("answers a preflight for a path that is no operation as any request (401: the token before routing), a probe's with its methods", async () => {
    const none = await preflight('/api/nothing', APP, 'GET');
    expect(none.status).toBe(401);
    expect(none.headers['access-control-allow-methods']).toBeUndefined();
    const probe = await preflight('/healthz', APP, 'GET');
    expect(probe.status).toBe(204);
    expect(probe.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });
});

describe("serve --cors '*'", () => {
  it('is refused with a token (exit 2)', async () => {
    const err = await startError(startTestServer({ cors: ['*'], token: TOKEN, audit: false }));
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain("--cors '*'");
  });

  it('without a token, lets any origin in and says so with *', async () => {
    const open = await startTestServer({ cors: ['*'], audit: false });
    try {
      const res = await rawRequest(`${open.url}${show.path}?usuario_cartao=${CARD}`, {
        headers: { origin: 'https://anywhere.example' },
      });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await open.stop();
    }
  });
});

describe('--allowed-host and public suffixes', () => {
  it.each(['.com', '.com.br', '.coop.br', '.github.io', '.co.uk'])('refuses %s (exit 2)', async (name) => {
    const err = await startError(startTestServer({ allowedHosts: [name], audit: false }));
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain(`--allowed-host ${name}: anyone can register a name under that public suffix`);
  });

  it.each(['.coop.example.org', '.lan', '.internal', 'com'])('takes %s', async (name) => {
    const ok = await startTestServer({ allowedHosts: [name], audit: false });
    await ok.stop();
  });
});
