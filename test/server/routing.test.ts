import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams } from '../../src/catalogue/index.js';
import { createServer } from '../../src/server/app.js';
import { startFake, type FakeServer } from './fake.js';
import { rawRequest } from './raw.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake();
});
afterAll(() => srv.close());

const query = (params: Record<string, unknown>) => new URLSearchParams(params as Record<string, string>).toString();

describe('routing by the catalogue', () => {
  it('answers 404 with an envelope for an unknown path', async () => {
    const res = await fetch(`${srv.url}/api/svcmobile/atualizacaocadastral/nada`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.any(String) }]);
  });

  it.each(catalogue.map((op) => [op.id, op] as const))(
    '%s: a method it does not answer gets 405 with Allow',
    async (_id, op) => {
      const method = op.methods.includes('POST') ? 'GET' : 'POST';
      const res = await fetch(`${srv.url}${op.path}`, { method });
      expect(res.status).toBe(405);
      // docs/server.md: reads answer GET and HEAD, writes POST.
      expect(res.headers.get('allow')).toBe(method === 'GET' ? 'POST' : 'GET, HEAD');
      const body = (await res.json()) as Array<{ confirma_operacao: number }>;
      expect(body[0]?.confirma_operacao).toBe(4);
    },
  );

  it.each(catalogue.map((op) => [op.id, op] as const))('%s: its methods reach its handler', async (_id, op) => {
    const before = srv.calls.length;
    const method = op.methods[0]!;
    const url = `${srv.url}${op.path}`;
    const res =
      method === 'POST'
        ? await fetch(url, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(sampleParams(op)),
          })
        : await fetch(`${url}?${query(sampleParams(op))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(srv.calls.slice(before).map((c) => c.id)).toEqual([op.id]);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const op = operation('registration.show');
    const url = `${srv.url}${op.path}?${query(sampleParams(op))}`;
    const get = await rawRequest(url);
    const head = await rawRequest(url, { method: 'HEAD' });
    expect(get.body.length).toBeGreaterThan(2);
    expect(head.status).toBe(get.status);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });

  it('answers HEAD on a POST-only path with 405', async () => {
    const res = await rawRequest(`${srv.url}${operation('notify.send').path}`, { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST');
  });

  it('closes the connection rather than read the body of a refused request', async () => {
    const body = JSON.stringify({ usuario_cartao: '1' });
    const res = await rawRequest(`${srv.url}/api/unknown`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      body,
    });
    expect(res.status).toBe(404);
    expect(res.headers.connection).toBe('close');
  });

  it('keeps query strings out of routing', async () => {
    const op = operation('record.allergies');
    const res = await fetch(`${srv.url}${op.path}?usuario_cartao=${sampleParams(op)['usuario_cartao'] as string}&x=`);
    // Routed to the operation: the unknown parameter is a validation error, not a 404.
    expect(res.status).toBe(422);
  });
});

describe('server set-up', () => {
  it('limits slow and idle clients as docs/server.md says: headers 10 s, request 30 s, keep-alive 5 s', () => {
    const server = createServer({ handlers: Object.fromEntries(catalogue.map((op) => [op.id, async () => []])) });
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
  });

  it('refuses to start without a handler for every operation', () => {
    const handlers = Object.fromEntries(catalogue.slice(1).map((op) => [op.id, async () => []]));
    expect(() => createServer({ handlers })).toThrow(catalogue[0]!.id);
  });
});
