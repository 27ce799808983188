/**
 * The serving connection's checkpoints, which leave no erased text behind.
 * SQLite's own (every 1,000 pages, at a commit) copies the `-wal` into the
 * database file and then writes the `-wal` again from its start, never
 * shortening it: the old pages it held, erased values among them (an e-mail
 * overwritten, a row deleted), stay readable in the file until overwritten,
 * and any copy of the file takes them. So the serving connection makes its
 * own, after the commit that finds 1,000 frames in the `-wal` (the wal-index
 * says: file-guard.ts) and after a dataset's load: `wal_checkpoint(RESTART)`
 * (every frame copied in and synced, and the next write starting the `-wal`
 * over), then, holding the write lock, the `-wal` overwritten with zeros and
 * synced, provided the index still says every frame is in the database file
 * (no other process wrote since). The database file's free pages are zeroed
 * by `secure_delete` (connection.ts).
 *
 * Zeros, rather than `wal_checkpoint(TRUNCATE)`: a `-wal` that grows again
 * from 0 costs a commit the file system's bookkeeping of its length and
 * blocks (measured on a loop of commits of three rows: 1.5 to 1.9 times the
 * system CPU of SQLite's own checkpoints; zeroing in place: 0.9 to 1.0), and
 * P4 (docs/performance.md). A reader in another process (`coopctl audit`,
 * `coopctl backup`) can hold a checkpoint off (busy: nothing waits); the next
 * commit tries again.
 */
import { closeSync, fdatasyncSync, fstatSync, openSync, writeSync } from 'node:fs';
import type { Db } from './connection.js';
import type { FileGuard } from './file-guard.js';

/** The frames the `-wal` holds before a checkpoint, as SQLite's default wal_autocheckpoint. */
export const CHECKPOINT_PAGES = 1000;

const ZEROS = Buffer.alloc(1 << 20);

/** Overwrites the whole file of descriptor `fd` with zeros, and syncs it. */
function zero(fd: number): void {
  const size = fstatSync(fd).size;
  for (let at = 0; at < size; at += ZEROS.length) writeSync(fd, ZEROS, 0, Math.min(ZEROS.length, size - at), at);
  fdatasyncSync(fd);
}

export interface Checkpoints {
  /** After each commit (group-commit.ts); `force`: whatever the `-wal` holds (after a dataset's load). */
  after(force?: boolean): void;
  /** Closes the descriptor kept on the `-wal` (SQLite keeps no lock on it: on the `-shm`). */
  close(): void;
}

/** SQLite's own checkpoints turned off on the database at `path`, and this server's (see the file's header). */
export function zeroingCheckpoints(db: Db, path: string, file: FileGuard, pages = CHECKPOINT_PAGES): Checkpoints {
  db.pragma('wal_autocheckpoint = 0');
  const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
  const begin = db.prepare('BEGIN IMMEDIATE');
  const rollback = db.prepare('ROLLBACK');
  let wal: number | undefined;
  let closed = false;
  return {
    after(force = false) {
      if (closed) return;
      const before = file.index();
      if (before === undefined || before.frames === 0 || (!force && before.frames < pages)) return;
      try {
        if ((restart.get() as { busy: number }).busy !== 0) return;
        wal ??= openSync(`${path}-wal`, 'r+');
        begin.run();
        try {
          const now = file.index();
          // Every frame in the database file, and the write lock ours: no frame to lose.
          if (now !== undefined && now.frames === now.backfilled) zero(wal);
        } finally {
          rollback.run();
        }
      } catch {
        // A storage fault, a lock held elsewhere: the write that meets it says so; the next commit tries again.
      }
    },
    close() {
      closed = true;
      if (wal !== undefined) closeSync(wal);
      wal = undefined;
    },
  };
}
