/**
 * The access audit in PostgreSQL (audit-types.ts). The records of one turn of
 * the event loop are appended together: one INSERT of arrays (`unnest`), in a
 * transaction with synchronous_commit off (committed and visible to every
 * instance at once; on disk with the next durable commit, within a fraction
 * of a second), as SQLite's group commit does with synchronous NORMAL.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { Pool } from 'pg';
import type { AuditRecord, AuditRepository, AuditRow } from '../audit-types.js';
import { auditWhere, PURGE_SLICE } from '../audit-query.js';
import { changed, one, rows, transaction } from './pool.js';

const INSERT = `INSERT INTO audit (at, client, token_label, operation, status, confirma, subject_kind, subject, reference, request_id)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[])`;

const COLUMNS =
  'id, at, client, token_label AS "tokenLabel", operation, status, confirma, subject_kind AS "subjectKind", subject, reference, request_id AS "requestId"';

interface Waiting {
  readonly record: AuditRecord;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** The columns of a batch of records, as the arrays of INSERT's parameters. */
function columns(batch: readonly Waiting[]): unknown[][] {
  const cols: unknown[][] = Array.from({ length: 10 }, () => []);
  for (const { record: r } of batch) {
    const values = [
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
    ];
    for (let i = 0; i < values.length; i++) cols[i]!.push(values[i]);
  }
  return cols;
}

export function pgAudit(pool: Pool): AuditRepository {
  let queue: Waiting[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    try {
      await transaction(pool, async (c) => {
        await c.query('SET LOCAL synchronous_commit = off');
        await c.query(INSERT, columns(batch));
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    for (const w of batch) w.resolve();
  }

  return {
    append: (record) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ record, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      }),
    list: async (f) => {
      const [where, values] = auditWhere(f, (n) => `$${n}`);
      const found = await rows<AuditRow>(
        pool,
        `SELECT ${COLUMNS} FROM audit ${where} ORDER BY id DESC LIMIT $${values.length + 1}`,
        [...values, f.limit],
      );
      const total = await one<{ n: number | bigint }>(pool, `SELECT count(*) AS n FROM audit ${where}`, values);
      return { rows: found, total: Number(total?.n ?? 0) };
    },
    purge: async (before) => {
      let deleted = 0;
      for (;;) {
        const n = await changed(
          pool,
          `DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < $1 LIMIT ${PURGE_SLICE})`,
          [before],
        );
        deleted += n;
        if (n < PURGE_SLICE) return deleted;
        await turn();
      }
    },
    keyId: async () => (await one<{ key_id: string }>(pool, 'SELECT key_id FROM audit_key'))?.key_id,
    setKeyId: async (id) => {
      await changed(
        pool,
        'INSERT INTO audit_key (one, key_id) VALUES (1, $1) ON CONFLICT (one) DO UPDATE SET key_id = excluded.key_id',
        [id],
      );
    },
  };
}
