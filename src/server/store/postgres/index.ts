/**
 * The PostgreSQL implementation of the repository, for several server
 * processes sharing one database. Opening it takes a session advisory lock
 * (so that instances starting together wait for each other), applies the
 * migrations the database lacks and, for a new database, loads its first
 * data in the same transaction (so it is seeded exactly once, or not at all),
 * then releases the lock.
 */
import type { Pool, PoolClient } from 'pg';
import type { Repository } from '../types.js';
import { postgres } from '../sql/dialect.js';
import { migrations } from '../sql/migrations.js';
import { eachArea } from '../areas/index.js';
import { dataset, dumpTables, loadDataset, loadError, restoreTables } from '../areas/dataset.js';
import { pgUnavailable } from './faults.js';
import { schemaProblem } from '../schema-words.js';
import { StoreOpenError } from '../open-error.js';
import { openPool, transaction } from './pool.js';
import { runPlan } from './runner.js';
import { methods } from './methods.js';
import { pgAudit } from './audit.js';

/** The advisory lock key of coopctl's start-up ("coopctl" in ASCII, as a bigint). */
const START_LOCK = '27981246513787500';
/**
 * How long an instance starting waits for another one's start-up (migrating,
 * loading its first data or a copy of a SQLite store) to end: nothing is
 * served yet, so waiting blocks no request; a request's row lock waits
 * `lockWaitMs` (pool.ts).
 */
const START_WAIT = '60s';

/** This coopctl's schema version: how many migrations it has. */
export const SCHEMA_VERSION = migrations.length;

export function pgRepository(pool: Pool): Repository {
  return {
    ...eachArea((defs) => methods(pool, defs)),
    audit: pgAudit(pool),
    load: (data) =>
      transaction(pool, (c) => loadRows(c, data)).catch((err: unknown) => {
        throw pgUnavailable(err);
      }),
    dump: () =>
      transaction(pool, (c) => runPlan(c, dumpTables())).catch((err: unknown) => {
        throw pgUnavailable(err);
      }),
    restore: (dump) =>
      transaction(pool, (c) => runPlan(c, restoreTables(dump))).catch((err: unknown) => {
        throw pgUnavailable(loadError(postgres, err));
      }),
    describe: methods(pool, dataset).describe,
    close: () => pool.end(),
  };
}

/** Replaces everything stored with a dataset's rows, in the transaction of `c`. */
export async function loadRows(c: PoolClient, data: Parameters<typeof loadDataset>[0]): Promise<void> {
  try {
    await runPlan(c, loadDataset(data));
  } catch (err) {
    throw loadError(postgres, err);
  }
}

/** The schema version of the database (0: new), creating the version table when missing. */
async function versionOf(c: PoolClient): Promise<number> {
  await c.query('CREATE TABLE IF NOT EXISTS coopctl_schema_version (version integer NOT NULL)');
  const row = await c.query<{ version: number | null }>('SELECT max(version) AS version FROM coopctl_schema_version');
  return row.rows[0]?.version ?? 0;
}

export interface Opening {
  /** Fills a new database, in the transaction of its migrations. */
  readonly onNew?: (c: PoolClient) => Promise<void>;
  /** Work on a database that is not new, still under the start-up lock (in a transaction of its own). */
  readonly onExisting?: (c: PoolClient) => Promise<void>;
}

/** Runs `work` in a transaction on this client. */
async function inTransaction(c: PoolClient, work: () => Promise<void>): Promise<void> {
  await c.query('BEGIN');
  try {
    await work();
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
}

/**
 * Brings the database's schema up to date under the start-up lock; answers
 * the version it found (0: new). A new database's migrations and first data
 * are one transaction.
 */
export async function prepare(pool: Pool, opening: Opening): Promise<number> {
  const c = await pool.connect();
  let broken: Error | undefined;
  try {
    await c.query(`SET lock_timeout = '${START_WAIT}'`);
    await c.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK]);
    // The migrations' own locks wait as a request's do (the session's setting), not to hold up serving instances.
    await c.query('RESET lock_timeout');
    try {
      const version = await versionOf(c);
      if (version > SCHEMA_VERSION) throw new StoreOpenError(schemaProblem(version, SCHEMA_VERSION)!);
      await inTransaction(c, async () => {
        for (let v = version; v < SCHEMA_VERSION; v++) {
          await c.query(migrations[v]!(postgres));
          await c.query('INSERT INTO coopctl_schema_version (version) VALUES ($1)', [v + 1]);
        }
        if (version === 0) await opening.onNew?.(c);
      });
      const existing = opening.onExisting;
      if (version !== 0 && existing) await inTransaction(c, () => existing(c));
      return version;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1::bigint)', [START_LOCK]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    c.release(broken);
  }
}

export { openPool };
