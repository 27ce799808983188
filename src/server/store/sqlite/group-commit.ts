/**
 * Group commit: writes asked for while the event loop handles one round of
 * requests are run together in one transaction, so that one fsync (the
 * database is synchronous = FULL) makes all of them durable, instead of one
 * fsync each. Durability is unchanged: a write's promise resolves only after
 * the COMMIT that holds it has returned, so an answer is sent only for a
 * write that is on disk.
 *
 * Each write runs in its own savepoint, in the order asked: a write that
 * throws is rolled back alone and rejects alone; the others still commit.
 * Some errors (SQLITE_FULL, an I/O error) make SQLite roll back the whole
 * transaction: then that write rejects, and the others of the batch (undone
 * with it, or not yet run) run again at once as a new batch. A failed BEGIN
 * or COMMIT (a lock held elsewhere) rejects the whole batch, none of it stored.
 * Writes see the effects of those before them in the batch, exactly as if
 * they had run one after another. Every write of the repository is one: a
 * method's whole script (its reads, its decision and its writes) runs inside
 * one `work`, synchronously (runner.ts); a read-then-write spread over several
 * calls would not be atomic.
 */
import { performance } from 'node:perf_hooks';
import type { StoreMeter } from '../types.js';
import type { Db } from './connection.js';

interface Pending {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: unknown) => void;
}

/** Thrown out of a batch whose transaction SQLite rolled back when write `at` failed. */
class Lost {
  constructor(readonly at: number) {}
}

export interface GroupCommit {
  /** Runs `work` in the next group transaction; resolves with its value once committed. */
  run<T>(work: () => T): Promise<T>;
  /** Commits what is waiting now (before the database is closed). */
  flush(): void;
}

/** `meter` is told each batch's size and its transaction's time (committed or not). */
export function groupCommit(db: Db, meter?: StoreMeter): GroupCommit {
  let queue: Pending[] = [];
  let scheduled: NodeJS.Immediate | undefined;

  /** Runs the batch; answers each write's value or error, and whether it succeeded. */
  const group = db.transaction((batch: Pending[], out: unknown[], ok: boolean[]) => {
    for (let i = 0; i < batch.length; i++) {
      try {
        // A nested transaction is a savepoint: a failing write is undone alone.
        out[i] = db.transaction(batch[i]!.work)();
        ok[i] = true;
      } catch (err) {
        out[i] = err;
        ok[i] = false;
        // Without a transaction, the writes after this one would each commit on their own.
        if (!db.inTransaction) throw new Lost(i);
      }
    }
  });

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      commitBatch(batch);
    }
  }

  /** Commits a batch and settles its writes; after a lost transaction, queues the writes it undid or did not run. */
  function commitBatch(batch: Pending[]): void {
    const out: unknown[] = new Array(batch.length);
    const ok: boolean[] = new Array(batch.length);
    const started = meter ? performance.now() : 0;
    try {
      group.immediate(batch, out, ok);
      meter?.transaction((performance.now() - started) / 1000, true);
      meter?.batch(batch.length);
    } catch (err) {
      meter?.transaction((performance.now() - started) / 1000, false);
      if (err instanceof Lost) {
        batch[err.at]!.reject(out[err.at]);
        queue = [...batch.slice(0, err.at), ...batch.slice(err.at + 1)];
        return;
      }
      // BEGIN or COMMIT failed: nothing of the batch is stored.
      for (const p of batch) p.reject(err);
      return;
    }
    for (let i = 0; i < batch.length; i++) (ok[i] ? batch[i]!.resolve : batch[i]!.reject)(out[i]);
  }

  return {
    run: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(flush);
      }),
    flush,
  };
}
