/**
 * A SQLite database's files damaged while the server runs, or found damaged
 * at start: never a silent loss. The `-wal` truncated while it holds
 * acknowledged writes, or the database file truncated: every write answers
 * 503 naming the damage, /readyz is not ready with the reason, the log says
 * so, and the file left behind still opens (SQLite never checkpoints a
 * truncated `-wal` into it). A 0-byte or header-only file beside what says
 * it held data (its audit key, a `-wal` holding frames) is refused at start,
 * never filled with the demo data.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startError, startTestServer, type TestServer } from '../helpers/server.js';
import { callOp, DEMO_CARD } from './store-calls.js';

const DAMAGED =
  'a file of the database (the database file or its -wal) was truncated, removed or replaced: the database is damaged; ' +
  'nothing was changed; the server must be stopped and the database restored from a backup';
const WAL_TRUNCATED =
  "the database's write-ahead log (-wal) was truncated while the server ran: the writes since the last checkpoint are lost";

const dir = mkdtempSync(join(tmpdir(), 'coopctl-damage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

/** A server with its log kept, on a database of its own. */
async function serving(name: string): Promise<{ srv: TestServer; logged: () => string }> {
  mkdirSync(join(dir, name));
  const log = new PassThrough();
  let text = '';
  log.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const s = await startTestServer({ db: join(dir, name, 'coopctl.db'), log });
  return { srv: s, logged: () => text };
}

async function readyz(url: string, lang = 'en'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/readyz`, { headers: { 'accept-language': lang } });
  return { status: res.status, body: await res.json() };
}

/** The contracts a database file holds, read through a connection of its own once the server has stopped. */
function contractsIn(db: string): { count: number; integrity: string } {
  const conn = new Database(db, { fileMustExist: true });
  try {
    return {
      count: conn.prepare('SELECT count(*) FROM contract').pluck().get() as number,
      integrity: conn.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    conn.close();
  }
}

describe('the -wal truncated while the server runs', () => {
  it('refuses every write 503 naming the damage, /readyz says why, the log says so, and the file still opens', async () => {
    const started = await serving('wal');
    srv = started.srv;
    const db = srv.db;
    const before = contractsIn(db).count;
    let acked = 0;
    for (let i = 0; i < 5; i++)
      if ((await callOp(srv.url, 'enrol.contract.create', { numero_proposta: 7000 + i })).status === 200) acked++;
    expect(acked).toBe(5);
    expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
    expect((await readyz(srv.url)).status).toBe(200);

    truncateSync(`${db}-wal`, 0);
    for (const [id, params] of [
      ['enrol.contract.create', {}],
      ['registration.update-contact', { usuario_cartao: DEMO_CARD }],
    ] as const) {
      const res = await callOp(srv.url, id, params);
      expect([res.status, res.retryAfter, res.body]).toEqual([
        503,
        '60',
        [{ confirma_operacao: 4, mensagem_erro: DAMAGED }],
      ]);
    }
    expect(await readyz(srv.url)).toEqual({ status: 503, body: { status: 'not ready', reason: WAL_TRUNCATED } });
    expect((await readyz(srv.url, 'pt-BR')).body).toEqual({
      status: 'not ready',
      reason:
        'o log de escrita antecipada (-wal) do banco de dados foi truncado com o servidor em execução: as gravações desde o último checkpoint se perderam',
    });
    expect(started.logged()).toContain(WAL_TRUNCATED);
    // Stays damaged once the -wal grows again: what was lost does not come back.
    writeFileSync(`${db}-wal`, Buffer.alloc(1 << 20));
    expect((await callOp(srv.url, 'enrol.contract.create', { numero_proposta: 7100 })).status).toBe(503);
    truncateSync(`${db}-wal`, 0);
    await srv.close();

    // The file opens, whole, as of the last checkpoint: the five writes acknowledged since are the loss the server told.
    expect(contractsIn(db)).toEqual({ count: before, integrity: 'ok' });
  });
});

describe('the database file truncated while the server runs', () => {
  it('refuses every write 503 naming the damage and /readyz says the file was truncated', async () => {
    const started = await serving('db');
    srv = started.srv;
    truncateSync(srv.db, 0);
    const res = await callOp(srv.url, 'enrol.beneficiary.add', { contrato_id: 1 });
    expect([res.status, res.body]).toEqual([503, [{ confirma_operacao: 4, mensagem_erro: DAMAGED }]]);
    expect(await readyz(srv.url)).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        reason: 'the database file was truncated while the server ran: the database is damaged',
      },
    });
    expect(statSync(srv.db).size).toBe(0);
  });
});

describe('starting on a database file emptied', () => {
  async function made(name: string): Promise<string> {
    mkdirSync(join(dir, name));
    const db = join(dir, name, 'coopctl.db');
    const first = await startTestServer({ db });
    await first.close();
    return db;
  }

  it('a 0-byte file beside its audit key is refused (exit 1), and not filled with the demo data', async () => {
    const db = await made('empty-keyed');
    truncateSync(db, 0);
    const err = await startError(startTestServer({ db }));
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe(
      `the database ${db} is empty (0 bytes), but ${db}.audit-key is beside it: the database held data, which is gone from the file. ` +
        `Restore it from a backup (made by coopctl backup); to start a new, empty database here, move ${db}.audit-key away first`,
    );
    expect(statSync(db).size).toBe(0);
  });

  it('a 0-byte file beside a -wal that holds frames is refused, and the -wal is left as it was', async () => {
    const db = join(dir, 'empty-wal', 'coopctl.db');
    mkdirSync(join(dir, 'empty-wal'));
    writeFileSync(db, '');
    writeFileSync(`${db}-wal`, Buffer.alloc(4152, 1));
    const err = await startError(startTestServer({ db }));
    expect(err.exitCode).toBe(1);
    expect(err.message).toContain(`the database ${db} is empty (0 bytes), but ${db}-wal is beside it`);
    expect(statSync(`${db}-wal`).size).toBe(4152);
  });

  it('a file holding a header alone beside its audit key is refused, and keeps no schema', async () => {
    const db = await made('header-keyed');
    rmSync(db);
    // A SQLite file of one page and no table, as a copy taken while the data was all in the -wal.
    const header = new Database(db);
    header.pragma('journal_mode = WAL');
    header.close();
    expect(statSync(db).size).toBe(4096);
    const err = await startError(startTestServer({ db }));
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe(
      `cannot open the database ${db}: the file holds no tables (a header alone), but its audit key is beside it: ` +
        'the database held data, which is gone from the file. Restore it from a backup (made by coopctl backup); ' +
        'to start a new, empty database here, move its audit key away first',
    );
    const conn = new Database(db);
    expect(conn.pragma('user_version', { simple: true })).toBe(0);
    conn.close();
  });

  it('a 0-byte file with nothing beside it is a new database, given the demo data', async () => {
    const db = join(dir, 'empty-new', 'coopctl.db');
    mkdirSync(join(dir, 'empty-new'));
    writeFileSync(db, '');
    srv = await startTestServer({ db });
    expect(srv.store.created).toBe(true);
  });
});
