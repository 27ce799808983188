/**
 * The transport over real HTTP, on both wires (node:http, and undici when a
 * proxy is configured): keep-alive reuse, what is sent, interruption, the
 * reasons of connection faults; proxies from the environment; which wire the
 * environment selects.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  Interrupted,
  TransportError,
  wireKind,
  type ClientOptions,
  type HttpRequest,
} from '../../src/client/index.js';
import { systemClock } from '../../src/cli/context.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { WIRES } from '../helpers/wires.js';

let service: FakeService;
let proxy: FakeService;
beforeAll(async () => {
  [service, proxy] = await Promise.all([startFakeService(), startFakeService()]);
});
afterAll(async () => {
  await Promise.all([service.close(), proxy.close()]);
});
afterEach(() => {
  service.reset();
  proxy.reset();
});

const options = (extra: Partial<ClientOptions> = {}): ClientOptions => ({
  timeoutMs: 5000,
  retries: 0,
  maxResponseBytes: 1024 ** 2,
  clock: systemClock,
  env: {},
  ...extra,
});
const get = (): HttpRequest => ({ method: 'GET', url: new URL(`${service.url}/ping`), headers: {} });

describe.each(WIRES)('transport over $wire', ({ wire, env }) => {
  const over = (extra: Partial<ClientOptions> = {}) => options({ env, ...extra });

  it('is the wire the environment selects', async () => {
    const client = createClient(over());
    await client.close();
    expect(client.wire).toBe(wire);
  });

  it('reuses keep-alive connections across the calls of a client', async () => {
    const client = createClient(over());
    try {
      for (let i = 0; i < 6; i++) expect((await client.send(get())).status).toBe(200);
    } finally {
      await client.close();
    }
    expect(service.requests).toHaveLength(6);
    // The pool may open a second connection while the first is being released, never one per call.
    expect(new Set(service.requests.map((r) => r.remotePort)).size).toBeLessThanOrEqual(2);
  });

  it('sends the request headers and body as built', async () => {
    const client = createClient(over());
    try {
      await client.send({
        method: 'POST',
        url: new URL(`${service.url}/w`),
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        // 13 bytes in UTF-8: ç and ã take two each.
        body: '{"a":"ção"}',
      });
    } finally {
      await client.close();
    }
    expect(service.requests[0]).toMatchObject({
      method: 'POST',
      body: '{"a":"ção"}',
      headers: { authorization: 'Bearer t', 'content-length': '13' },
    });
  });

  it('answers the status, the content type and the headers as received', async () => {
    service.reply({ status: 404, raw: 'nope', headers: { 'content-type': 'text/plain', 'x-one': 'a' } });
    const client = createClient(over());
    try {
      const res = await client.send(get());
      expect(res).toMatchObject({ status: 404, contentType: 'text/plain', body: 'nope', headers: { 'x-one': 'a' } });
    } finally {
      await client.close();
    }
  });

  it('does not follow a redirect', async () => {
    service.reply({ status: 302, headers: { location: '/elsewhere' } });
    const client = createClient(over());
    try {
      expect((await client.send(get())).status).toBe(302);
    } finally {
      await client.close();
    }
    expect(service.requests).toHaveLength(1);
  });

  it('rejects with Interrupted when the signal aborts', async () => {
    service.reply({ delayMs: 5000, json: [] });
    const interrupt = new AbortController();
    const client = createClient(over({ signal: interrupt.signal, retries: 2 }));
    try {
      const pending = client.send(get());
      // Interrupted once the service holds the request (not after a fixed time, which a loaded machine can outrun).
      while (service.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      interrupt.abort();
      await expect(pending).rejects.toBeInstanceOf(Interrupted);
    } finally {
      await client.close();
    }
    expect(service.requests).toHaveLength(1);
  });

  it.each([
    ['closes the connection without answering', (c: Socket) => c.end(), 'connection closed by the server'],
    [
      'closes the connection in the middle of the body',
      (c: Socket) => c.end('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n[{'),
      'connection closed by the server',
    ],
    ['resets the connection', (c: Socket) => c.resetAndDestroy(), 'connection reset (ECONNRESET)'],
    [
      'answers something that is not HTTP',
      (c: Socket) => c.end('SSH-2.0-OpenSSH\r\n\r\n'),
      'the answer is not HTTP/1.1',
    ],
  ])('a server that %s: one reason, whatever the wire', async (_what, act, why) => {
    const raw = await rawServer(act);
    const client = createClient(over());
    try {
      const url = new URL(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/x`);
      const err = await client.send({ method: 'GET', url, headers: {} }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).message).toBe(`cannot reach GET ${url.origin}/x: ${why}`);
      expect((err as TransportError).retryable).toBe(true);
    } finally {
      await client.close();
      raw.close();
    }
  });
});

describe.each(WIRES)('https over $wire', ({ env }) => {
  it('a server that does not speak TLS: one reason, whatever the wire', async () => {
    const client = createClient(options({ env }));
    const url = new URL(`${service.url.replace('http:', 'https:')}/x`);
    try {
      const err = await client.send({ method: 'GET', url, headers: {} }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).message).toBe(`cannot reach GET ${url.origin}/x: the TLS handshake failed`);
    } finally {
      await client.close();
    }
  });
});

/** A TCP server that does `act` with each connection once the request has arrived. */
async function rawServer(act: (c: Socket) => void): Promise<Server> {
  const server = createServer((c) => c.once('data', () => act(c)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('proxies from the environment', () => {
  it.each([['HTTP_PROXY'], ['http_proxy']])('goes through the proxy of %s', async (name) => {
    const client = createClient(options({ env: { [name]: proxy.url } }));
    try {
      await expect(client.send(get())).rejects.toBeInstanceOf(TransportError);
    } finally {
      await client.close();
    }
    expect(proxy.connects).toEqual([new URL(service.url).host]);
    expect(service.requests).toHaveLength(0);
  });

  it('goes direct to a host listed in NO_PROXY', async () => {
    const client = createClient(options({ env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } }));
    try {
      expect((await client.send(get())).status).toBe(200);
    } finally {
      await client.close();
    }
    expect(proxy.connects).toHaveLength(0);
    expect(service.requests).toHaveLength(1);
  });

  it.each([
    [{}, 'node:http'],
    [{ NO_PROXY: '*' }, 'node:http'],
    [{ HTTP_PROXY: ' ' }, 'node:http'],
    [{ HTTP_PROXY: 'http://proxy:3128' }, 'undici'],
    [{ http_proxy: 'http://proxy:3128' }, 'undici'],
    [{ HTTPS_PROXY: 'http://proxy:3128' }, 'undici'],
    [{ https_proxy: 'http://proxy:3128', no_proxy: 'localhost' }, 'undici'],
  ])('the environment %j selects %s', (env, wire) => {
    expect(wireKind(env)).toBe(wire);
  });

  it('a client for many requests (a batch) takes undici whatever the environment', async () => {
    expect(wireKind({}, true)).toBe('undici');
    const client = createClient(options({ pooled: true }));
    try {
      expect(client.wire).toBe('undici');
      expect((await client.send(get())).status).toBe(200);
    } finally {
      await client.close();
    }
  });
});
