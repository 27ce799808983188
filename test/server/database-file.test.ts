/**
 * The SQLite database file removed, moved or replaced while the server runs,
 * or missing or read-only at start: no acknowledged write is ever lost in a
 * file nobody will see again. While it runs, every write (each POST of the
 * catalogue) answers 503 "the database file was removed or replaced" and
 * stores nothing; at start, a database that vanished while its audit key is
 * still beside it is not recreated, and a file this process may not write
 * stops the start (exit 1 with the reason).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { startError, startTestServer } from '../helpers/server.js';
import { childEnv } from '../robust/helpers.js';
import { callOp, DEMO_CARD } from './store-calls.js';
import { startStoreServer, type StoreServer } from './store-server.js';

const GONE =
  'the database file was removed or replaced; nothing was changed; the server must be restarted on the database file';
const WRITES = catalogue.filter((op) => op.methods.includes('POST')).map((op) => op.id);
const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), 'coopctl-dbfile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let srv: StoreServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

describe('the database file goes away while the server runs', () => {
  it.each(WRITES)('%s: 503 once the file is moved away, and nothing was written into it', async (id) => {
    srv = await startStoreServer();
    const before = databaseChecksum(srv.db);
    const moved = `${srv.db}.moved`;
    renameSync(srv.db, moved);
    const res = await callOp(srv.url, id);
    expect([res.status, res.retryAfter, res.body]).toEqual([
      503,
      '60',
      [{ confirma_operacao: 4, mensagem_erro: GONE }],
    ]);
    renameSync(moved, srv.db);
    expect(databaseChecksum(srv.db)).toBe(before);
  });

  it('a write answers 503 once the file is deleted, and again once another file takes its place; reads of no personal data go on', async () => {
    srv = await startStoreServer();
    rmSync(srv.db);
    const deleted = await callOp(srv.url, 'enrol.contract.create');
    expect([deleted.status, deleted.body]).toEqual([503, [{ confirma_operacao: 4, mensagem_erro: GONE }]]);
    expect((await callOp(srv.url, 'registration.cep', { cep: '01310100' })).status).toBe(200);
    // A read of personal data is not recorded for a database nobody will see again: refused too.
    expect((await callOp(srv.url, 'registration.show', { usuario_cartao: DEMO_CARD })).status).toBe(503);
    writeFileSync(srv.db, '');
    const replaced = await callOp(srv.url, 'enrol.beneficiary.add', { contrato_id: 1 });
    expect([replaced.status, replaced.body]).toEqual([503, [{ confirma_operacao: 4, mensagem_erro: GONE }]]);
    expect(statSync(srv.db).size).toBe(0);
  });
});

describe('starting on a database that vanished', () => {
  it('is refused (exit 1) while its audit key is beside it, and nothing is created; started again once the key is gone', async () => {
    const db = join(dir, 'vanished', 'coopctl.db');
    mkdirSync(join(dir, 'vanished'));
    const first = await startTestServer({ db });
    await first.close();
    rmSync(db);
    for (const side of ['-wal', '-shm']) rmSync(`${db}${side}`, { force: true });
    const err = await startError(startTestServer({ db }));
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe(
      `the database ${db} is missing, but its audit key ${db}.audit-key is there: the database was moved or deleted. ` +
        `Restore it (or give its place with --db); to start a new, empty database here, delete ${db}.audit-key and its access audit ${db}.audit first`,
    );
    expect(existsSync(db)).toBe(false);
    rmSync(`${db}.audit-key`);
    for (const side of ['', '-wal', '-shm']) rmSync(`${db}.audit${side}`, { force: true });
    const fresh = await startTestServer({ db });
    expect(fresh.store.created).toBe(true);
    await fresh.close();
  });
});

describe('starting on a database file this process may not write', () => {
  it('stops with exit 1 and says the file is read-only; the file is left as it was', async () => {
    const place = join(dir, 'readonly');
    mkdirSync(place);
    const db = join(place, 'coopctl.db');
    const made = await startTestServer({ db });
    await made.close();
    const before = databaseChecksum(db);
    // As root the file's mode does not stop a write: the server runs as another user, to whom the file is not writable.
    const asRoot = process.getuid?.() === 0;
    const home = join(place, 'home');
    mkdirSync(home);
    chmodSync(dir, 0o755);
    chmodSync(place, 0o755);
    chmodSync(home, 0o777);
    chmodSync(db, asRoot ? 0o644 : 0o444);
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', db], {
        env: childEnv(home),
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot open the database ${db}: the database file is read-only`);
    expect(databaseChecksum(db)).toBe(before);
  });
});
