/** Opening a SQLite database the way the store needs it: durable settings and a current schema. */
import { accessSync, constants } from 'node:fs';
import type Database from 'better-sqlite3';
import { StoreUnavailable } from '../unavailable.js';
import { StoreOpenError } from '../open-error.js';
import { schemaProblem } from '../schema-words.js';
import { sqliteBinding } from './binding.js';
import { sqlite } from '../sql/dialect.js';
import { migrations } from '../sql/migrations.js';
import { createPrivateFile } from './private-file.js';
import { start } from '../../words.js';

export type Db = Database.Database;

export interface Opened {
  readonly db: Db;
  /** True when this open created the schema (the database was new). */
  readonly created: boolean;
  /** The schema version this open found (0: new); it left the database at `migrations.length`. */
  readonly found: number;
}

/**
 * How long start-up waits for a lock another process holds (migrating,
 * loading a dataset): nothing is served yet, so waiting blocks no request.
 */
const START_LOCK_WAIT_MS = 5000;

/**
 * Opens (or creates, private to its owner) the database at `path` (`:memory:`
 * for a throwaway one) and brings its schema up to date. `expectData`: the
 * database held data before (its audit key says so), so a file without a
 * schema (empty, or a header alone: its data lost) is refused with a
 * StoreOpenError rather than made a new database.
 */
export function openDatabase(path: string, expectData = false): Opened {
  const Binding = sqliteBinding();
  if (path !== ':memory:' && path !== '') {
    createPrivateFile(path);
    refuseReadOnly(path);
  }
  const db = new Binding(path, { timeout: START_LOCK_WAIT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // Deleted and overwritten values are zeroed in the file, not left readable in free space (grep -a).
    db.pragma('secure_delete = ON');
    if (expectData && (db.pragma('user_version', { simple: true }) as number) === 0)
      throw new StoreOpenError(start.noData);
    const found = migrate(db);
    return { db, created: found === 0, found };
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * A file this process may not write (its mode, or a read-only file system)
 * would open read-only without a word and answer every write 503: refused
 * at start instead (StoreUnavailable 'readonly', exit 1 with the reason).
 */
function refuseReadOnly(path: string): void {
  try {
    accessSync(path, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') throw new StoreUnavailable('readonly');
    throw err;
  }
}

/**
 * The serving connection's page cache, in KiB: SQLite's own default (2,000 KiB) rather than better-sqlite3's
 * (16,000 KiB, which it builds SQLite with). On a large database the bigger one fills with pages read once and is
 * resident memory the server's budget counts (16 MB of P5's 150); the pages a read needs again (the B-trees' upper
 * levels) fit in the smaller one, and the rest come from the OS's file cache either way (docs/performance.md,
 * "the server's RSS on 1,000,000 rows").
 */
export const SERVING_CACHE_KIB = 2000;

/**
 * Readies an opened database for serving requests: a statement that needs a
 * lock another process holds fails at once instead of blocking the event
 * loop (the repository tries it again on timers: guard.ts); its page cache
 * at SERVING_CACHE_KIB; then `pragmas` (tests simulate a full disk or a
 * read-only file with them).
 */
export function forServing(db: Db, pragmas: readonly string[] = []): void {
  db.pragma('busy_timeout = 0');
  db.pragma(`cache_size = -${SERVING_CACHE_KIB}`);
  for (const pragma of pragmas) db.pragma(pragma);
}

/**
 * Applies the migrations the database lacks, in one IMMEDIATE transaction
 * that reads the version again once it holds the write lock: of processes
 * opening a new file together, one migrates it and the others wait (up to the
 * start-up timeout), then find it current. Answers the version this open
 * found (0: this open created the schema).
 */
function migrate(db: Db): number {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const check = (v: number) => {
    if (v > migrations.length) throw new StoreOpenError(schemaProblem(v, migrations.length)!);
  };
  const seen = version();
  check(seen);
  if (seen === migrations.length) return seen;
  return db
    .transaction(() => {
      const had = version();
      check(had);
      for (let v = had; v < migrations.length; v++) db.exec(migrations[v]!(sqlite));
      db.pragma(`user_version = ${migrations.length}`);
      return had;
    })
    .immediate();
}
