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
import { guardArea, LOCK_WAIT_MS, type WriteCheck } from './guard.js';
import { unavailable } from './faults.js';
import { sqliteAudit } from './audit.js';
import type { FileGuard } from './file-guard.js';

export { forServing, openDatabase } from './connection.js';
export { sqliteReadiness } from './readiness.js';

/** How many demo cards and provider locations `describe` answers. */
const DESCRIBED = 4;

export interface SqliteRepositoryOptions {
  /** How long a call retries while another process holds the lock (guard.ts). */
  readonly lockWaitMs?: number;
  readonly meter?: StoreMeter;
  /** The check that the database file is still the one opened (file-guard.ts), before every write. */
  readonly file?: FileGuard;
  /** Told of access-audit records lost after they were appended: their transaction failed to commit (group-commit.ts). */
  readonly auditLost?: (err: unknown, count: number) => void;
  /** The memory the registration records kept between writes may take (unchanged-cache.ts). */
  readonly readCacheBytes?: number;
}

/**
 * The repository on an opened database. Its areas' methods wait for a lock
 * held elsewhere on timers, at most `lockWaitMs`, and fail with
 * StoreUnavailable on a storage fault (guard.ts); every write first commits
 * the open window of access records and, with a file guard, checks that the
 * database file is still the one opened (file-guard.ts). The registration
 * records read are kept between writes in at most `readCacheBytes`
 * (unchanged-cache.ts).
 */
export function sqliteRepository(db: Db, options: SqliteRepositoryOptions = {}): Repository {
  const { lockWaitMs = LOCK_WAIT_MS, meter, file, auditLost, readCacheBytes = READ_CACHE_BYTES } = options;
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
  /** Rows that hold no data (the audit's), and whether the open transaction holds such rows alone (unchanged-cache.ts). */
  const notData = { count: 0, notesOpen: false };
  const fileCheck = file?.beforeWrite;
  const commit = groupCommit(db, {
    state: notData,
    ...(meter ? { meter } : {}),
    ...(fileCheck ? { beforeEach: fileCheck } : {}),
    ...(auditLost ? { lost: (err: unknown, count: number) => auditLost(unavailable(err), count) } : {}),
  });
  // A write in a transaction of its own commits the open window of access records first, then checks the file.
  const beforeWrite = () => {
    commit.settle();
    fileCheck?.();
  };
  const guard = <T extends object>(area: T, writes: ReadonlyArray<keyof T & string> = []): T =>
    guardArea(area, lockWaitMs, { writes, beforeWrite } satisfies WriteCheck<T>);
  return {
    registration: guard(sqliteRegistration(db, readCacheBytes, meter, notData), [
      'saveContact',
      'insertAddress',
      'updateAddress',
      'deleteAddress',
    ]),
    record: guard(sqliteRecord(db)),
    schedule: guard(sqliteSchedule(db), ['book', 'setAppointmentStatus']),
    enrol: guard(sqliteEnrol(db, commit), [
      'createContract',
      'setPayer',
      'addBeneficiary',
      'addEnrolmentRecord',
      'answerDeclaration',
      'setContractStatus',
      'setBeneficiaryStatus',
    ]),
    notify: guard(sqliteNotify(db), ['saveDevice', 'updateDevice', 'send']),
    audit: guard(sqliteAudit(db, commit, notData), ['purge', 'setKeyId']),
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
