/**
 * The serving connection's checkpoints, which leave no erased text behind.
 * SQLite's own (every 1,000 pages, at a commit) copies the `-wal` into the
 * database file and then writes the `-wal` again from its start, never
 * truncating it: the old pages it held, erased values among them (an e-mail
 * overwritten, a row deleted), stay readable in the file until overwritten,
 * and any copy of the file takes them. So the serving connection makes its
 * own, after the commit that finds the `-wal` past those 1,000 pages:
 * `wal_checkpoint(TRUNCATE)`, which leaves the `-wal` empty (0 bytes); the
 * database file's free pages are zeroed by `secure_delete` (connection.ts).
 * A reader in another process (`coopctl audit`, `coopctl backup`) can hold
 * it off (busy: nothing waits); the next commit tries again.
 */
import type { Db } from './connection.js';
import type { FileGuard } from './file-guard.js';

/** The pages the `-wal` holds before a checkpoint, as SQLite's default wal_autocheckpoint. */
export const CHECKPOINT_PAGES = 1000;

/**
 * SQLite's own checkpoints turned off on `db`, and the check to run after each commit (group-commit.ts); `force`:
 * whatever the `-wal` holds (after a dataset's load).
 */
export function truncatingCheckpoints(db: Db, file: FileGuard): (force?: boolean) => void {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const limit = 32 + CHECKPOINT_PAGES * (pageSize + 24);
  db.pragma('wal_autocheckpoint = 0');
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
  return (force = false) => {
    if (!force && file.walBytes() < limit) return;
    try {
      const { busy } = checkpoint.get() as { busy: number };
      if (busy === 0) file.truncated();
    } catch {
      // A storage fault: the write that meets it says so; the next commit tries again.
    }
  };
}
