/**
 * The cap on open connections (docs/security.md, "What a request can cost"): slow-header sockets far
 * past the cap never keep the server from answering. The oldest connection
 * that has not sent a whole request's headers is closed to make room for a
 * new one; an established client (keep-alive, a request answered) goes on,
 * on the same connection; a new client is answered too. Shown by counts and
 * by which connection each answer came on, never by a duration.
 */
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { startFake, type FakeServer } from './fake.js';

const CAP = 20;
const SLOW = 200;
const show = operation('registration.show');
const target = `${show.path}?${new URLSearchParams(sampleParams(show) as Record<string, string>).toString()}`;

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake({ maxConnections: CAP });
});
afterAll(() => srv.close());

/** A GET through `agent`; answers its status and the local port of the connection it came on. */
function get(agent: http.Agent): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: srv.port, path: target, agent }, (res) => {
        const port = res.socket.localPort!;
        res.resume().on('end', () => resolve({ status: res.statusCode!, port }));
      })
      .on('error', reject);
  });
}

/** A socket that starts a request and never finishes its headers. */
function slowSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(srv.port, '127.0.0.1', () => {
      s.write(`GET ${show.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
      resolve(s);
    });
    s.on('error', () => undefined);
    s.once('error', reject);
  });
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !what(); i++) await sleep(10);
}

describe(`a cap of ${CAP} open connections`, () => {
  it(`${SLOW} slow-header sockets: the oldest are closed, the established client goes on on its connection, a new client is answered`, async () => {
    const established = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(established);
    expect(first.status).toBe(200);

    const slow: Socket[] = [];
    let closed = 0;
    for (let i = 0; i < SLOW; i++) {
      const s = await slowSocket();
      s.once('close', () => closed++);
      slow.push(s);
    }
    // The established connection and CAP - 1 slow ones fit; every later one closed the oldest slow one.
    await until(() => closed >= SLOW - (CAP - 1));
    expect(closed).toBe(SLOW - (CAP - 1));
    expect(slow.slice(SLOW - (CAP - 1)).every((s) => !s.destroyed)).toBe(true);

    const again = await get(established);
    expect(again).toEqual({ status: 200, port: first.port });
    const fresh = new http.Agent({ keepAlive: false });
    expect((await get(fresh)).status).toBe(200);
    await until(() => closed >= SLOW - (CAP - 1) + 1);
    expect(closed).toBe(SLOW - (CAP - 1) + 1);
    expect(srv.logged()).toContain(
      `open connections reached the cap (${CAP}): slow and idle connections are closed, those without the token first`,
    );

    for (const s of slow) s.destroy();
    established.destroy();
    fresh.destroy();
  });
});
