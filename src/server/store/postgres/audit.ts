/**
 * The access audit on PostgreSQL (areas/audit.ts). The records of one turn of
 * the event loop are appended together: one INSERT of arrays (`APPEND_ROWS`),
 * in a durable transaction (the server's synchronous_commit: a read is
 * answered once its record is on disk), under the advisory lock that orders
 * the instances' batches in one chain. The audit table takes no lock the
 * data's writers hold, so reads and their records go on while another
 * session holds the data's tables. Listing, purging and the key's id are the
 * area's methods.
 */
import type { Pool } from 'pg';
import {
  APPEND_ROWS,
  audit,
  type AuditColumns,
  type AuditRecord,
  type AuditRepository,
  type Chain,
  purgeBySlices,
  RECORD_FIELDS,
  type SealedRecord,
  sealChain,
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

/** The columns of a batch of sealed records, as the arrays of APPEND_ROWS's parameters. */
function columns(batch: readonly SealedRecord[]): AuditColumns {
  const cols = Object.fromEntries([...RECORD_FIELDS, 'seal'].map((k) => [k, [] as unknown[]])) as {
    [K in keyof SealedRecord]: unknown[];
  };
  for (const record of batch) for (const k of Object.keys(cols) as Array<keyof SealedRecord>) cols[k].push(record[k]);
  return cols as AuditColumns;
}

/** The advisory lock that orders the instances' batches of records, so that each is sealed on the one before. */
const CHAIN_LOCK = 0x636f6f7061756469n; // "coopaudi" in ASCII

export function pgAudit(pool: Pool): AuditRepository {
  const m = methods(pool, audit);
  let queue: Waiting[] = [];
  let scheduled = false;
  let chain: Chain | undefined;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    try {
      await transaction(pool, async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1::bigint)', [CHAIN_LOCK.toString()]);
        const sealed = await runPlan(
          c,
          sealChain(
            batch.map((w) => w.record),
            chain,
          ),
        );
        await runPlan(c, run(APPEND_ROWS, columns(sealed)));
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
  return {
    append,
    list: m.list,
    purge: purgeBySlices(m.purgeSlice),
    keyId: m.keyId,
    setKeyId: m.setKeyId,
    chain: (c) => {
      chain = c;
    },
    page: m.page,
    anchor: m.anchor,
  };
}
