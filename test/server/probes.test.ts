/**
 * GET /healthz and /readyz of a real `coopctl serve` process, on the store of
 * the vitest project (SQLite, or PostgreSQL: test/store/backend.ts):
 * ready while the store answers with its migrations applied; 503 with the
 * reason when the database goes away (the SQLite file moved or replaced; the
 * PostgreSQL server stopped) or its schema is not this coopctl's, and 200
 * again once it is back, without a restart; 503 from the first SIGTERM while
 * the server drains, the probes outside the token and the access log.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parsePrometheusText, sampleValue } from '../helpers/prometheus-text.js';
import { until } from '../helpers/until.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { operation } from '../../src/catalogue/index.js';
import { startCluster } from '../../scripts/postgres.mjs';
import { runNode } from '../helpers/process.js';
import { jsonLines, serveProcesses } from '../helpers/serve-process.js';
import { childEnv } from '../robust/helpers.js';
import { BACKEND, exec, newLocation, value } from '../store/backend.js';
import { TOKEN_A, TOKEN_B } from '../helpers/tokens.js';

const CARD = '00010001000001005';
const TOKEN = TOKEN_A;
const show = operation('registration.show');

const { serve, home } = serveProcesses('probes');
const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** /readyz until it answers `status` (at most 15 s: a pool reconnects, a probe's check runs), then its answer. */
async function readyzUntil(url: string, status: number) {
  let last = await get(`${url}/readyz`);
  for (let i = 0; i < 150 && last.status !== status; i++) {
    await sleep(100);
    last = await get(`${url}/readyz`);
  }
  return last;
}

describe(`probes (${BACKEND})`, () => {
  it('/healthz 200 and /readyz 200, GET and HEAD, without the server token; not in the log', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, '--log-format', 'json'], { COOPCTL_SERVER_TOKEN: TOKEN });
    const health = await get(`${proc.url}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect(health.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const ready = await get(`${proc.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    expect((await fetch(`${proc.url}/readyz`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${proc.url}/healthz`, { method: 'POST' })).status).toBe(405);
    // The API still wants the token.
    expect((await get(`${proc.url}${show.path}?usuario_cartao=${CARD}`)).status).toBe(401);
    expect(await proc.stop()).toBe(0);
    const requests = jsonLines(proc.stderr()).filter((l) => l['event'] === 'request');
    expect(requests.map((l) => [l['operation'], l['status']])).toEqual([['registration.show', 401]]);
  });

  it('--private-probes: /healthz and /readyz want a client token too; /metrics stays as configured', async () => {
    const db = await newLocation();
    const file = join(home(), 'tokens');
    writeFileSync(file, `app:${TOKEN}\nkubelet:${TOKEN_B}\n`, { mode: 0o600 });
    const proc = await serve(['--db', db, '-q', '--private-probes', '--token-file', file]);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await get(`${proc.url}/healthz`)).status).toBe(401);
    expect((await get(`${proc.url}/readyz`)).status).toBe(401);
    expect((await get(`${proc.url}/readyz`, bearer('not-the-token-at-all-000'))).status).toBe(401);
    expect((await get(`${proc.url}/healthz`, bearer(TOKEN_B))).status).toBe(200);
    expect((await get(`${proc.url}/readyz`, bearer(TOKEN))).status).toBe(200);
    expect((await get(`${proc.url}/metrics`)).status).toBe(200);
    expect(await proc.stop()).toBe(0);
  });

  it('--private-probes without a server token: refused at start, exit 2', async () => {
    const r = await runNode(
      BIN,
      ['serve', '--port', '0', '--db', ':memory:', '-q', '--private-probes'],
      childEnv(home()),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--private-probes needs a server token (--token-file or COOPCTL_SERVER_TOKEN)');
  });

  it('/readyz 503 with the reason when the schema is not this coopctl’s, 200 once it is again', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, '-q']);
    expect((await get(`${proc.url}/readyz`)).status).toBe(200);
    const table = BACKEND === 'sqlite' ? undefined : 'coopctl_schema_version';
    const current = Number(
      table ? await value(db, `SELECT max(version) FROM ${table}`) : await value(db, 'PRAGMA user_version'),
    );
    expect(current).toBeGreaterThan(1);
    if (table) await exec(db, `DELETE FROM ${table} WHERE version = ${current}`);
    else await exec(db, `PRAGMA user_version = ${current - 1}`);
    const behind = await get(`${proc.url}/readyz`);
    expect(behind.status).toBe(503);
    expect(JSON.parse(behind.body)).toEqual({
      status: 'not ready',
      reason: `the database's migrations are not applied (schema version ${current - 1} of ${current})`,
    });
    // The reason is for a person reading it: in Portuguese when the request prefers it; `status` is the protocol's.
    const pt = await get(`${proc.url}/readyz`, { 'accept-language': 'pt-BR, pt;q=0.9, en;q=0.5' });
    expect(JSON.parse(pt.body)).toEqual({
      status: 'not ready',
      reason: `as migrações do banco de dados não foram aplicadas (versão de esquema ${current - 1} de ${current})`,
    });
    if (table) await exec(db, `INSERT INTO ${table} (version) VALUES (${current})`);
    else await exec(db, `PRAGMA user_version = ${current}`);
    expect((await get(`${proc.url}/readyz`)).status).toBe(200);
  });

  it('503 from the first SIGTERM while requests drain and the server goes on serving; 200 from /healthz', async () => {
    const db = await newLocation();
    const proc = await serve(['--db', db, '--allow-prefer', '--shutdown-delay', '5']);
    const slow = fetch(`${proc.url}${show.path}?usuario_cartao=${CARD}`, { headers: { prefer: 'delay=2000' } });
    // SIGTERM once the slow request is being answered (the one operation in flight, /metrics counts no probe).
    await until('the slow request in flight', async () => {
      const text = await (await fetch(`${proc.url}/metrics`)).text();
      const gauge = parsePrometheusText(text).get('coopctl_http_requests_in_flight');
      return gauge !== undefined && sampleValue(gauge, {}) === 1;
    });
    proc.child.kill('SIGTERM');
    await proc.printed('/readyz answers 503');
    const ready = await get(`${proc.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', reason: 'the server is shutting down' });
    const pt = await get(`${proc.url}/readyz`, { 'accept-language': 'pt-BR' });
    expect(JSON.parse(pt.body)).toEqual({ status: 'not ready', reason: 'o servidor está encerrando' });
    expect((await get(`${proc.url}/healthz`)).status).toBe(200);
    // Requests the load balancer still sends meanwhile are answered.
    expect((await get(`${proc.url}${show.path}?usuario_cartao=${CARD}`)).status).toBe(200);
    const inFlight = await slow;
    expect(inFlight.status).toBe(200);
    expect(await inFlight.text()).toContain('"confirma_operacao":2');
    expect(await proc.exited).toBe(0);
    expect(proc.stderr()).toMatch(/stopping, finishing requests in flight.*\n.*stopped\n$/s);
  });
});

/**
 * The database going away and coming back: the SQLite file moved away (the
 * server keeps its open file, so reads still answer, but nothing else sees
 * what it writes) and moved back; the PostgreSQL server stopped (a cluster of
 * this file's own: the run's serves the other files meanwhile) and started
 * again.
 */
interface Outage {
  location(): Promise<string>;
  cut(): void;
  mend(): void;
  /** The reason /readyz gives meanwhile. */
  readonly reason: string;
  /** What a read answers meanwhile (no data: its access record cannot be written), and its Retry-After. */
  readonly read: readonly [status: number, retryAfter: string | null];
  /** The events that read logs: the store's fault (PostgreSQL), the audit's. */
  readonly events: ReadonlyArray<readonly [event: string, reason: string]>;
}

function outage(): Outage & { start(): Promise<void>; end(): void } {
  if (BACKEND === 'sqlite') {
    let db = '';
    return {
      start: async () => undefined,
      end: () => undefined,
      async location() {
        db = await newLocation();
        return db;
      },
      cut: () => renameSync(db, `${db}.moved`),
      mend: () => renameSync(`${db}.moved`, db),
      reason: 'the database file is missing: it was moved or deleted',
      read: [503, '60'],
      events: [['audit_failed', 'gone']],
    };
  }
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  return {
    async start() {
      cluster = await startCluster({ fsync: false, log: () => undefined });
    },
    end: () => cluster?.stop(),
    location: () => cluster!.createDatabase('coopctl_probes'),
    cut: () => cluster!.halt(),
    mend: () => cluster!.resume(),
    reason: 'the database server cannot be reached',
    read: [503, '5'],
    events: [
      ['store_unavailable', 'down'],
      ['audit_failed', 'down'],
    ],
  };
}

describe(`readiness when the database goes away (${BACKEND})`, () => {
  const db = outage();
  beforeAll(() => db.start());
  afterAll(() => db.end());

  it('503 with the reason meanwhile, logged; 200 again once it is back, without a restart', async () => {
    const proc = await serve(['--db', await db.location(), '--log-format', 'json']);
    expect((await get(`${proc.url}/readyz`)).status).toBe(200);
    expect((await get(`${proc.url}${show.path}?usuario_cartao=${CARD}`)).status).toBe(200);

    db.cut();
    const down = await readyzUntil(proc.url, 503);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ status: 'not ready', reason: db.reason });
    const read = await get(`${proc.url}${show.path}?usuario_cartao=${CARD}`);
    expect([read.status, read.headers.get('retry-after')]).toEqual(db.read);
    expect((await get(`${proc.url}/healthz`)).status).toBe(200);

    db.mend();
    expect((await readyzUntil(proc.url, 200)).status).toBe(200);
    expect((await get(`${proc.url}${show.path}?usuario_cartao=${CARD}`)).status).toBe(200);
    expect(await proc.stop()).toBe(0);

    const lines = jsonLines(proc.stderr());
    const changes = lines.filter((l) => l['event'] === 'not_ready' || l['event'] === 'ready');
    expect(changes.map((l) => [l['event'], l['level'], l['reason'] ?? null])).toEqual([
      ['not_ready', 'warn', db.reason],
      ['ready', 'info', null],
    ]);
    const faults = lines.filter((l) => l['event'] === 'store_unavailable' || l['event'] === 'audit_failed');
    const [failed, ...others] = lines.filter((l) => l['event'] === 'request' && l['status'] === 503);
    expect(others).toEqual([]);
    expect(faults.map((l) => [l['event'], l['operation'], l['reason'], l['request_id']])).toEqual(
      db.events.map(([event, reason]) => [event, 'registration.show', reason, failed!['request_id']]),
    );
    expect(showsToken(proc.stderr(), CARD)).toBe(false);
  });
});
