/**
 * `coopctl serve --db postgres://… --import-sqlite FILE`: a SQLite store
 * copied, table by table and column for column (both schemas are made by the
 * same numbered migrations), into a new PostgreSQL database, inside the
 * transaction that creates its schema: the copy is whole or not at all. The
 * SQLite file is first brought to the current schema (as `coopctl serve
 * --db FILE` would), then read; integers travel exactly (as bigints).
 */
import { existsSync } from 'node:fs';
import type { PoolClient } from 'pg';
import { openDatabase } from '../sqlite/connection.js';
import { start } from '../../words.js';
import { StoreOpenError } from '../open-error.js';
import { insertMany } from '../areas/dataset.js';
import { postgres } from '../sql/dialect.js';
import { TABLES } from '../sql/migrations.js';
import { exec, oneOff } from '../sql/query.js';
import { runPlan } from './runner.js';

/** Rows sent per INSERT batch. */
const BATCH = 2000;

/** Copies the SQLite store at `file` into the (new, empty) PostgreSQL database of `c`; answers the rows copied per table. */
export async function copySqlite(file: string, c: PoolClient): Promise<Record<string, number>> {
  if (!existsSync(file)) throw new StoreOpenError(start.importMissing(file));
  let opened: ReturnType<typeof openDatabase>;
  try {
    opened = openDatabase(file);
  } catch (err) {
    throw new StoreOpenError(start.importUnreadable(file, (err as Error).message));
  }
  const { db } = opened;
  const counts: Record<string, number> = {};
  try {
    await c.query('TRUNCATE counter');
    for (const table of TABLES) {
      const stmt = db.prepare(`SELECT * FROM ${table}`).safeIntegers().raw();
      const columns = stmt.columns().map((col) => col.name);
      let batch: unknown[][] = [];
      counts[table] = 0;
      for (const row of stmt.iterate() as IterableIterator<unknown[]>) {
        batch.push(row);
        if (batch.length === BATCH) {
          await runPlan(c, insertMany(table, columns, batch));
          counts[table] += batch.length;
          batch = [];
        }
      }
      await runPlan(c, insertMany(table, columns, batch));
      counts[table] += batch.length;
    }
  } finally {
    db.close();
  }
  await c.query("INSERT INTO counter (name, value) VALUES ('lote', 0), ('movimento', 0) ON CONFLICT (name) DO NOTHING");
  await runPlan(c, exec(oneOff(postgres.afterLoad)));
  return counts;
}
