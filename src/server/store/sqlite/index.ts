/** The SQLite implementation of the repository (better-sqlite3: synchronous calls behind an asynchronous interface). */
import { READ_CACHE_BYTES, type Repository, type StoreMeter } from '../types.js';
import type { Db } from './connection.js';
import { sqliteRegistration } from './registration.js';
import { sqliteRecord } from './record.js';
import { sqliteSchedule } from './schedule.js';
import { sqliteEnrol } from './enrol.js';
import { sqliteNotify } from './notify.js';
import { datasetLoader } from './load.js';
import { wireRow } from './values.js';
import { groupCommit } from './group-commit.js';
import { guardArea, LOCK_WAIT_MS } from './guard.js';

export { forServing, openDatabase } from './connection.js';
export { sqliteReadiness } from './readiness.js';

/** How many demo cards and provider locations `describe` answers. */
const DESCRIBED = 4;

/**
 * The repository on an opened database. Its areas' methods wait for a lock
 * held elsewhere on timers, at most `lockWaitMs`, and fail with
 * StoreUnavailable on a storage fault (guard.ts). The registration records read
 * are kept between writes in at most `readCacheBytes` (unchanged-cache.ts).
 */
export function sqliteRepository(
  db: Db,
  lockWaitMs = LOCK_WAIT_MS,
  meter?: StoreMeter,
  readCacheBytes = READ_CACHE_BYTES,
): Repository {
  const cards = db
    .prepare<[number], string>('SELECT card FROM beneficiary WHERE card IS NOT NULL ORDER BY id LIMIT ?')
    .pluck();
  const places = db
    .prepare<[number], { prest_cod_svc_card: number; cd_local: number; nm_local: string }>(
      `SELECT pl.provider AS prest_cod_svc_card, pl.cd_local, l.nm_local
         FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local ORDER BY pl.provider, pl.cd_local LIMIT ?`,
    )
    .safeIntegers();
  const load = datasetLoader(db);
  const commit = groupCommit(db, meter);
  const guard = <T extends object>(area: T): T => guardArea(area, lockWaitMs);
  return {
    registration: guard(sqliteRegistration(db, readCacheBytes, meter)),
    record: guard(sqliteRecord(db)),
    schedule: guard(sqliteSchedule(db)),
    enrol: guard(sqliteEnrol(db, commit)),
    notify: guard(sqliteNotify(db)),
    load: async (rows) => load(rows),
    describe: async () => ({
      cards: cards.all(DESCRIBED),
      providers: places.all(DESCRIBED).map((p) => {
        const row = wireRow(p);
        return { ...row, prest_cod_svc_card: Number(row.prest_cod_svc_card), cd_local: Number(row.cd_local) };
      }),
    }),
    close: async () => {
      commit.flush();
      db.close();
    },
  };
}
