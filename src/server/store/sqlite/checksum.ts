/** A digest of everything a SQLite database stores, to show that a request changed nothing. */
import { createHash } from 'node:crypto';
import { sqliteBinding } from './binding.js';

/** SHA-256 over every row of every table (rows sorted, so the digest does not depend on the scan order). */
export function databaseChecksum(path: string): string {
  const Database = sqliteBinding();
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    for (const table of tables) {
      const rows = db
        .prepare(`SELECT * FROM "${table}"`)
        .safeIntegers()
        .raw()
        .all()
        .map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
        .sort();
      hash.update(`${table}\n${rows.join('\n')}\n`);
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}
