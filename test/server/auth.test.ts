import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { checkExposure, isLoopback } from '../../src/server/host.js';
import { StartError } from '../../src/server/start-error.js';
import { startFake, type FakeServer } from './fake.js';

const TOKEN = 's3cret-token-for-tests';
const op = operation('registration.show');
let srv: FakeServer;
let url: string;
beforeAll(async () => {
  srv = await startFake({ token: TOKEN });
  url = `${srv.url}${op.path}?${new URLSearchParams(sampleParams(op) as Record<string, string>).toString()}`;
});
afterAll(() => srv.close());

describe('server token', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a token prefix', `Bearer ${TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['a bare token', TOKEN],
  ])('answers 401 with WWW-Authenticate to %s, without calling the handler', async (_what, authorization) => {
    const before = srv.calls.length;
    const res = await fetch(url, { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.any(String) }]);
    expect(srv.calls.length).toBe(before);
  });

  it('answers 401 before routing, so paths are not revealed', async () => {
    const res = await fetch(`${srv.url}/nothing/here`);
    expect(res.status).toBe(401);
  });

  it('serves a request with the right bearer token (scheme case-insensitive)', async () => {
    for (const scheme of ['Bearer', 'bearer']) {
      const res = await fetch(url, { headers: { authorization: `${scheme} ${TOKEN}` } });
      expect(res.status).toBe(200);
    }
  });

  it('never echoes the token', async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(await res.text()).not.toContain(TOKEN);
    expect(srv.logged()).not.toContain(TOKEN);
  });
});

describe('exposure', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'treats %s as loopback',
    (host) => {
      expect(isLoopback(host)).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.org', '128.0.0.1'])(
    'refuses %s without a token (exit 2), allows it with one',
    (host) => {
      expect(isLoopback(host)).toBe(false);
      let caught: unknown;
      try {
        checkExposure(host, undefined);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(StartError);
      expect((caught as StartError).exitCode).toBe(2);
      expect((caught as StartError).message).toMatch(/token/);
      expect(() => checkExposure(host, TOKEN)).not.toThrow();
    },
  );
});
