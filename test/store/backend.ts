/**
 * The store contract suite runs on both stores: the `sqlite` project of
 * vitest.config.ts on SQLite files, the `postgres` project (COOPCTL_TEST_STORE
 * =postgres) on a new PostgreSQL database per store opened, in the cluster
 * that test/setup/postgres.ts starts. These helpers give a test its database
 * and a way to look into it that does not go through the store's code.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Row } from '../../src/catalogue/index.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';

export type Backend = 'sqlite' | 'postgres';
export const BACKEND: Backend = process.env['COOPCTL_TEST_STORE'] === 'postgres' ? 'postgres' : 'sqlite';

/** The cluster's URL (a database of its own per location). */
export function clusterUrl(): string {
  const url = process.env['COOPCTL_TEST_PG_URL'];
  if (!url)
    throw new Error(
      'COOPCTL_TEST_PG_URL is not set: run the postgres project of vitest.config.ts (its globalSetup starts PostgreSQL)',
    );
  return url;
}

/** A PostgreSQL client whose 8-byte integers are numbers (the test data's fit). */
export function client(url: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, f?: 'text') => (oid === 20 ? Number : pg.types.getTypeParser(oid, f))) as never,
    },
  });
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = client(url);
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const made: Array<() => Promise<void> | void> = [];
let serial = 0;

/** A new, empty database for one store: a file path in a temp folder, or a PostgreSQL URL. Removed by `dropLocations`. */
export async function newLocation(): Promise<string> {
  if (BACKEND === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-store-'));
    made.push(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'coop.db');
  }
  const base = clusterUrl();
  const name = `coopctl_t${process.pid}_${++serial}`;
  await withClient(base, (c) => c.query(`CREATE DATABASE ${name}`));
  made.push(() =>
    withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  );
  return base.replace(/\/[^/?]*(\?.*)?$/, `/${name}`);
}

/** Removes every database `newLocation` made (after the stores on them are closed). */
export async function dropLocations(): Promise<void> {
  for (const drop of made.splice(0)) await drop();
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Where a store keeps its access audit: a SQLite database's is a file of its own beside it (`<file>.audit`). */
export const auditOf = (location: string): string => (BACKEND === 'sqlite' ? `${location}.audit` : location);

/** Rows of a read, on a connection of the test's own (committed data only). */
export async function query<T = Row>(location: string, sql: string, params: unknown[] = []): Promise<T[]> {
  if (BACKEND === 'sqlite') {
    const db = new Database(location, { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  return withClient(location, async (c) => (await c.query(numbered(sql), params)).rows as T[]);
}

/** Runs a write on a connection of the test's own. */
export async function exec(location: string, sql: string, params: unknown[] = []): Promise<void> {
  if (BACKEND === 'sqlite') {
    const db = new Database(location);
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  await withClient(location, (c) => c.query(numbered(sql), params));
}

/** Runs statements without parameters (a DDL script) on a connection of the test's own. */
export async function script(location: string, sql: string): Promise<void> {
  if (BACKEND === 'sqlite') {
    const db = new Database(location);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return;
  }
  await withClient(location, (c) => c.query(sql));
}

/** A digest of every row of every table but the access audit's, to show that something changed nothing. */
export async function checksum(location: string): Promise<string> {
  if (BACKEND === 'sqlite') return databaseChecksum(location);
  return withClient(location, async (c) => {
    const hash = createHash('sha256');
    const tables = await c.query<{ t: string }>(
      "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('audit', 'audit_key') ORDER BY tablename",
    );
    for (const { t } of tables.rows) {
      const rows = await c.query<{ r: string }>(`SELECT row_to_json(x)::text AS r FROM "${t}" x`);
      hash.update(
        `${t}\n${rows.rows
          .map((r) => r.r)
          .sort()
          .join('\n')}\n`,
      );
    }
    return hash.digest('hex');
  });
}

/** The first column of the first row of a read (undefined when there is no row), on a connection of the test's own. */
export async function value(location: string, sql: string, params: unknown[] = []): Promise<unknown> {
  const [row] = await query<Row>(location, sql, params);
  return row === undefined ? undefined : Object.values(row)[0];
}
