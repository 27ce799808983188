/**
 * The SQLite store keeps the registration records' JSON texts between writes
 * (store/sqlite/unchanged-cache.ts): every read must still see every
 * committed write, whoever made it. Each test reads a record twice first (a
 * record is kept on its second read), changes the data, and reads it again
 * over HTTP: through the
 * server's own API (its own connection: total_changes), through another
 * connection of this process and through another process (data_version),
 * and on another day (situacao).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreTally } from '../../src/server/observe/tally.js';
import { startStoreServer, type StoreServer } from './store-server.js';
import { callOp, DEMO_CARD } from './store-calls.js';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** The demo holder's registration record, as `buscadadosusuario` answers it. */
async function show(url: string): Promise<Record<string, unknown>> {
  const res = await callOp(url, 'registration.show', { usuario_cartao: DEMO_CARD });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  return res.body[0]!;
}

/** The record, read twice: then it is cached (the second miss of its key keeps it). */
async function cached(url: string): Promise<Record<string, unknown>> {
  await show(url);
  return show(url);
}

/** Runs `sql` (with `args`) on the database file in a child node process, committed when it exits. */
async function writeFromAnotherProcess(db: string, sql: string, ...args: unknown[]): Promise<void> {
  const script = `const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.prepare(process.argv[3]).run(...JSON.parse(process.argv[4]));
db.close();`;
  const child = spawn(process.execPath, ['-e', script, BETTER_SQLITE3, db, sql, JSON.stringify(args)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
}

/** Runs `sql` on the database file through another connection of this process. */
function writeFromAnotherConnection(db: string, sql: string, ...args: unknown[]): void {
  const other = new Database(db);
  try {
    other.prepare(sql).run(...args);
  } finally {
    other.close();
  }
}

const SET_NAME = "UPDATE beneficiary SET nome = ? WHERE card = '00010001000001005'";

let srv: StoreServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

describe('the read cache holds what its memory allows (serve --read-cache)', () => {
  /** Reads the records of `cards` in turn through the repository; answers [found, missed] as the meter counted. */
  async function lookUps(readCacheBytes: number | undefined, cards: readonly string[]): Promise<[number, number]> {
    const meter = new StoreTally();
    srv = await startStoreServer({ meter, ...(readCacheBytes === undefined ? {} : { readCacheBytes }) });
    for (const card of cards) expect(await srv.store.repo.registration.record(card, '2026-01-15')).toContain('"nome"');
    return [meter.cacheHits, meter.cacheMisses];
  }
  const A = DEMO_CARD;
  const B = '00010001000002001';
  // Each card kept on its second miss; then B found, then A: still there with room for both, not with room for one.
  const SEQUENCE = [A, A, B, B, B, A];

  it('keeps both records with the default size (4 MiB)', async () => {
    expect(await lookUps(undefined, SEQUENCE)).toEqual([2, 4]);
  });

  it('with room for one record (1,500 bytes), the older makes room for the newer', async () => {
    expect(await lookUps(1500, SEQUENCE)).toEqual([1, 5]);
  });

  it('keeps nothing with 0', async () => {
    expect(await lookUps(0, SEQUENCE)).toEqual([0, 6]);
  });
});

describe('registration records read after a write (the SQLite read cache)', () => {
  it('show the writes made through the API: contact, address inserted, updated and deleted', async () => {
    srv = await startStoreServer();
    const before = await cached(srv.url);
    expect(before['contato']).toMatchObject({ email: 'ana.souza9@example.com' });
    const addresses = (before['endereco'] as unknown[]).length;

    const contact = await callOp(srv.url, 'registration.update-contact', {
      usuario_cartao: DEMO_CARD,
      usuario_email: 'cached.not@example.com',
    });
    expect(contact.body[0]).toMatchObject({ confirma_operacao: 1 });
    const afterContact = await show(srv.url);
    expect(afterContact['contato']).toMatchObject({ email: 'cached.not@example.com' });
    // Changed today: the record says so.
    expect(afterContact['situacao']).toBe('A');
    await show(srv.url);

    const insert = await callOp(srv.url, 'registration.save-address', {
      usuario_cartao: DEMO_CARD,
      endereco_ind: 0,
      endereco_logradouro: 'Rua do Cache',
    });
    expect(insert.body[0]).toMatchObject({ confirma_operacao: 1 });
    const inserted = (await show(srv.url))['endereco'] as Array<Record<string, unknown>>;
    expect(inserted).toHaveLength(addresses + 1);
    const added = inserted.find((a) => a['logradouro'] === 'Rua do Cache')!;
    expect(added).toBeDefined();

    await callOp(srv.url, 'registration.save-address', {
      usuario_cartao: DEMO_CARD,
      endereco_ind: added['codigo'],
      endereco_logradouro: 'Rua Depois',
    });
    const updated = (await show(srv.url))['endereco'] as Array<Record<string, unknown>>;
    expect(updated.find((a) => a['codigo'] === added['codigo'])).toMatchObject({ logradouro: 'Rua Depois' });

    await callOp(srv.url, 'registration.delete-address', { usuario_cartao: DEMO_CARD, endereco_ind: added['codigo'] });
    expect((await show(srv.url))['endereco']).toHaveLength(addresses);
  });

  it('shows a commit made through another connection of the same process', async () => {
    srv = await startStoreServer();
    expect(await cached(srv.url)).toMatchObject({ nome: 'Ana Beatriz Souza' });
    // The reads' access records hold the write lock for their window (at most 50 ms): committed first, since a
    // connection of this process waiting for the lock would keep the server's timers from running.
    await srv.store.repo.audit.list({ limit: 1 });
    writeFromAnotherConnection(srv.db, SET_NAME, 'Ana Por Outra Conexão');
    expect(await show(srv.url)).toMatchObject({ nome: 'Ana Por Outra Conexão' });
  });

  it('shows a commit made by another process on the same file, and each one after it', async () => {
    srv = await startStoreServer();
    expect(await cached(srv.url)).toMatchObject({ nome: 'Ana Beatriz Souza' });
    for (const name of ['Ana De Outro Processo', 'Ana Outra Vez']) {
      await writeFromAnotherProcess(srv.db, SET_NAME, name);
      expect(await cached(srv.url)).toMatchObject({ nome: name });
    }
    await writeFromAnotherProcess(
      srv.db,
      "UPDATE contact SET email = ? WHERE beneficiary_id = (SELECT id FROM beneficiary WHERE card = '00010001000001005')",
      'outro.processo@example.com',
    );
    expect((await show(srv.url))['contato']).toMatchObject({ email: 'outro.processo@example.com' });
  });

  it('shows a commit to a record stored after the last check (a look-up that misses checks nothing)', async () => {
    srv = await startStoreServer();
    const { registration } = srv.store.repo;
    const nameOf = async (card: string) =>
      (JSON.parse((await registration.record(card, '2026-11-25'))!) as Record<string, unknown>)['nome'];
    // The first look-up checks the database's state; the second card then misses and is stored without a check.
    const reader = new Database(srv.db, { readonly: true });
    const second = (
      reader.prepare('SELECT card FROM beneficiary WHERE card <> ? LIMIT 1').get(DEMO_CARD) as { card: string }
    ).card;
    reader.close();
    await nameOf(DEMO_CARD);
    await nameOf(second);
    const before = await nameOf(second);
    writeFromAnotherConnection(srv.db, 'UPDATE beneficiary SET nome = ? WHERE card = ?', 'Lida Depois', second);
    expect(before).not.toBe('Lida Depois');
    expect(await nameOf(second)).toBe('Lida Depois');
  });

  it('answers situacao for the day asked: a record changed on one day is E the next day', async () => {
    srv = await startStoreServer();
    const { registration } = srv.store.repo;
    const recordOn = async (day: string) =>
      JSON.parse((await registration.record(DEMO_CARD, day))!) as Record<string, unknown>;
    writeFromAnotherConnection(srv.db, "UPDATE beneficiary SET changed_on = '2026-01-15' WHERE id = 1");
    expect(await recordOn('2026-01-15')).toMatchObject({ situacao: 'A' });
    expect(await recordOn('2026-01-15')).toMatchObject({ situacao: 'A' });
    expect(await recordOn('2026-01-16')).toMatchObject({ situacao: 'E' });
    expect(await recordOn('2026-01-15')).toMatchObject({ situacao: 'A' });
  });
});
