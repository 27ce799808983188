/**
 * Whether a SQLite store can serve (GET /readyz): its files are still the
 * ones opened and whole (file-guard.ts: not moved, deleted, replaced or
 * truncated), the database file still readable and writable by this process,
 * and the database answers with this coopctl's schema; and, once a write was
 * refused for a full disk, an I/O error or a read-only file, not before there
 * is room again (a full disk) and a write of its own commits. Never waits on
 * a lock (the serving connection has busy_timeout 0); the file checks are
 * asynchronous.
 */
import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Said } from '../../../catalogue/lang.js';
import { schemaProblem } from '../schema-words.js';
import type { Readiness } from '../types.js';
import { readiness, unavailable } from '../../words.js';
import type { Db } from './connection.js';
import { faultOf } from './faults.js';
import type { FileChange, FileGuard } from './file-guard.js';
import { migrations } from '../sql/migrations.js';
import type { UnavailableReason } from '../unavailable.js';

/**
 * The storage fault that refuses writes, as the store last met it (a full disk, an I/O error, a read-only file),
 * and a write that tries again (a statement that rewrites the schema version, as it is: a page through the WAL).
 */
export interface WriteHealth {
  fault: UnavailableReason | undefined;
  probe: (() => Promise<void>) | undefined;
}

/** Free space below which a full disk is still full: a few pages, and the -wal's frames for them. */
const ROOM_BYTES = 1024 * 1024;

const READY: Readiness = { ready: true };
const notReady = (reason: Said): Readiness => ({ ready: false, reason });

const CHANGES: Record<Exclude<FileChange, undefined>, Said> = {
  missing: readiness.fileMissing,
  replaced: readiness.fileReplaced,
  shrunk: readiness.shrunk,
  walTruncated: readiness.walTruncated,
  walReplaced: readiness.walReplaced,
};

/** Whether the database may grow by a page: room on the disk and under its max_page_count. */
async function room(db: Db, path: string): Promise<boolean> {
  const max = db.pragma('max_page_count', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  if (pages >= max && free === 0) return false;
  if (path === ':memory:' || path === '') return true;
  const fs = await statfs(dirname(path)).catch(() => undefined);
  return fs === undefined || fs.bavail * fs.bsize >= ROOM_BYTES;
}

/**
 * Whether the fault that refused writes is over: there is room again (a full disk), and a write commits. Clears
 * `health.fault` when it is; a lock held elsewhere proves nothing (the fault stays).
 */
async function writesAgain(db: Db, path: string, health: WriteHealth): Promise<Readiness> {
  const fault = health.fault!;
  if (fault === 'full' && !(await room(db, path))) return notReady(unavailable.full[0]);
  try {
    await health.probe?.();
    health.fault = undefined;
    return READY;
  } catch (err) {
    const reason = faultOf(err) ?? (err as { reason?: UnavailableReason }).reason;
    if (reason !== undefined && reason !== 'busy') health.fault = reason;
    return notReady(unavailable[health.fault!][0]);
  }
}

/**
 * The check of the database opened at `path` with its file guard (none for `:memory:`, which has no file);
 * `health` tells the storage fault that refused the last writes, if any.
 */
export function sqliteReadiness(
  db: Db,
  path: string,
  file: FileGuard | undefined,
  health: WriteHealth,
): () => Promise<Readiness> {
  return async () => {
    if (file !== undefined) {
      const change = await file.change();
      if (change !== undefined) return notReady(CHANGES[change]);
      const usable = await access(path, constants.R_OK | constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!usable) return notReady(readiness.fileUnusable);
      file.beforeRead();
    }
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      const problem = schemaProblem(version, migrations.length);
      if (problem !== undefined) return notReady(problem);
    } catch (err) {
      const reason = faultOf(err);
      return notReady(reason ? unavailable[reason][0] : readiness.silent);
    }
    return health.fault === undefined ? READY : writesAgain(db, path, health);
  };
}
