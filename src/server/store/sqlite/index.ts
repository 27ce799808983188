/**
 * The SQLite implementation of the repository (better-sqlite3: synchronous
 * calls behind an asynchronous interface): the areas' methods (areas/), run
 * synchronously (runner.ts, methods.ts). Every write is a unit of the group
 * commit (group-commit.ts): the writes of one turn of the event loop share one
 * transaction and one fsync, and the access audit's records a window of their
 * own. The hot read answers at once, and its answers are kept while the
 * database is unchanged (unchanged-cache.ts).
 */
import { READ_CACHE_BYTES, type Repository, type StoreMeter } from '../types.js';
import { StoreUnavailable, type UnavailableReason } from '../unavailable.js';
import type { Methods } from '../sql/define.js';
import { sqlite } from '../sql/dialect.js';
import { eachArea } from '../areas/index.js';
import { dataset, dumpTables, loadDataset, loadError, restoreTables } from '../areas/dataset.js';
import type { Db } from './connection.js';
import { groupCommit } from './group-commit.js';
import { guardArea, LOCK_WAIT_MS } from './guard.js';
import { unavailable } from './faults.js';
import { sqliteAudit } from './audit.js';
import { fileAudit } from './audit-file.js';
import { moveAuditInto, openAuditFile } from './audit-file-open.js';
import type { FileGuard } from './file-guard.js';
import type { WriteHealth } from './readiness.js';
import { migrations } from '../sql/migrations.js';
import { type Keeping, methods } from './methods.js';
import { sqliteRunner } from './runner.js';
import { truncatingCheckpoints } from './checkpoint.js';

export { forServing, openDatabase } from './connection.js';
export { sqliteReadiness } from './readiness.js';

export interface SqliteRepositoryOptions {
  /** How long a call retries while another process holds the lock (guard.ts). */
  readonly lockWaitMs?: number;
  readonly meter?: StoreMeter;
  /**
   * The check that the database's files are still the ones opened, and whole (file-guard.ts), before every write
   * transaction (the `-shm`'s before every call); with it, the checkpoints truncate the `-wal` (checkpoint.ts).
   */
  readonly file?: FileGuard;
  /** The frames of the `-wal` after which a commit checkpoints it (checkpoint.ts). */
  readonly checkpointPages?: number;
  /** Told of access-audit records lost after they were appended: their transaction failed to commit (group-commit.ts). */
  readonly auditLost?: (err: unknown, count: number) => void;
  /** The memory the hot read's answers kept between writes may take (unchanged-cache.ts). */
  readonly readCacheBytes?: number;
  /** Where the storage faults that refuse writes are told, and given the write that tries again (readiness.ts). */
  readonly health?: WriteHealth;
  /** The database's file: its access audit is then in a file of its own beside it (audit-file.ts). */
  readonly path?: string;
  /** Pragmas for serving (tests simulate a full disk or a read-only file with them): the audit's writer runs them too. */
  readonly pragmas?: readonly string[];
}

/**
 * The repository on an opened database. Its areas' methods wait for a lock
 * held elsewhere on timers, at most `lockWaitMs`, and fail with
 * StoreUnavailable on a storage fault (guard.ts); every transaction of writes
 * first commits the open window of access records and, with a file guard,
 * checks that the database file is still the one opened (file-guard.ts). The
 * hot read's answers are kept between writes in at most `readCacheBytes`
 * (unchanged-cache.ts).
 */
export function sqliteRepository(db: Db, options: SqliteRepositoryOptions = {}): Repository {
  const { lockWaitMs = LOCK_WAIT_MS, meter, file, auditLost, readCacheBytes = READ_CACHE_BYTES, health } = options;
  const run = sqliteRunner(db);
  /** Rows that hold no data (the audit's), and whether the open transaction holds such rows alone (unchanged-cache.ts). */
  const notData = { count: 0, notesOpen: false };
  const checkpoint = file ? truncatingCheckpoints(db, file, options.checkpointPages) : undefined;
  const commit = groupCommit(db, {
    state: notData,
    ...(meter ? { meter } : {}),
    ...(file ? { beforeEach: file.beforeWrite, beforeNotes: file.beforeRead } : {}),
    ...(checkpoint ? { afterEach: () => checkpoint() } : {}),
    ...(auditLost ? { lost: (err: unknown, count: number) => auditLost(unavailable(err), count) } : {}),
  });
  if (file) file.healed = () => commit.abandon(new StoreUnavailable('damaged'));
  const keeping: Keeping = { bytes: readCacheBytes, meter, notData };
  if (health) {
    const rewrite = db.prepare(`PRAGMA user_version = ${migrations.length}`);
    health.probe = () => commit.run(() => rewrite.run()).then(() => undefined);
  }
  const hooks = {
    before: file?.beforeRead,
    fault: health
      ? (reason: UnavailableReason) => {
          health.fault = reason;
        }
      : undefined,
  };
  const area = <D extends object>(defs: D): Methods<D> =>
    guardArea(methods(db, defs, run, commit, keeping), lockWaitMs, hooks);
  const own =
    options.path === undefined ? undefined : ownAuditFile(db, options.path, options.pragmas ?? [], file?.beforeWrite);
  return {
    ...eachArea(area),
    audit: guardArea(own?.repo ?? sqliteAudit(db, commit, notData, run), lockWaitMs, hooks),
    load: async (rows) => {
      try {
        commit.settle();
        db.transaction(() => run(loadDataset(rows))).immediate();
      } catch (err) {
        throw loadError(sqlite, err);
      }
      checkpoint?.(true);
    },
    dump: async () => {
      commit.settle();
      return db.transaction(() => run(dumpTables()))();
    },
    restore: async (dump) => {
      try {
        commit.settle();
        db.transaction(() => run(restoreTables(dump))).immediate();
      } catch (err) {
        throw loadError(sqlite, err);
      }
    },
    describe: area(dataset).describe,
    close: async () => {
      commit.flush();
      await own?.close();
      db.close();
      file?.close();
    },
  };
}

/** The audit in its own file beside the database, the records the database kept itself moved into it. */
function ownAuditFile(
  db: Db,
  path: string,
  pragmas: readonly string[],
  check: (() => void) | undefined,
): ReturnType<typeof fileAudit> {
  const audit = openAuditFile(path);
  try {
    moveAuditInto(audit, db, path);
    return fileAudit(audit, path, pragmas, check);
  } catch (err) {
    audit.close();
    throw err;
  }
}
