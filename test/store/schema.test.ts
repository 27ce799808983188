/**
 * The schema is written once for both databases (src/server/store/sql/
 * migrations.ts); what it makes must be what each migration made when it was
 * first released, so that every database a released coopctl created goes on
 * working. Each migration's DDL is kept as it first ran, per database
 * (test/store/released/<database>-<n>.sql: a new migration adds its two
 * files, and they are never edited): a database made with the DDL of any
 * version opens, migrates to the current version and serves, and a database
 * made today has the same schema as one made with the kept DDL (SQLite: every
 * statement of sqlite_master, byte for byte; PostgreSQL: the columns,
 * constraints and indexes of information_schema and pg_catalog).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoDocument } from '../../src/server/store/datasets/demo.js';
import { migrations } from '../../src/server/store/sql/migrations.js';
import { openBackend } from '../../src/server/wire.js';
import { BACKEND, newLocation, query, script, value } from './backend.js';
import { call, EXAMPLE_CARD, NOW, now } from './helpers.js';

const RELEASED_DIR = new URL('./released/', import.meta.url);
/** How many migrations have their DDL kept. */
const RELEASED = readdirSync(RELEASED_DIR).filter((f) => f.startsWith(`${BACKEND}-`)).length;
const released = (n: number): string => readFileSync(new URL(`${BACKEND}-${n}.sql`, RELEASED_DIR), 'utf8');

/** A database made as a released coopctl made it: its migrations 1 to `n`, and its schema version. */
async function releasedDatabase(n: number): Promise<string> {
  const location = await newLocation();
  for (let v = 1; v <= n; v++) await script(location, released(v));
  const versions = Array.from({ length: n }, (_, i) => `(${i + 1})`).join(', ');
  await script(
    location,
    BACKEND === 'sqlite'
      ? `PRAGMA user_version = ${n}`
      : `CREATE TABLE coopctl_schema_version (version integer NOT NULL); INSERT INTO coopctl_schema_version (version) VALUES ${versions}`,
  );
  return location;
}

/** The schema version a database holds. */
const versionOf = (location: string): Promise<unknown> =>
  BACKEND === 'sqlite'
    ? value(location, 'PRAGMA user_version')
    : value(location, 'SELECT max(version) FROM coopctl_schema_version');

/** Everything the schema of a database is made of. */
async function schemaOf(location: string): Promise<unknown> {
  if (BACKEND === 'sqlite')
    return query(location, 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name');
  return {
    columns: await query(
      location,
      `SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default, is_identity, identity_generation
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    ),
    constraints: await query(
      location,
      `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await query(
      location,
      "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2",
    ),
  };
}

/** A new database opened (and so migrated) by this coopctl, then closed. */
async function currentDatabase(): Promise<string> {
  const location = await newLocation();
  await (await openBackend({ path: location, now })).close();
  return location;
}

describe('the schema of the released migrations', () => {
  it('is what a new database gets, when this coopctl has no migration of its own since', async () => {
    const current = await currentDatabase();
    expect(await versionOf(current)).toBe(migrations.length);
    if (migrations.length === RELEASED)
      expect(await schemaOf(current)).toEqual(await schemaOf(await releasedDatabase(RELEASED)));
    // The released schema was not empty: the comparison compared something.
    const tables = await query(
      current,
      BACKEND === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'beneficiary'"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'beneficiary'",
    );
    expect(tables).toEqual([{ name: 'beneficiary' }]);
  });

  it('a database of every released version opens, is migrated to this schema, and serves', async () => {
    const current = await schemaOf(await currentDatabase());
    for (let n = 1; n <= RELEASED; n++) {
      const location = await releasedDatabase(n);
      const store = await openBackend({ path: location, now, fixtures: demoDocument(NOW) });
      try {
        expect(store.schema).toEqual({ found: n, current: migrations.length });
        const show = await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD });
        expect(show.outcome).toBe('found');
        expect(show.records[0]!['nome']).toBe('Ana Beatriz Souza');
        const contract = await call(store, 'enrol.contract.create', {
          registro_ans: '419761',
          coop_id: 1,
          produto_tabela_id: 11,
          origem: 'WB',
        });
        expect(contract.outcome).toBe('ok');
      } finally {
        await store.close();
      }
      expect(await versionOf(location)).toBe(migrations.length);
      expect(await schemaOf(location)).toEqual(current);
    }
  });
});
