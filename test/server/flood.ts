/**
 * A flood of requests and a legitimate client timing its reads alongside,
 * for the tests of bounded refusals: the flood runs in a worker thread (its
 * own event loop, so that sending megabytes does not delay the legitimate
 * client's timing), the reads on a fixed schedule.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { rawRequest } from './raw.js';

/**
 * The flood clients: `clients` loops of POSTs, each of `bodies` in turn, on
 * keep-alive connections, until told to stop or `limitMs` passes. Says
 * `sending` once a first body is on its way; at the end, what came back (a
 * request whose connection the server closed before answering is `dropped`).
 */
const FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, bodies, clients, limitMs } = workerData;
const deadline = Date.now() + limitMs;
let stop = false;
parentPort.on('message', () => { stop = true; });
const stats = { answers: 0, dropped: 0, statuses: [], maxBytes: 0, messages: [] };
let announced = false;
// The server may close the connection before the whole body is sent (EPIPE, ECONNRESET): a dropped request.
function one(agent, body, type) {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': type, 'content-length': body.length } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.on('finish', () => { if (!announced) { announced = true; parentPort.postMessage('sending'); } });
    req.end(body);
  });
}
const buffers = bodies.map(([text, type]) => [Buffer.from(text), type]);
async function loop(i) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const [body, type] = buffers[i % buffers.length];
  while (!stop && Date.now() < deadline) {
    const r = await one(agent, body, type);
    if (!r) {
      stats.dropped++;
      continue;
    }
    stats.answers++;
    if (!stats.statuses.includes(r.status)) stats.statuses.push(r.status);
    stats.maxBytes = Math.max(stats.maxBytes, Buffer.byteLength(r.text));
    const message = r.text.slice(0, 300);
    if (!stats.messages.includes(message)) stats.messages.push(message);
  }
  agent.destroy();
}
Promise.all(Array.from({ length: clients }, (_, i) => loop(i))).then(() => parentPort.postMessage(stats), (err) => parentPort.postMessage({ error: String(err) }));
`;

export interface FloodStats {
  readonly answers: number;
  readonly dropped: number;
  /** Each status answered, once. */
  readonly statuses: number[];
  readonly maxBytes: number;
  /** Each answer's first 300 characters, once. */
  readonly messages: string[];
  readonly error?: string;
}

export interface Flood {
  /** Resolves once a first request body is on its way. */
  readonly sending: Promise<void>;
  /** Stops the clients; what came back. */
  stop(): Promise<FloodStats>;
}

/** Starts `clients` flooding `url` with `bodies` ([text, content type]) for at most `limitMs`. */
export function startFlood(
  url: string,
  bodies: ReadonlyArray<readonly [string, string]>,
  clients: number,
  limitMs: number,
): Flood {
  const worker = new Worker(FLOOD, { eval: true, workerData: { url, bodies, clients, limitMs } });
  const sending = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const done = new Promise<FloodStats>((resolve, reject) => {
    worker.on('message', (m: unknown) => (m === 'sending' ? undefined : resolve(m as FloodStats)));
    worker.once('error', reject);
  });
  return {
    sending,
    async stop() {
      worker.postMessage('stop');
      try {
        const stats = await done;
        expect(stats.error).toBeUndefined();
        return stats;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * Reads sent on a fixed schedule, `intervalMs` apart, whatever the answers
 * (an open loop: a sequential client would wait out a stall once and then
 * measure only the quiet moments). Each read's time runs from when it was
 * due to its answer, so a stall counts for every read it delays.
 */
export async function scheduledReads(
  url: string,
  count: number,
  intervalMs: number,
  expected: string,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const pending: Array<Promise<number>> = [];
  const start = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const due = start + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(
        rawRequest(url, { agent }).then((res) => {
          expect(res.status).toBe(200);
          expect(res.body).toBe(expected);
          return performance.now() - due;
        }),
      );
    }
    return await Promise.all(pending);
  } finally {
    agent.destroy();
  }
}

/** The `p` quantile (0.5 the median) of `times`. */
export function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
