/** The transport over real HTTP: keep-alive reuse, proxies from the environment, interruption. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  Interrupted,
  TransportError,
  type ClientOptions,
  type HttpRequest,
} from '../../src/client/index.js';
import { systemClock } from '../../src/cli/context.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';

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

describe('transport', () => {
  it('reuses keep-alive connections across the calls of a client', async () => {
    const client = createClient(options());
    try {
      for (let i = 0; i < 6; i++) expect((await client.send(get())).status).toBe(200);
    } finally {
      await client.close();
    }
    expect(service.requests).toHaveLength(6);
    // The pool may open a second connection while the first is being released, never one per call.
    expect(new Set(service.requests.map((r) => r.remotePort)).size).toBeLessThanOrEqual(2);
  });

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

  it('sends the request headers and body as built', async () => {
    const client = createClient(options());
    try {
      await client.send({
        method: 'POST',
        url: new URL(`${service.url}/w`),
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"a":1}',
      });
    } finally {
      await client.close();
    }
    expect(service.requests[0]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { authorization: 'Bearer t' },
    });
  });

  it('rejects with Interrupted when the signal aborts', async () => {
    service.reply({ delayMs: 5000, json: [] });
    const interrupt = new AbortController();
    const client = createClient(options({ signal: interrupt.signal, retries: 2 }));
    try {
      const pending = client.send(get());
      setTimeout(() => interrupt.abort(), 20);
      await expect(pending).rejects.toBeInstanceOf(Interrupted);
    } finally {
      await client.close();
    }
    expect(service.requests).toHaveLength(1);
  });
});
