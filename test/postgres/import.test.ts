/**
 * `coopctl serve --db postgres://… --import-sqlite FILE`: a SQLite store
 * (the demo data and changes made on it) copied into a new PostgreSQL
 * database, every table row for row, the ids going on after the copy's, and
 * served by a real process; refused into a database that holds a store.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { openStore, StoreOpenError } from '../../src/server/store/index.js';
import { sendJson, spawnServe } from '../robust/helpers.js';
import { call, EXAMPLE_CARD, now, openTemp } from '../store/helpers.js';
import { createDatabase, dropDatabase, sql } from './cluster.js';

let dir: string;
let file: string;
const dbs: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-import-'));
  file = join(dir, 'coop.db');
  // A SQLite store with the demo data and changes of every kind on it.
  const { store } = await openTemp({ path: file });
  await call(store, 'registration.update-contact', { usuario_cartao: EXAMPLE_CARD, usuario_celular: '(11)955554444' });
  const contract = await call(store, 'enrol.contract.create', sampleParams(operation('enrol.contract.create')));
  const added = await call(store, 'enrol.beneficiary.add', {
    ...sampleParams(operation('enrol.beneficiary.add')),
    contrato_id: contract.records[0]!['contrato_id'],
  });
  const beneficiario_id = added.records[0]!['beneficiario_id'];
  for (const id of ['enrol.beneficiary.contact', 'enrol.beneficiary.declaration'])
    expect((await call(store, id, { ...sampleParams(operation(id)), beneficiario_id })).outcome).toBe('ok');
  await call(store, 'notify.send-all', sampleParams(operation('notify.send-all')));
  // An access audit with a record and its key's id, which the copy leaves behind.
  await store.repo.audit.setKeyId('0123456789abcdef');
  await store.repo.audit.append({
    at: Date.UTC(2026, 0, 15, 10, 0),
    client: '127.0.0.1',
    tokenLabel: null,
    operation: 'record.allergies',
    status: 200,
    confirma: 1,
    subjectKind: 'card',
    subject: 'a'.repeat(64),
    reference: null,
    requestId: 'req-1',
    contract: null,
    previous: null,
    keyId: null,
  });
  await store.close();
});
afterAll(async () => {
  for (const name of dbs) await dropDatabase(name);
  rmSync(dir, { recursive: true, force: true });
});

async function newDatabase(): Promise<string> {
  const db = await createDatabase('import');
  dbs.push(db.name);
  return db.url;
}

/** A table's rows from SQLite, as sorted JSON lines. */
function sqliteRows(table: string, path = file): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT * FROM ${table}`).all() as object[]).map((r) => JSON.stringify(r)).sort();
  } finally {
    db.close();
  }
}

/** Every table of the SQLite store. */
function sqliteTables(): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  } finally {
    db.close();
  }
}

describe('copying a SQLite store into PostgreSQL', () => {
  it('copies every table row for row, and new ids go on after the copied ones', async () => {
    const url = await newDatabase();
    const store = await openStore({ path: url, importSqlite: file, now });
    try {
      expect(store.created).toBe(true);
      const tables = sqliteTables();
      expect(tables).toContain('appointment');
      for (const table of tables) {
        const copied = (await sql(url, `SELECT * FROM ${table}`)).map((r) => JSON.stringify(r)).sort();
        if (table.startsWith('audit')) {
          // The access audit is not data (a SQLite store keeps it in a file of its own): the new database begins a
          // trail of its own (with its own key).
          if (table !== 'audit_anchor') expect(sqliteRows(table, `${file}.audit`), table).toHaveLength(1);
          expect(copied, table).toEqual([]);
          continue;
        }
        expect(copied, table).toEqual(sqliteRows(table));
        if (table !== 'counter' && table !== 'provider_location') expect(copied.length, table).toBeGreaterThan(0);
      }
      const [max] = await sql(url, 'SELECT max(id) AS id FROM contract');
      const created = await store.repo.enrol.createContract(
        { registro_ans: '419761', coop_id: 1, produto_tabela_id: 11, origem: 'WB' },
        'proposta',
        '2026-01-15',
      );
      expect(created).toBe((max!['id'] as number) + 1);
    } finally {
      await store.close();
    }
  });

  it('refuses to copy into a database that already holds a store, changing nothing', async () => {
    const url = await newDatabase();
    await (await openStore({ path: url, demo: true, now })).close();
    const before = await sql(url, 'SELECT count(*)::int AS n FROM contract');
    await expect(openStore({ path: url, importSqlite: file, now })).rejects.toBeInstanceOf(StoreOpenError);
    expect(await sql(url, 'SELECT count(*)::int AS n FROM contract')).toEqual(before);
  });

  it('through coopctl serve --import-sqlite: the copy is served', async () => {
    const url = await newDatabase();
    const proc = await spawnServe(url, dir, ['--import-sqlite', file]);
    try {
      const show = await sendJson(
        `${proc.url}${operation('registration.show').path}?usuario_cartao=${EXAMPLE_CARD}`,
        {},
        { method: 'GET' },
      );
      expect((show.body as Array<{ contato: { celular: string } }>)[0]!.contato.celular).toBe('(11)955554444');
    } finally {
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  });
});
