/**
 * Opening a PostgreSQL store: the pool, the schema brought up to date under
 * the start-up lock, and the first data of a new database (the demo dataset,
 * fixtures, or a copy of a SQLite store) in the same transaction. Loaded only
 * for a PostgreSQL URL (it brings in the driver).
 */
import type { PoolClient } from 'pg';
import { DB_TIMEOUT_MS, type OpenStoreOptions, type Store } from '../types.js';
import type { DatasetRows } from '../datasets/rows.js';
import { FixturesError } from '../datasets/fixtures-error.js';
import { start } from '../../words.js';
import { StoreOpenError } from '../open-error.js';
import { StoreUnavailable } from '../unavailable.js';
import { pgFault, pgUnavailable } from './faults.js';
import { loadRows, openPool, pgRepository, prepare, SCHEMA_VERSION } from './index.js';
import { sqlState } from './pool.js';
import { pgReadiness } from './readiness.js';
import { LOCK_WAIT_MS } from '../sqlite/guard.js';
import * as lazy from '../../lazy.js';

/** What a store opening loads: the dataset rows (demo or fixtures) it was asked for, made when needed. */
export type DatasetFor = (created: boolean) => Promise<DatasetRows | undefined>;

export async function openPostgresStore(
  url: string,
  options: OpenStoreOptions,
  datasetFor: DatasetFor,
): Promise<Store> {
  const lockWaitMs = options.lockWaitMs ?? LOCK_WAIT_MS;
  const pool = await openPool({
    url,
    lockWaitMs,
    timeoutMs: options.dbTimeoutMs ?? DB_TIMEOUT_MS,
    ...(options.meter ? { meter: options.meter } : {}),
  });
  const repo = pgRepository(pool);
  const importFrom = options.importSqlite;
  // Start-up's migrations and first data (a demo load, a whole SQLite copy) on a connection of their own, unbounded:
  // nothing is served yet.
  const setup = await openPool({ url, lockWaitMs, size: 1 });
  try {
    const found = await prepare(setup, {
      onNew: async (c: PoolClient) => {
        if (importFrom !== undefined) {
          const { copySqlite } = await lazy.sqliteImport();
          await copySqlite(importFrom, c);
          return;
        }
        const rows = await datasetFor(true);
        if (rows) await loadRows(c, rows);
      },
      onExisting: async (c: PoolClient) => {
        if (importFrom !== undefined) throw new StoreOpenError(start.importNotEmpty);
        const rows = await datasetFor(false);
        if (rows) await loadRows(c, rows);
      },
    });
    await setup.end();
    return {
      repo,
      created: found === 0,
      schema: { found, current: SCHEMA_VERSION },
      describeDemo: () => repo.describe(),
      check: pgReadiness(pool),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => repo.close(),
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    await setup.end().catch(() => undefined);
    if (err instanceof FixturesError || err instanceof StoreOpenError || err instanceof StoreUnavailable) throw err;
    if (pgFault(err) !== undefined) throw pgUnavailable(err);
    // PostgreSQL's own reason (authentication failed, no such database, no permission); it never holds the password.
    if (sqlState(err) !== undefined) throw new StoreOpenError((err as Error).message);
    throw err;
  }
}
