/** Opening a SQLite database the way the store needs it: durable settings and a current schema. */
import Database from 'better-sqlite3';
import { migrations } from './migrations.js';

export type Db = Database.Database;

export interface Opened {
  readonly db: Db;
  /** True when this open created the schema (the database was new). */
  readonly created: boolean;
}

/** Opens (or creates) the database at `path` (`:memory:` for a throwaway one) and brings its schema up to date. */
export function openDatabase(path: string): Opened {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const created = migrate(db) === 0;
    return { db, created };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Applies the migrations the database lacks; answers the version it had. */
function migrate(db: Db): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) {
    throw new Error(`the database has schema version ${version}, newer than this coopctl knows (${migrations.length})`);
  }
  for (let v = version; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
  return version;
}
