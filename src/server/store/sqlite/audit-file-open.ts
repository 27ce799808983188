/**
 * The access audit's own file beside a SQLite database (`<database>.audit`,
 * audit-file.ts): where it is, opened (or created, private to its owner) with
 * its schema, and the records a database kept itself (before this file
 * existed) moved into it.
 */
import { TRAIL_COLUMNS } from '../areas/audit.js';
import { sqlite } from '../sql/dialect.js';
import { migrations } from '../sql/migrations.js';
import { sqliteBinding } from './binding.js';
import type { Db } from './connection.js';
import { createPrivateFile } from './private-file.js';

/** The audit's own file, beside the database. */
export const auditFileOf = (db: string): string => `${db}.audit`;

/** The migrations that make the audit's tables (3: the trail and its key; 4: subjects, chain and anchor). */
const AUDIT_MIGRATIONS = [2, 3];

/** How long start-up, and a batch in the worker, wait for the audit file's lock held elsewhere. */
export const LOCK_MS = 5000;

/** Opens (or creates, private to its owner) the audit file of `path`, with its schema. */
export function openAuditFile(path: string): Db {
  const file = auditFileOf(path);
  createPrivateFile(file);
  const Binding = sqliteBinding();
  const db = new Binding(file, { timeout: LOCK_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('secure_delete = ON');
    if (db.pragma('user_version', { simple: true }) === 0)
      db.transaction(() => {
        for (const n of AUDIT_MIGRATIONS) db.exec(migrations[n]!(sqlite));
        db.pragma('user_version = 1');
      }).immediate();
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The records, key id and anchor a database kept itself, moved into its audit
 * file (once: the database's own audit table is then empty), so that they
 * stay listed, searchable and chained.
 */
export function moveAuditInto(audit: Db, main: Db, mainPath: string): void {
  const kept = main.prepare('SELECT count(*) AS n FROM audit').get() as { n: number };
  const key = main.prepare('SELECT key_id FROM audit_key').get() as { key_id: string } | undefined;
  if (kept.n === 0 && key === undefined) return;
  audit.prepare('ATTACH DATABASE ? AS kept').run(mainPath);
  try {
    audit
      .transaction(() => {
        audit.exec(`INSERT INTO audit (${TRAIL_COLUMNS}) SELECT ${TRAIL_COLUMNS} FROM kept.audit ORDER BY id`);
        audit.exec('INSERT OR IGNORE INTO audit_key (one, key_id) SELECT one, key_id FROM kept.audit_key');
        audit.exec('INSERT OR IGNORE INTO audit_anchor (one, seal) SELECT one, seal FROM kept.audit_anchor');
      })
      .immediate();
  } finally {
    audit.exec('DETACH DATABASE kept');
  }
  main
    .transaction(() => {
      main.exec('DELETE FROM audit; DELETE FROM audit_key; DELETE FROM audit_anchor');
    })
    .immediate();
}
