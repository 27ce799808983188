/**
 * The serving connection's checkpoints, which leave no erased text behind.
 * SQLite's own (every 1,000 pages, at a commit) copies the `-wal` into the
 * database file and then writes the `-wal` again from its start, never
 * shortening it: the old pages it held, erased values among them (an e-mail
 * overwritten, a row deleted), stay readable in the file until overwritten,
 * and any copy of the file takes them. So the serving connection makes its
 * own, after the commit that finds 1,000 frames in the `-wal` (the wal-index
 * says: file-guard.ts) and after a dataset's load: `wal_checkpoint(TRUNCATE)`,
 * every frame copied in and synced, then the `-wal` truncated to 0 bytes. The
 * database file's free pages are zeroed by `secure_delete` (connection.ts).
 *
 * Truncated rather than zeroed in place (RESTART, then zeros over the whole
 * `-wal` under the write lock): measured on P4 side by side, truncating gave
 * 1.78 times the writes/s of zeroing at 0.73 times the CPU per write, the 4 MB
 * of zeros being as much I/O again as the frames (docs/performance.md). A
 * reader in another process (`coopctl audit`, `coopctl backup`) can hold a
 * checkpoint off (busy: nothing waits); the next commit tries again.
 */
import type { Db } from './connection.js';
import type { FileGuard } from './file-guard.js';

/** The frames the `-wal` holds before a checkpoint, as SQLite's default wal_autocheckpoint. */
export const CHECKPOINT_PAGES = 1000;

/**
 * SQLite's own checkpoints turned off on `db`, and this server's (see the file's header), to run after each commit
 * (group-commit.ts); `force`: whatever the `-wal` holds (after a dataset's load).
 */
export function truncatingCheckpoints(db: Db, file: FileGuard, pages = CHECKPOINT_PAGES): (force?: boolean) => void {
  db.pragma('wal_autocheckpoint = 0');
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
  return (force = false) => {
    const index = file.index();
    if (index === undefined || index.frames === 0 || (!force && index.frames < pages)) return;
    try {
      if ((checkpoint.get() as { busy: number }).busy === 0) file.checkpointed();
    } catch {
      // A storage fault, a lock held elsewhere: the write that meets it says so; the next commit tries again.
    }
  };
}
