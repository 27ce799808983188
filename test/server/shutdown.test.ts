import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord, type Row } from '../../src/catalogue/index.js';
import { startFake, type FakeServer } from './fake.js';
import { rawRequest } from './raw.js';

const op = operation('registration.show');
const query = new URLSearchParams(sampleParams(op) as Record<string, string>).toString();

/** A server whose registration.show handler waits until the test releases it. */
async function gated(): Promise<{ srv: FakeServer; entered: Promise<void>; release: () => void }> {
  let entered!: () => void;
  let release!: () => void;
  const enteredP = new Promise<void>((r) => (entered = r));
  const released = new Promise<void>((r) => (release = r));
  const srv = await startFake({
    override: {
      [op.id]: async (): Promise<Row[]> => {
        entered();
        await released;
        return [sampleRecord(op)];
      },
    },
  });
  return { srv, entered: enteredP, release };
}

describe('graceful shutdown', () => {
  it('finishes a request in flight, closes idle connections, then refuses new ones', async () => {
    const { srv, entered, release } = await gated();
    const agent = new http.Agent({ keepAlive: true });
    // An idle keep-alive connection must not hold the shutdown up.
    const idle = await rawRequest(`${srv.url}/unknown`, { agent });
    expect(idle.status).toBe(404);

    const inFlight = rawRequest(`${srv.url}${op.path}?${query}`, { agent: new http.Agent({ keepAlive: true }) });
    await entered;
    let closedYet = false;
    const closed = srv.close().then(() => (closedYet = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closedYet).toBe(false);
    release();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual([sampleRecord(op)]);
    await closed;
    await expect(rawRequest(`${srv.url}${op.path}?${query}`)).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('drops requests in flight on abort', async () => {
    const { srv, entered, release } = await gated();
    const inFlight = rawRequest(`${srv.url}${op.path}?${query}`);
    await entered;
    const closed = srv.close();
    srv.abort();
    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
    await closed;
    release();
  });
});
