/**
 * The access audit on PostgreSQL (areas/audit.ts). The records of one turn of
 * the event loop are appended together: one INSERT of arrays (`APPEND_ROWS`),
 * in a transaction with synchronous_commit off (committed and visible to
 * every instance at once; on disk with the next durable commit, within a
 * fraction of a second), as SQLite's group commit does with synchronous
 * NORMAL. Listing, purging and the key's id are the area's methods.
 */
import type { Pool } from 'pg';
import {
  APPEND_ROWS,
  audit,
  type AuditColumns,
  type AuditRecord,
  type AuditRepository,
  purgeBySlices,
} from '../areas/audit.js';
import { run } from '../sql/query.js';
import { guardPg } from './faults.js';
import { methods } from './methods.js';
import { transaction } from './pool.js';
import { runPlan } from './runner.js';

interface Waiting {
  readonly record: AuditRecord;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** The columns of a batch of records, as the arrays of APPEND_ROWS's parameters. */
function columns(batch: readonly Waiting[]): AuditColumns {
  const cols = {
    at: [],
    client: [],
    tokenLabel: [],
    operation: [],
    status: [],
    confirma: [],
    subjectKind: [],
    subject: [],
    reference: [],
    requestId: [],
  } as { [K in keyof AuditRecord]: unknown[] };
  for (const { record } of batch)
    for (const k of Object.keys(cols) as Array<keyof AuditRecord>) cols[k].push(record[k]);
  return cols as AuditColumns;
}

export function pgAudit(pool: Pool): AuditRepository {
  const m = methods(pool, audit);
  let queue: Waiting[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    try {
      await transaction(pool, async (c) => {
        await c.query('SET LOCAL synchronous_commit = off');
        await runPlan(c, run(APPEND_ROWS, columns(batch)));
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    for (const w of batch) w.resolve();
  }

  const { append } = guardPg({
    append: (record: AuditRecord) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ record, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      }),
  });
  return { append, list: m.list, purge: purgeBySlices(m.purgeSlice), keyId: m.keyId, setKeyId: m.setKeyId };
}
