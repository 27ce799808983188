/** The access audit in SQLite (audit-types.ts): records appended through the group commit, listed and purged. */
import { setImmediate as turn } from 'node:timers/promises';
import { auditWhere, PURGE_SLICE } from '../audit-query.js';
import type { AuditRecord, AuditRepository, AuditRow } from '../audit-types.js';
import type { Db } from './connection.js';
import type { GroupCommit } from './group-commit.js';
import type { ChangeCount } from './unchanged-cache.js';

const COLUMNS =
  'id, at, client, token_label AS tokenLabel, operation, status, confirma, subject_kind AS subjectKind, subject, reference, request_id AS requestId';

/** `notData` is told every row the audit adds or removes: they hold no data (unchanged-cache.ts). */
export function sqliteAudit(db: Db, commit: GroupCommit, notData: ChangeCount): AuditRepository {
  const insert = db.prepare(
    `INSERT INTO audit (at, client, token_label, operation, status, confirma, subject_kind, subject, reference, request_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const slice = db.prepare(`DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < ? LIMIT ${PURGE_SLICE})`);
  const keyId = db.prepare<[], string>('SELECT key_id FROM audit_key').pluck();
  const setKeyId = db.prepare(
    'INSERT INTO audit_key (one, key_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET key_id = excluded.key_id',
  );
  return {
    // Synchronous: the record is in the transaction of notes when this returns (group-commit.ts).
    append: (r: AuditRecord, follows?: boolean) =>
      commit.note(() => {
        insert.run(
          r.at,
          r.client,
          r.tokenLabel,
          r.operation,
          r.status,
          r.confirma,
          r.subjectKind,
          r.subject,
          r.reference,
          r.requestId,
        );
        notData.count += 1;
      }, follows),
    list: async (f) => {
      // The records appended and not yet committed are listed too.
      commit.flush();
      const [where, values] = auditWhere(f, () => '?');
      const rows = db
        .prepare<unknown[], AuditRow>(`SELECT ${COLUMNS} FROM audit ${where} ORDER BY id DESC LIMIT ?`)
        .all(...values, f.limit);
      const total = db
        .prepare<unknown[], number>(`SELECT count(*) FROM audit ${where}`)
        .pluck()
        .get(...values)!;
      return { rows, total };
    },
    purge: async (before) => {
      let deleted = 0;
      for (;;) {
        const n = slice.run(before).changes;
        notData.count += n;
        deleted += n;
        if (n < PURGE_SLICE) return deleted;
        // Let the requests waiting meanwhile be answered.
        await turn();
      }
    },
    keyId: async () => keyId.get(),
    setKeyId: async (id) => {
      setKeyId.run(id);
    },
  };
}
