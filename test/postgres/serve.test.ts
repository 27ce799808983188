/**
 * `coopctl serve` on PostgreSQL: `--db postgres://…` and COOPCTL_DB_URL,
 * the URL's password masked in the banner and in every start-up error, a
 * server out of reach or refusing the password stopping the start with the
 * reason, and a server turned read-only (as a replica is) answering writes
 * 503 with Retry-After, then serving again once it takes writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { runServe, type ServeOptions } from '../../src/server/serve.js';
import { startError, startTestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { send } from '../robust/helpers.js';
import { clusterUrl } from '../store/backend.js';
import { createDatabase, dropDatabase, sql } from './cluster.js';

let db: { name: string; url: string };
let password: string;
/** The audit key of the test's servers, in a folder of its own (its default place is the user's data folder). */
let keyDir: string;
const keyEnv = () => ({ COOPCTL_AUDIT_KEY_FILE: join(keyDir, 'audit.key') });
beforeAll(async () => {
  db = await createDatabase('serve');
  password = decodeURIComponent(new URL(db.url).password);
  expect(password.length).toBeGreaterThan(8);
  keyDir = mkdtempSync(join(tmpdir(), 'coopctl-pg-serve-'));
});
afterAll(async () => {
  await dropDatabase(db.name);
  rmSync(keyDir, { recursive: true, force: true });
});

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

/** `coopctl serve` in this process until its URL is printed; answers its banner (stderr) after stopping it. */
async function banner(opts: Partial<ServeOptions>, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const out = sink();
  const err = sink();
  const ac = new AbortController();
  const gotUrl = new Promise<void>((resolve) => out.stream.on('data', () => resolve()));
  const done = runServe(
    { host: '127.0.0.1', port: 0, ...opts },
    { stdout: out.stream, stderr: err.stream, env, signal: ac.signal },
  );
  await Promise.race([gotUrl, done]);
  ac.abort();
  await done;
  return err.text();
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('coopctl serve on PostgreSQL', () => {
  it('--db postgres://…: the banner names the database with its password masked', async () => {
    const text = await banner({ db: db.url }, keyEnv());
    expect(text).toContain(`database: ${db.url.replace(`:${encodeURIComponent(password)}@`, ':***@')}`);
    expect(text).not.toContain(password);
    expect(text).toMatch(/^demo cards: 00010001000001005/m);
  });

  it('COOPCTL_DB_URL (postgresql://) when --db is not given', async () => {
    const url = db.url.replace(/^postgres:/, 'postgresql:');
    const text = await banner({}, { ...keyEnv(), COOPCTL_DB_URL: url, HOME: '/nonexistent' });
    expect(text).toContain('database: postgresql://coopctl:***@');
    expect(text).not.toContain(password);
  });

  it('a wrong password stops the start (exit 1) with PostgreSQL’s reason, no password shown', async () => {
    const wrong = db.url.replace(`:${encodeURIComponent(password)}@`, ':not-the-Secret-123@');
    const err = await startError(runServe({ host: '127.0.0.1', port: 0, db: wrong }, ctx()));
    expect(err.exitCode).toBe(1);
    expect(err.message).toMatch(
      /^cannot open the database postgres:\/\/coopctl:\*\*\*@127\.0\.0\.1:\d+\/\w+: .*password/,
    );
    expect(err.message).not.toContain('not-the-Secret-123');
  });

  it('a server out of reach stops the start (exit 1): the database server cannot be reached', async () => {
    const url = `postgres://coopctl:${encodeURIComponent(password)}@127.0.0.1:${await closedPort()}/x`;
    const err = await startError(runServe({ host: '127.0.0.1', port: 0, db: url }, ctx()));
    expect(err.exitCode).toBe(1);
    expect(err.message).toMatch(
      /^cannot open the database postgres:\/\/coopctl:\*\*\*@127\.0\.0\.1:\d+\/x: the database server cannot be reached$/,
    );
  });

  it('--import-sqlite with a SQLite --db is a usage error', async () => {
    const err = await startError(
      runServe({ host: '127.0.0.1', port: 0, db: '/tmp/x.db', importSqlite: '/tmp/y.db' }, ctx()),
    );
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/--import-sqlite needs a PostgreSQL database/);
  });
});

function ctx() {
  return { stdout: sink().stream, stderr: sink().stream, env: {} };
}

describe('a PostgreSQL server that turns read-only (a replica, a demoted primary)', () => {
  it('answers writes 503 with Retry-After and stores nothing, then serves again', async () => {
    const own = await createDatabase('replica');
    const srv = await startTestServer({ db: own.url });
    const CREATE = operation('enrol.contract.create');
    const body = JSON.stringify(sampleParams(CREATE, false));
    const write = () =>
      send(`${srv.url}${CREATE.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    /** Sets the database's default for new sessions and closes the server's connections, so the next ones get it. */
    const readOnly = async (on: boolean) => {
      await sql(clusterUrl(), `ALTER DATABASE ${own.name} SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
      await sql(
        clusterUrl(),
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [own.name],
      );
      // Until those sessions are gone: the server's next statement opens a session with the new default.
      await until(
        "the server's sessions ended",
        async () =>
          (
            await sql(
              clusterUrl(),
              'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
              [own.name],
            )
          )[0]?.['n'] === 0,
      );
    };
    try {
      expect((await write()).status).toBe(200);
      const [before] = await sql(own.url, 'SELECT count(*)::int AS n FROM contract');
      await readOnly(true);
      const refused = await write();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.text).toMatch(/the database server is a read-only replica; nothing was changed/);
      await readOnly(false);
      expect(await sql(own.url, 'SELECT count(*)::int AS n FROM contract')).toEqual([before]);
      expect((await write()).status).toBe(200);
    } finally {
      await srv.stop();
      await dropDatabase(own.name);
    }
  });
});
