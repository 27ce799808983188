/**
 * Two `coopctl serve` processes on one PostgreSQL database, under a load of
 * writes and reads, while PostgreSQL fails (on a cluster of this file's own,
 * so that no other test file sees it stop): `pg_ctl stop -m fast`, `stop -m
 * immediate`, and `pg_terminate_backend` of coopctl's sessions. Each leaves
 * both processes alive, answering 503 with `Retry-After` and the cause,
 * /readyz not ready with the reason, then 200 again once PostgreSQL is back,
 * by themselves; every write acknowledged during the load is stored. A
 * frozen PostgreSQL (SIGSTOP) is waited for no longer than `--db-timeout`.
 * Loopback only; every loop is bounded in count and time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { type Cluster, startCluster } from '../../scripts/postgres.mjs';
import { messageOf, send, sendJson, spawnServe, type ServeProcess } from '../robust/helpers.js';
import { sql } from './cluster.js';

const CONTRACT = operation('enrol.contract.create');
const SHOW = operation('registration.show');
const CARD = '00010001000001005';
/** `--db-timeout` of both processes, in seconds. */
const DB_TIMEOUT = 2;
const DOWN = 'the database server cannot be reached; nothing was changed, try again';
const DOWN_REASON = 'the database server cannot be reached';
const PT = { 'accept-language': 'pt-BR' };
/** A read served, then its access record lost with the session: the cause named too. */
const DOWN_AUDIT =
  'the access audit could not be written (the database server cannot be reached): nothing was disclosed, try again later';

let dir: string;
let cluster: Cluster;
let url: string;
let procs: ServeProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-pgfaults-'));
  // PostgreSQL's durable defaults: with synchronous_commit off (the other tests' cluster), a crash (stop -m
  // immediate) loses commits PostgreSQL itself had acknowledged.
  cluster = await startCluster({ fsync: true, log: () => undefined });
  url = await cluster.createDatabase('coopctl_faults');
  const args = ['--db-timeout', String(DB_TIMEOUT)];
  procs = await Promise.all([spawnServe(url, dir, args), spawnServe(url, dir, args)]);
}, 120_000);
afterAll(async () => {
  for (const p of procs) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await p.exited;
  }
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const alive = (p: ServeProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** Waits (at most `ms`, polling) until `ok()`; answers whether it came. */
async function until(ok: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await ok()) return true;
    await sleep(100);
  }
  return ok();
}

/** /readyz's status code and reason. */
async function readyz(
  p: ServeProcess,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ code: number; reason?: string }> {
  const res = await send(`${p.url}/readyz`, { headers });
  const { reason } = JSON.parse(res.text) as { reason?: string };
  return { code: res.status, ...(reason === undefined ? {} : { reason }) };
}

interface Refusal {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly message: string;
}

/** Each process's writes and reads in a loop, from a few clients each, until stopped (at most 4,000 requests a client). */
function load(from: number) {
  const acked: number[] = [];
  const refused: Refusal[][] = procs.map(() => []);
  const served = procs.map(() => 0);
  const dropped = procs.map(() => 0);
  let stopping = false;
  const client = async (k: number, c: number, agent: http.Agent) => {
    const p = procs[k]!;
    for (let i = 0; i < 4000 && !stopping; i++) {
      const write = i % 3 !== 2;
      let res: { status: number; headers: http.IncomingHttpHeaders; text: string };
      try {
        if (write) {
          const body = JSON.stringify({
            ...sampleParams(CONTRACT, false),
            numero_proposta: from + k * 100_000 + c * 10_000 + i,
          });
          res = await send(`${p.url}${CONTRACT.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            body,
            agent,
          });
        } else res = await send(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`, { agent });
      } catch {
        dropped[k]!++;
        await sleep(50);
        continue;
      }
      if (res.status === 200) {
        served[k]!++;
        if (write) {
          const rec = (JSON.parse(res.text) as Array<Record<string, unknown>>)[0]!;
          if (rec['confirma_operacao'] === 1 && typeof rec['contrato_id'] === 'number') acked.push(rec['contrato_id']);
        }
        continue;
      }
      refused[k]!.push({
        status: res.status,
        retryAfter: res.headers['retry-after'] as string | undefined,
        message: messageOf({ status: res.status, headers: res.headers, text: res.text }),
      });
      await sleep(50);
    }
  };
  const agents = procs.map(() => new http.Agent({ keepAlive: true }));
  const running = Promise.all(procs.flatMap((_, k) => [0, 1, 2, 3, 4, 5, 6, 7].map((c) => client(k, c, agents[k]!))));
  return {
    acked,
    refused,
    served,
    dropped,
    async stop() {
      stopping = true;
      await running;
      for (const a of agents) a.destroy();
    },
  };
}

type Load = ReturnType<typeof load>;

/** Every acknowledged contract is in the database. */
async function lost(l: Load): Promise<number[]> {
  const rows = await sql(url, 'SELECT id FROM contract WHERE id = ANY($1::bigint[])', [l.acked]);
  const stored = new Set(rows.map((r) => r['id']));
  return l.acked.filter((id) => !stored.has(id));
}

/** Served requests have gone on at each process since `before`. */
const servedSince = (l: Load, before: number[], n: number) => () => l.served.every((s, k) => s - before[k]! >= n);

/** PostgreSQL stopped in `mode` under load, then started: both processes live through it. */
async function outage(mode: 'fast' | 'immediate', from: number) {
  const l = load(from);
  try {
    expect(await until(servedSince(l, [0, 0], 10), 20_000)).toBe(true);
    await cluster.stopServer(mode);
    for (const p of procs) {
      expect(await until(async () => (await readyz(p)).code === 503, 15_000)).toBe(true);
      expect(await readyz(p)).toEqual({ code: 503, reason: DOWN_REASON });
    }
    // A read of personal data says why, not that the audit failed.
    for (const p of procs) {
      const read = await send(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`);
      expect([read.status, read.headers['retry-after'], messageOf(read)]).toEqual([503, '5', DOWN]);
      // In Portuguese for a request that prefers it, the probe's reason too.
      const lida = await send(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`, { headers: PT });
      expect([lida.status, messageOf(lida)]).toEqual([
        503,
        'o servidor do banco de dados está inacessível; nada foi alterado, tente de novo',
      ]);
      expect(await readyz(p, PT)).toEqual({ code: 503, reason: 'o servidor do banco de dados está inacessível' });
    }
    // The load meets the outage a while longer: a few more refusals at each process.
    const refusedSoFar = l.refused.map((r) => r.length);
    expect(await until(() => l.refused.every((r, k) => r.length >= refusedSoFar[k]! + 3), 15_000)).toBe(true);
    await cluster.startServer();
    for (const p of procs) expect(await until(async () => (await readyz(p)).code === 200, 30_000)).toBe(true);
    const back = [...l.served];
    expect(await until(servedSince(l, back, 10), 20_000)).toBe(true);
  } finally {
    await l.stop();
  }
  return l;
}

/** What the load met: only 200 and 503, each 503 with Retry-After and a cause (never the audit's words). */
function checkRefusals(l: Load): void {
  for (const [k, refusals] of l.refused.entries()) {
    expect(refusals.length, `process ${k} answered no 503`).toBeGreaterThan(0);
    const bad = refusals.filter((r) => r.status !== 503 || !/^\d+$/.test(r.retryAfter ?? ''));
    expect(bad).toEqual([]);
  }
}

describe('PostgreSQL faults under load, two server processes', () => {
  it('pg_ctl stop -m fast, then start: 503 with the reason, 200 again, no acknowledged write lost', async () => {
    const l = await outage('fast', 100_000);
    expect(procs.map(alive)).toEqual([true, true]);
    checkRefusals(l);
    expect(l.acked.length).toBeGreaterThan(20);
    expect(await lost(l)).toEqual([]);
  }, 120_000);

  it('pg_ctl stop -m immediate, then start (crash recovery): the same', async () => {
    const l = await outage('immediate', 200_000);
    expect(procs.map(alive)).toEqual([true, true]);
    checkRefusals(l);
    expect(await lost(l)).toEqual([]);
  }, 120_000);

  it("pg_terminate_backend of coopctl's sessions, again and again: both stay up, 503 then 200", async () => {
    const l = load(300_000);
    try {
      expect(await until(servedSince(l, [0, 0], 10), 20_000)).toBe(true);
      // Until each process has answered a 503 (a request whose session was ended), at most 40 rounds.
      for (let round = 0; round < 40 && l.refused.some((r) => r.length === 0); round++) {
        await sql(
          url,
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'coopctl' AND pid <> pg_backend_pid()",
        );
        await sleep(150);
      }
      const after = [...l.served];
      expect(await until(servedSince(l, after, 10), 20_000)).toBe(true);
    } finally {
      await l.stop();
    }
    expect(procs.map(alive)).toEqual([true, true]);
    checkRefusals(l);
    // Each 503 names the cause: the request's own statement lost, or its access record.
    for (const refusals of l.refused) {
      const messages = new Set(refusals.map((r) => r.message));
      expect([...messages].filter((m) => m !== DOWN && m !== DOWN_AUDIT)).toEqual([]);
      expect(messages.size).toBeGreaterThan(0);
    }
    expect(await lost(l)).toEqual([]);
    for (const p of procs) expect(await readyz(p)).toEqual({ code: 200 });
  }, 120_000);

  it('a frozen PostgreSQL (SIGSTOP): a request waits no longer than --db-timeout, /readyz not ready; back on SIGCONT', async () => {
    const [p] = procs as [ServeProcess];
    // A connection of the pool is open and idle: the request below is sent on it, and nothing answers.
    expect((await send(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`)).status).toBe(200);
    try {
      cluster.freeze();
      // The client gives up a second after the bound: an answer before that is the bound at work.
      const signal = AbortSignal.timeout(DB_TIMEOUT * 1000 + 1000);
      const res = await fetch(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`, { signal });
      const body = (await res.json()) as Array<Record<string, unknown>>;
      expect([res.status, res.headers.get('retry-after'), body[0]!['mensagem_erro']]).toEqual([
        503,
        '5',
        'the database server did not answer in time (--db-timeout); a change may or may not have been made: check before sending it again',
      ]);
      const write = await fetch(`${p.url}${CONTRACT.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...sampleParams(CONTRACT, false), numero_proposta: 400_000 }),
        signal: AbortSignal.timeout(DB_TIMEOUT * 1000 + 1000),
      });
      expect(write.status).toBe(503);
      const escrita = await fetch(`${p.url}${CONTRACT.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...PT },
        body: JSON.stringify({ ...sampleParams(CONTRACT, false), numero_proposta: 400_001 }),
        signal: AbortSignal.timeout(DB_TIMEOUT * 1000 + 1000),
      });
      expect([escrita.status, ((await escrita.json()) as Array<Record<string, unknown>>)[0]!['mensagem_erro']]).toEqual(
        [
          503,
          'o servidor do banco de dados não respondeu a tempo (--db-timeout); uma alteração pode ter sido feita ou não: confira antes de enviar de novo',
        ],
      );
      expect(await readyz(p)).toEqual({ code: 503, reason: 'the database server did not answer within 2 s' });
    } finally {
      cluster.thaw();
    }
    expect(await until(async () => (await readyz(p)).code === 200, 30_000)).toBe(true);
    expect((await send(`${p.url}${SHOW.path}?usuario_cartao=${CARD}`)).status).toBe(200);
    expect(alive(p)).toBe(true);
  }, 60_000);

  it('a statement past the bound (a slow trigger): 503 naming the time limit, rolled back', async () => {
    const [p] = procs as [ServeProcess];
    const count = async () => (await sql(url, 'SELECT count(*)::int AS n FROM contract'))[0]!['n'];
    const before = await count();
    await sql(
      url,
      `CREATE FUNCTION slow_contract() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(${DB_TIMEOUT * 2}); RETURN NEW; END $$;
       CREATE TRIGGER slow_contract BEFORE INSERT ON contract FOR EACH ROW EXECUTE FUNCTION slow_contract();`,
    );
    try {
      const res = await sendJson(`${p.url}${CONTRACT.path}`, {
        ...sampleParams(CONTRACT, false),
        numero_proposta: 500_000,
      });
      expect(res).toEqual({
        status: 503,
        body: [
          {
            confirma_operacao: 4,
            mensagem_erro:
              'the database server took longer than its time limit (--db-timeout); nothing was changed, try again',
          },
        ],
      });
      const body = JSON.stringify({ ...sampleParams(CONTRACT, false), numero_proposta: 500_001 });
      const pt = await send(`${p.url}${CONTRACT.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...PT },
        body,
      });
      expect([pt.status, pt.headers['retry-after'], messageOf(pt)]).toEqual([
        503,
        '2',
        'o servidor do banco de dados passou do tempo limite (--db-timeout); nada foi alterado, tente de novo',
      ]);
    } finally {
      await sql(url, 'DROP TRIGGER slow_contract ON contract; DROP FUNCTION slow_contract()');
    }
    expect(await count()).toBe(before);
    expect((await sendJson(`${p.url}${CONTRACT.path}`, sampleParams(CONTRACT, false))).status).toBe(200);
  });
});
