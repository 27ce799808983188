/**
 * The store: a database behind the repository interfaces (types.ts). It knows
 * nothing of the handlers: the server's start-up binds them to it (wire.ts).
 * The dataset modules (fixture schema, demo generator) are loaded only when a
 * dataset is loaded, so that opening an existing database stays cheap.
 */
import type { OpenStoreOptions, Repository, Store } from './types.js';
import type { DatasetRows } from './datasets/rows.js';
import { storeLocation, UnsupportedLocation } from './location.js';
import { forServing, openDatabase, sqliteReadiness, sqliteRepository } from './sqlite/index.js';
import { migrations } from './sql/migrations.js';
import { fileGuard } from './sqlite/file-guard.js';
import type { WriteHealth } from './sqlite/readiness.js';
import { isoDate } from '../../catalogue/dates.js';
import { datasetRows } from './datasets/rows.js';

export type {
  AuditFilter,
  AuditRecord,
  AuditRepository,
  AuditRow,
  OpenStoreOptions,
  PoolStats,
  Readiness,
  Repository,
  Store,
  StoreMeter,
} from './types.js';
import * as lazy from '../lazy.js';
export { FixturesError } from './datasets/fixtures-error.js';
export { StoreOpenError } from './open-error.js';
export { REASON_TEXT, StoreUnavailable, type UnavailableReason } from './unavailable.js';
export { faultOf } from './sqlite/faults.js';
export { maskUrl, storeLocation, UnsupportedLocation, type StoreLocation } from './location.js';

/**
 * Opens the SQLite database at `options.path` (created and migrated as
 * needed), or the PostgreSQL database of a `postgres://` URL (postgres/open.ts:
 * migrated under a lock, for several server processes). With `fixtures`, everything stored is replaced by that document
 * (docs/fixtures.md); otherwise, with `demo`, a new database gets the demo dataset.
 * Throws FixturesError for a fixtures document that cannot be loaded, leaving
 * the database as it was. Once open, a request never blocks on a lock another
 * process holds: it is tried again on timers, then fails with StoreUnavailable.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const now = options.now ?? (() => new Date());
  const location = storeLocation(options.path);
  if (location.kind === 'postgres') {
    const { openPostgresStore } = await lazy.postgresStore();
    return openPostgresStore(location.url, options, (created) => datasetFor(options, created, now()));
  }
  if (options.importSqlite !== undefined) throw new UnsupportedLocation('--import-sqlite needs a PostgreSQL --db URL');
  const { db, created, found } = openDatabase(options.path, options.expectData === true);
  const file = fileGuard(
    options.path,
    db.pragma('page_size', { simple: true }) as number,
    options.fileDamage ? { told: options.fileDamage } : {},
  );
  const health: WriteHealth = { fault: undefined, probe: undefined };
  const repo = sqliteRepository(db, {
    ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }),
    ...(options.meter ? { meter: options.meter } : {}),
    ...(file ? { file } : {}),
    ...(options.checkpointPages === undefined ? {} : { checkpointPages: options.checkpointPages }),
    ...(options.auditLost ? { auditLost: options.auditLost } : {}),
    ...(options.readCacheBytes === undefined ? {} : { readCacheBytes: options.readCacheBytes }),
    health,
    ...(options.path === ':memory:' || options.path === '' ? {} : { path: options.path }),
    ...(options.pragmas ? { pragmas: options.pragmas } : {}),
  });
  try {
    await seed(repo, options, created, now());
    forServing(db, options.pragmas);
  } catch (err) {
    await repo.close();
    throw err;
  }
  return {
    repo,
    created,
    schema: { found, current: migrations.length },
    describeDemo: () => repo.describe(),
    check: sqliteReadiness(db, options.path, file, health),
    close: () => repo.close(),
  };
}

/** The rows an opening loads: the fixtures given, or the demo dataset for a new database when asked; else none. */
export async function datasetFor(
  options: OpenStoreOptions,
  created: boolean,
  now: Date,
): Promise<DatasetRows | undefined> {
  if (options.fixtures !== undefined) {
    const { parseFixtures } = await lazy.fixtures();
    return datasetRows(parseFixtures(options.fixtures), isoDate(now));
  }
  if (options.demo && created) {
    const { demoDataset } = await lazy.demoDataset();
    return datasetRows(demoDataset(now), isoDate(now));
  }
  return undefined;
}

async function seed(repo: Repository, options: OpenStoreOptions, created: boolean, now: Date): Promise<void> {
  const rows = await datasetFor(options, created, now);
  if (rows) await repo.load(rows);
}
