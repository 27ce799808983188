/**
 * Answers kept while the database is unchanged (the hot read of
 * `buscadadosusuario`, docs/performance.md). A look-up that finds an entry
 * first asks SQLite whether anything was committed since the entries were
 * stored, and drops them all when it was:
 *
 * - `PRAGMA data_version` changes when another connection commits, this
 *   process's or another process's on the same file (two `coopctl serve`
 *   processes may share one SQLite file);
 * - `total_changes()` counts the rows this connection's own statements
 *   changed: every write of the repository changes rows (schema changes run
 *   when the database is opened, before anything is cached), less the rows
 *   that hold no data (`ignored`: the access audit's records, which every
 *   audited read appends; another process's audit writes do clear it).
 *
 * Every entry is read from the database after the last check (the caller's
 * read comes after the `get` that missed it), so it is at least as new as the
 * state that check saw: a commit before or after that read changes the state,
 * and the next look-up that finds an entry drops them all. So a look-up that
 * finds nothing needs no check (the caller reads the database anyway), except
 * the first, which sets the state the entries are checked against; entries
 * cost a check only when they save a statement.
 * Nothing is cached while this connection is inside a transaction, but the
 * one that holds the access audit's records alone (its reads see the data as
 * committed: no other connection can commit while it holds the lock). The check
 * is a read transaction of its own (about 2 µs: the WAL read lock), cheaper
 * than the statements it saves; it never waits on a lock (busy_timeout 0).
 */
import type { StoreMeter } from '../types.js';
import type { Db } from './connection.js';

/** Rows this connection changed that hold no data (the audit's records, added and purged), counted by whoever changes them. */
export interface ChangeCount {
  count: number;
  /** The connection's open transaction holds such rows alone (the access audit's, group-commit.ts): its reads see the committed data. */
  notesOpen?: boolean;
}

export interface UnchangedCache {
  /** The value stored under `key`, if nothing was committed since; clears everything when something was. */
  get(key: string): string | undefined;
  /** Stores a value read after the `get` that missed it, if its key was missed before (see below). */
  set(key: string, value: string): void;
}

/**
 * The memory an entry is counted for: its key and value (one byte a character, as V8 keeps Latin-1 text; the
 * records' JSON is that unless a name has characters beyond it) and the Map entry and string headers around them.
 */
const entryBytes = (key: string, value: string): number => key.length + value.length + 96;

/**
 * A cache of at most `maxBytes` of entries (entryBytes); when full, the oldest entries make room. A value is
 * kept the second time its key misses, not the first: reads spread over many keys (random cards over a large
 * database) would otherwise fill it with values read once, each surviving long enough to reach V8's old space
 * before it is dropped (measured: +47 MB of peak RSS on 100,000 beneficiaries). `maxBytes` 0: nothing is kept.
 * `meter` is told of every look-up, found or not; `ignored` counts the rows that hold no data.
 */
export function unchangedCache(
  db: Db,
  maxBytes: number,
  meter?: StoreMeter,
  ignored: ChangeCount = { count: 0 },
): UnchangedCache {
  const version = db.prepare<[], number>('PRAGMA data_version').pluck();
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const entries = new Map<string, string>();
  let bytes = 0;
  /** Keys that missed once (short strings: their churn costs little), bounded as about as many as fit. */
  const missed = new Set<string>();
  const maxMissed = Math.ceil(maxBytes / 256);
  let seenVersion = -1;
  let seenChanges = -1;
  /** Whether the entries were stored at the database's present state. */
  let valid = false;
  const clear = (): void => {
    entries.clear();
    bytes = 0;
  };
  /** Inside a transaction that may hold data not committed (any but the audit's window of records). */
  const uncommitted = () => db.inTransaction && !ignored.notesOpen;
  const lookUp = (key: string): string | undefined => {
    if (uncommitted()) {
      valid = false;
      return undefined;
    }
    if (valid && !entries.has(key)) return undefined;
    const v = version.get()!;
    const c = changes.get()! - ignored.count;
    if (v === seenVersion && c === seenChanges && valid) return entries.get(key);
    clear();
    seenVersion = v;
    seenChanges = c;
    valid = true;
    return undefined;
  };
  return {
    get(key) {
      if (maxBytes === 0) {
        meter?.cacheRead?.(false);
        return undefined;
      }
      const found = lookUp(key);
      meter?.cacheRead?.(found !== undefined);
      return found;
    },
    set(key, value) {
      if (maxBytes === 0 || !valid || uncommitted()) return;
      if (!missed.has(key)) {
        if (missed.size >= maxMissed) missed.clear();
        missed.add(key);
        return;
      }
      const size = entryBytes(key, value);
      if (size > maxBytes) return;
      // The oldest first: a Map iterates in insertion order.
      for (const [old, text] of entries) {
        if (bytes + size <= maxBytes) break;
        entries.delete(old);
        bytes -= entryBytes(old, text);
      }
      entries.set(key, value);
      bytes += size;
    },
  };
}
