/**
 * Answers kept while the database is unchanged (the hot read of
 * `buscadadosusuario`, docs/performance.md). Every look-up first asks SQLite
 * whether anything was committed since the entries were stored, and drops them
 * all when it was:
 *
 * - `PRAGMA data_version` changes when another connection commits, this
 *   process's or another process's on the same file (two `coopctl serve`
 *   processes may share one SQLite file);
 * - `total_changes()` counts the rows this connection's own statements
 *   changed: every write of the repository changes rows (schema changes run
 *   when the database is opened, before anything is cached).
 *
 * The version is read before the value it labels (the caller's read comes
 * after `get`), so an entry is never newer-labelled than what it holds: a
 * commit between the two reads leaves an entry that the next look-up drops.
 * Nothing is cached while this connection is inside a transaction. The check
 * is a read transaction of its own (about 2 µs: the WAL read lock), cheaper
 * than the statements it saves; it never waits on a lock (busy_timeout 0).
 */
import type { Db } from './connection.js';

export interface UnchangedCache {
  /** The value stored under `key`, if nothing was committed since; clears everything when something was. */
  get(key: string): string | undefined;
  /** Stores a value read after the `get` that missed it. */
  set(key: string, value: string): void;
}

/** A cache of at most `limit` entries (when full, it starts again empty). */
export function unchangedCache(db: Db, limit: number): UnchangedCache {
  const version = db.prepare<[], number>('PRAGMA data_version').pluck();
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const entries = new Map<string, string>();
  let seenVersion = -1;
  let seenChanges = -1;
  /** Whether the entries were stored at the database's present state. */
  let valid = false;
  return {
    get(key) {
      if (db.inTransaction) {
        valid = false;
        return undefined;
      }
      const v = version.get()!;
      const c = changes.get()!;
      if (v === seenVersion && c === seenChanges && valid) return entries.get(key);
      entries.clear();
      seenVersion = v;
      seenChanges = c;
      valid = true;
      return undefined;
    },
    set(key, value) {
      if (!valid || db.inTransaction) return;
      if (entries.size >= limit) entries.clear();
      entries.set(key, value);
    },
  };
}
