import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, operation, sampleParams } from '../../src/catalogue/index.js';
import { parsePrefer } from '../../src/server/http/prefer.js';
import { startFake, type FakeServer } from './fake.js';

const op = operation('registration.update-contact');
const body = JSON.stringify(sampleParams(op));
let on: FakeServer;
let off: FakeServer;
beforeAll(async () => {
  [on, off] = await Promise.all([startFake({ allowPrefer: true }), startFake()]);
});
afterAll(() => Promise.all([on.close(), off.close()]));

function post(srv: FakeServer, prefer: string, payload = body) {
  return fetch(`${srv.url}${op.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer },
    body: payload,
  });
}

describe('Prefer header', () => {
  it.each([3, 4])('forces confirma=%i as one envelope record, without calling the handler', async (code) => {
    const before = on.calls.length;
    const res = await post(on, `confirma=${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe(`confirma=${code}`);
    const records: unknown = await res.json();
    expect(records).toEqual([{ confirma_operacao: code, mensagem_erro: expect.stringContaining('forced') }]);
    const check = checkResponse(op, records);
    expect(check.ok && check.outcome).toBe(code === 3 ? 'no-result' : 'failed');
    expect(on.calls.length).toBe(before);
  });

  it('still validates before forcing a confirma', async () => {
    const res = await post(on, 'confirma=3', JSON.stringify({ ...sampleParams(op), usuario_cartao: '1' }));
    expect(res.status).toBe(422);
    expect(res.headers.get('preference-applied')).toBeNull();
  });

  it.each([500, 502, 503, 599])('forces status=%i with an envelope', async (status) => {
    const before = on.calls.length;
    const res = await post(on, `status=${status}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual([
      { confirma_operacao: 4, mensagem_erro: expect.stringContaining(`status=${status}`) },
    ]);
    expect(on.calls.length).toBe(before);
  });

  it('combines delay and status, and delay alone still calls the handler', async () => {
    const both = await post(on, 'delay=50, status=503');
    expect(both.status).toBe(503);
    expect(both.headers.get('preference-applied')).toBe('delay=50, status=503');
    const before = on.calls.length;
    const delayed = await post(on, 'delay=20');
    expect(delayed.status).toBe(200);
    expect(delayed.headers.get('preference-applied')).toBe('delay=20');
    expect(on.calls.length).toBe(before + 1);
  });

  it('is ignored without --allow-prefer', async () => {
    const before = off.calls.length;
    const res = await post(off, 'confirma=4, status=503');
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(off.calls.length).toBe(before + 1);
  });

  it('reads combinations, caps delay, and ignores what it does not know', () => {
    expect(parsePrefer('confirma=3, delay=100, status=503')).toEqual({
      confirma: 3,
      delay: 100,
      status: 503,
      applied: 'confirma=3, delay=100, status=503',
    });
    // docs/server.md: delay is capped at 30,000 ms.
    expect(parsePrefer('delay=999999')?.delay).toBe(30_000);
    expect(parsePrefer(['respond-async', 'confirma="4"'])).toEqual({ confirma: 4, applied: 'confirma=4' });
    expect(parsePrefer('confirma=1, status=404, delay=-5, wait=10')).toBeUndefined();
    expect(parsePrefer(undefined)).toBeUndefined();
  });
});
