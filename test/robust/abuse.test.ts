/**
 * Abusive connections against the real server: 1,000 sockets that connect and
 * say nothing, stop in the middle of the request line or of the headers,
 * announce a body and never send it (or only part of it), plus requests with
 * oversized headers. While they are all open the server still answers valid
 * requests; once they are destroyed it lets go of every one of them and still
 * answers; the half-sent writes stored nothing. The server object carries the
 * header, request and keep-alive time limits of docs/server.md (checked on the
 * object, never by waiting for them to expire).
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkResponse, operation, sampleParams } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { envelopeProblem, send, sendJson, tableChecksum } from './helpers.js';

const TOTAL = 1000;
const CARD = '00010001000001005';
const ALLERGIES = operation('record.allergies');
const CONTRACT = operation('enrol.contract.create');

let srv: TestServer;
let server: http.Server;

beforeAll(async () => {
  // Catch the http.Server that the real start-up path creates, to read its settings.
  const spy = vi.spyOn(http, 'createServer');
  let made: http.Server[];
  try {
    srv = await startTestServer();
    made = spy.mock.results.filter((r) => r.type === 'return').map((r) => r.value as http.Server);
  } finally {
    spy.mockRestore();
  }
  expect(made).toHaveLength(1);
  server = made[0]!;
  expect((server.address() as { port: number }).port).toBe(srv.port);
});
afterAll(() => srv?.stop());

/** Open file descriptors this process may have (client and server ends of every socket count). */
function fdLimit(): number {
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Infinity : Number(out) || 1024;
  } catch {
    return 1024;
  }
}

function connections(): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
}

/** Polls until the server holds `target` connections (the test's own time limit bounds the wait). */
async function until(test: (n: number) => boolean): Promise<number> {
  for (;;) {
    const n = await connections();
    if (test(n)) return n;
    await sleep(20);
  }
}

const host = () => `127.0.0.1:${srv.port}`;

/** What each abusive socket sends before it stalls. */
const ABUSES: ReadonlyArray<readonly [string, () => string]> = [
  ['silent', () => ''],
  ['half a request line', () => `GET ${ALLERGIES.path}?usuario_cartao=0001000`],
  [
    'half the headers',
    () => `GET ${ALLERGIES.path}?usuario_cartao=${CARD} HTTP/1.1\r\nHost: ${host()}\r\nAccept: appl`,
  ],
  [
    'a body announced, never sent',
    () =>
      `POST ${CONTRACT.path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n`,
  ],
  [
    'half a body',
    () =>
      `POST ${CONTRACT.path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"registro_ans":"123`,
  ],
  [
    'a chunked body never ended',
    () =>
      `POST ${CONTRACT.path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"reg\r\n`,
  ],
  ['headers without their end', () => `POST ${CONTRACT.path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 10\r\n`],
];

function openAbusive(count: number, offset: number): Promise<net.Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<net.Socket>((resolve, reject) => {
          const [, what] = ABUSES[(offset + i) % ABUSES.length]!;
          const socket = net.connect(srv.port, '127.0.0.1', () => {
            const text = what();
            if (text) socket.write(text);
            resolve(socket);
          });
          // The server may answer a malformed prefix and close; nothing here is an error of the test.
          socket.on('error', () => undefined);
          socket.once('error', reject);
          socket.resume();
        }),
    ),
  );
}

/** A raw request with one header over Node's 16 KiB limit: the status line of the answer, and whether the server closed. */
function oversized(): Promise<{ statusLine: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(srv.port, '127.0.0.1');
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ statusLine: text.split('\r\n')[0] ?? '', closed: true }));
    socket.write(
      `GET ${ALLERGIES.path}?usuario_cartao=${CARD} HTTP/1.1\r\nHost: ${host()}\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    );
  });
}

async function validRead(): Promise<void> {
  const res = await send(`${srv.url}${ALLERGIES.path}?usuario_cartao=${CARD}`, { agent: false });
  expect(res.status).toBe(200);
  const check = checkResponse(ALLERGIES, JSON.parse(res.text));
  expect(check.ok && check.outcome).toBe('found');
}

describe('abusive connections', () => {
  it('the server object has header, request and keep-alive time limits set', () => {
    // docs/server.md: headers 10 s, request 30 s (Node refuses headers that take longer), keep-alive 5 s.
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
    // No larger header limit than Node's default 16 KiB.
    expect((server as { maxHeaderSize?: number }).maxHeaderSize ?? http.maxHeaderSize).toBe(16 * 1024);
  });

  it('answers oversized headers with 431 and closes that connection', async () => {
    const res = await oversized();
    expect(res.statusLine).toMatch(/^HTTP\/1\.1 431 /);
    expect(res.closed).toBe(true);
    await validRead();
  });

  it(`stays responsive with ${TOTAL} half-sent or abandoned requests open, and after they are destroyed`, async () => {
    // Each socket costs two descriptors here (the client's and the server's end); keep a margin for the rest.
    const batch = Math.max(50, Math.min(TOTAL, Math.floor((fdLimit() - 256) / 2)));
    const baseline = await connections();
    let opened = 0;
    while (opened < TOTAL) {
      const count = Math.min(batch, TOTAL - opened);
      const sockets: net.Socket[] = [];
      // Connect in groups, so that the listen backlog never overflows.
      for (let i = 0; i < count; i += 100) sockets.push(...(await openAbusive(Math.min(100, count - i), opened + i)));
      // The server holds every one of them.
      await until((n) => n >= baseline + count);

      // While they are open: a read, a write, and an oversized request are each answered.
      await validRead();
      const write = await sendJson(`${srv.url}${CONTRACT.path}`, sampleParams(CONTRACT), { agent: false });
      expect(write.status).toBe(200);
      expect((write.body as Array<{ confirma_operacao: number }>)[0]?.confirma_operacao).toBe(1);
      expect((await oversized()).statusLine).toMatch(/^HTTP\/1\.1 431 /);
      const notFound = await send(`${srv.url}/nowhere`, { agent: false });
      expect(notFound.status).toBe(404);
      expect(envelopeProblem(notFound)).toBeUndefined();

      // None of them was answered as if it were complete, and none was dropped by the server meanwhile.
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
      expect(await connections()).toBeGreaterThanOrEqual(baseline + count);

      for (const s of sockets) s.destroy();
      await until((n) => n <= baseline);
      opened += count;
    }
    expect(opened).toBe(TOTAL);

    // After them: still answering, and nothing held.
    await validRead();
    expect(await connections()).toBe(baseline);
  }, 60_000);

  it('half-sent and abandoned writes store nothing', async () => {
    const before = tableChecksum(srv.db);
    const baseline = await connections();
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 210; i += 70) sockets.push(...(await openAbusive(70, i)));
    await until((n) => n >= baseline + 210);
    for (const s of sockets) s.destroy();
    await until((n) => n <= baseline);
    await validRead();
    expect(tableChecksum(srv.db)).toBe(before);
  });
});
