/**
 * A digest of the data a SQLite database stores, to show that a request
 * changed nothing. The access audit's tables are left out: the trail records
 * every request to an audited operation, a refused one too.
 */
import { createHash } from 'node:crypto';
import { sqliteBinding } from './binding.js';

/** SHA-256 over every row of every table but the audit's (rows sorted, so the digest does not depend on the scan order). */
export function databaseChecksum(path: string): string {
  const Database = sqliteBinding();
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('audit', 'audit_key') ORDER BY name",
      )
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
