/**
 * The cap on open connections against keep-alive connections that fill it:
 * 1,024 connections (the default cap), each sending GET /healthz (no token
 * needed) every second on its keep-alive connection, hold every place. A
 * client with the right token is still served, on a new connection each
 * time: each new connection closes one idle probe connection (never one with
 * a request in flight); a token client's idle connection outlives new probe
 * connections, which close idle probe connections first. Shown by counts and
 * by which connection each answer came on, never by a duration.
 */
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { MAX_CONNECTIONS } from '../../src/server/http/connection-cap.js';
import { TOKEN_A } from '../helpers/tokens.js';
import { type FakeServer, startFake } from './fake.js';

const PROBES = 1024;
const show = operation('registration.show');
const target = `${show.path}?${new URLSearchParams(sampleParams(show) as Record<string, string>).toString()}`;

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake({ token: TOKEN_A, probes: { ready: async () => ({ ready: true }) } });
});
afterAll(() => srv.close());

interface Probe {
  readonly socket: Socket;
  /** Answers received on this connection. */
  answers: number;
  closed: boolean;
}

/** A keep-alive connection sending GET /healthz every second, at most 120 times, until it is closed or `stop`. */
function probe(stop: AbortSignal): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = connect(srv.port, '127.0.0.1');
    const p: Probe = { socket, answers: 0, closed: false };
    const ask = () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    let sent = 0;
    const timer = setInterval(() => {
      if (p.closed || stop.aborted || sent >= 120) clearInterval(timer);
      else {
        sent++;
        ask();
      }
    }, 1000);
    socket.on('data', (chunk: Buffer) => {
      p.answers += chunk.toString('latin1').split('HTTP/1.1 200').length - 1;
    });
    socket.on('close', () => {
      p.closed = true;
      clearInterval(timer);
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      ask();
      sent++;
      resolve(p);
    });
    socket.once('error', reject);
  });
}

/** A GET of personal data through `agent`, with `token` or none; its status and the local port it came on. */
function get(agent: http.Agent, token?: string, sockets: Socket[] = []): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: target,
          agent,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
        (res) => {
          const port = res.socket.localPort!;
          sockets.push(res.socket);
          res.resume().on('end', () => resolve({ status: res.statusCode!, port }));
        },
      )
      .on('error', reject);
  });
}

async function until(what: () => boolean): Promise<boolean> {
  for (let i = 0; i < 1000 && !what(); i++) await sleep(10);
  return what();
}

describe(`${PROBES} keep-alive probe connections at the cap of ${MAX_CONNECTIONS}`, () => {
  it('a client with the token is served on new connections, each closing one idle probe; its own outlives new probes', async () => {
    expect(MAX_CONNECTIONS).toBe(PROBES);
    const stop = new AbortController();
    const probes: Probe[] = [];
    const agents: http.Agent[] = [];
    const more: Probe[] = [];
    try {
      for (let i = 0; i < PROBES; i++) probes.push(await probe(stop.signal));
      // Every probe answered once: each holds an idle keep-alive connection, the cap reached.
      expect(await until(() => probes.every((p) => p.answers >= 1))).toBe(true);
      expect(probes.filter((p) => p.closed)).toEqual([]);

      // Six clients with the token, each on a keep-alive connection of its own: all served.
      const first: Array<{ status: number; port: number }> = [];
      for (let i = 0; i < 6; i++) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        first.push(await get(agent, TOKEN_A));
      }
      expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await until(() => probes.filter((p) => p.closed).length === 6)).toBe(true);

      // A client without the token gets a place too (a probe closed), and its 401.
      const stranger = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(stranger);
      const strangers: Socket[] = [];
      expect((await get(stranger, undefined, strangers)).status).toBe(401);
      let strangerClosed = 0;
      strangers[0]!.once('close', () => strangerClosed++);
      expect(await until(() => probes.filter((p) => p.closed).length === 7)).toBe(true);

      // Ten new probe connections: each closes an idle connection without the token (a probe's, or the stranger's).
      for (let i = 0; i < 10; i++) more.push(await probe(stop.signal));
      expect(await until(() => more.every((p) => p.answers >= 1))).toBe(true);
      // The token clients go on, each on its own connection.
      const again = await Promise.all(agents.slice(0, 6).map((a) => get(a, TOKEN_A)));
      expect(again).toEqual(first);
      // 7 probes before, and 10 more connections without the token closed for the new probes.
      const closedProbes = [...probes, ...more].filter((p) => p.closed).length;
      expect(closedProbes + strangerClosed).toBe(17);
    } finally {
      stop.abort();
      for (const p of probes) p.socket.destroy();
      for (const p of more) p.socket.destroy();
      for (const a of agents) a.destroy();
    }
  }, 90_000);
});
