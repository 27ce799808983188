/**
 * `coopctl backup DEST` (the built CLI, a process of its own) against a real
 * server on the SQLite file while writes run: the copy is one moment of the
 * database (every contract acknowledged before the backup began, and of
 * those acknowledged meanwhile a prefix, none half there), it opens whole,
 * private, with the audit key beside it, and a server starts on it. A
 * PostgreSQL URL is answered with the pg_dump command, its password masked.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { childEnv } from '../robust/helpers.js';
import { callOp } from './store-calls.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'coopctl-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

function coopctl(
  args: readonly string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv(dir, { LANG: 'C', ...extra }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('coopctl backup while the server writes', () => {
  it('copies one moment: every contract acknowledged before it, a prefix of those meanwhile; the copy opens and serves', async () => {
    const db = join(dir, 'live.db');
    srv = await startTestServer({ db });
    const url = srv.url;
    const acked: number[] = [];
    const create = async (n: number) => {
      const res = await callOp(url, 'enrol.contract.create', { numero_proposta: 10_000 + n });
      if (res.status === 200) acked.push(res.body[0]!['contrato_id'] as number);
    };
    // Enough writes first that the -wal holds them (and a checkpoint has truncated it once).
    for (let n = 0; n < 400; n += 8) await Promise.all(Array.from({ length: 8 }, (_, i) => create(n + i)));
    const before = [...acked];
    expect(before).toHaveLength(400);
    let writing = true;
    let n = 400;
    const writer = (async () => {
      for (let i = 0; writing && i < 20_000; i++) await create(n++);
    })();
    const dest = join(dir, 'copy.db');
    const run = await coopctl(['backup', dest, '--db', db]);
    const duringBackup = acked.length;
    writing = false;
    await writer;
    expect(run.stderr).toMatch(
      new RegExp(`^backed up to ${dest} \\(\\d+ KiB\\), its audit key to ${dest}\\.audit-key\\n$`),
    );
    expect(run.code).toBe(0);
    expect(duringBackup).toBeGreaterThan(before.length);
    expect(statSync(dest).mode & 0o777).toBe(0o600);
    expect(statSync(`${dest}.audit-key`).mode & 0o777).toBe(0o600);

    const copy = new Database(dest, { readonly: true, fileMustExist: true });
    const ids = copy.prepare('SELECT id FROM contract ORDER BY id').pluck().all() as number[];
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    const newIds = ids.filter((id) => id >= Math.min(...before));
    for (const id of before) expect(newIds).toContain(id);
    // A snapshot: the acknowledged contracts up to the newest in the copy, every one of them, and nothing else.
    const newest = Math.max(...newIds);
    expect(newIds).toEqual([...acked].filter((id) => id <= newest).sort((a, b) => a - b));

    await srv.stop();
    srv = await startTestServer({ db: dest });
    expect(srv.store.created).toBe(false);
    expect((await callOp(srv.url, 'enrol.contract.search', { contrato_id: newest })).status).toBe(200);
  });
});

describe('coopctl backup refuses', () => {
  it('an existing DEST, leaving it as it was; a PostgreSQL URL, naming pg_dump with the password masked', async () => {
    const db = join(dir, 'refuse.db');
    srv = await startTestServer({ db });
    const taken = join(dir, 'taken.db');
    writeFileSync(taken, 'mine');
    const again = await coopctl(['backup', taken, '--db', db]);
    expect([again.code, again.stderr]).toEqual([
      1,
      `error: ${taken} already exists: give a new file (a backup never overwrites one)\n`,
    ]);
    expect(statSync(taken).size).toBe(4);
    expect(existsSync(`${taken}.audit-key`)).toBe(false);

    const pg = await coopctl(['--lang', 'pt-BR', 'backup', join(dir, 'pg.dump')], {
      COOPCTL_DB_URL: 'postgres://coop:s3cret@db.internal:5432/coop',
    });
    expect(pg.code).toBe(2);
    expect(pg.stderr).toBe(
      "erro: o coopctl backup copia um arquivo SQLite; faça o backup de um banco PostgreSQL com o pg_dump, consistente com os servidores em execução: pg_dump --format=custom --file DESTINO 'postgres://coop:***@db.internal:5432/coop'\n",
    );
    expect(existsSync(join(dir, 'pg.dump'))).toBe(false);
  });
});
