/**
 * The worker thread that writes a SQLite store's access audit to its own
 * file (audit-file.ts): the server's event loop posts a batch of sealed
 * records, this thread appends them in one transaction and answers once they
 * are committed. Its connection waits for the audit file's lock (another
 * server process's writer, a purge) with a busy timeout, and runs SQLite's
 * automatic WAL checkpoints: both block this thread, never the event loop.
 *
 * A batch is sealed on the seal the event loop believes is the chain's head;
 * when another process appended meanwhile, the head read here in the
 * transaction differs, nothing is written, and the batch comes back to be
 * sealed again on the head given. The store's key id is read in the same
 * transaction and given back with every answer.
 *
 * It imports nothing of coopctl's (it runs as a file of its own: the bundle's
 * dist/audit-writer.cjs, or this source under Node's type stripping); the
 * statements and better-sqlite3's place come in `workerData`.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

interface Setup {
  readonly file: string;
  /** better-sqlite3's main module, resolved by the server. */
  readonly binding: string;
  /** The INSERT of one record, its parameters positional, in the order the rows come. */
  readonly insert: string;
  /** The chain's head: key_id, last, seal, anchor (areas/audit.ts HEAD). */
  readonly head: string;
  /** How long a batch waits for the audit file's lock held elsewhere. */
  readonly busyMs: number;
  /** The server's pragmas for serving (tests simulate a full disk or a read-only file with them). */
  readonly pragmas: readonly string[];
}

interface Head {
  readonly key_id: string | null;
  readonly last: number | null;
  readonly seal: string | null;
  readonly anchor: string | null;
}

type Statement = { run(...values: unknown[]): unknown; get(): unknown };
type Connection = {
  pragma(text: string): unknown;
  prepare(text: string): Statement;
  readonly inTransaction: boolean;
  close(): void;
};

const setup = workerData as Setup;
const port = parentPort!;
const Database = createRequire(setup.binding)(setup.binding) as new (file: string, options: object) => Connection;
const db = new Database(setup.file, { fileMustExist: true, timeout: setup.busyMs });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('secure_delete = ON');
// A small page cache: a batch touches a few pages at the trail's end and of its indexes.
db.pragma('cache_size = -512');
for (const pragma of setup.pragmas) db.pragma(pragma);
const insert = db.prepare(setup.insert);
const head = db.prepare(setup.head);
const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');
const rollback = db.prepare('ROLLBACK');

/** A batch: the seal it was sealed on (undefined: not known yet), and its rows. */
interface Batch {
  readonly before: string | null | undefined;
  readonly rows: readonly unknown[][];
}

port.on('message', (batch: Batch | 'close' | 'checkpoint') => {
  if (batch === 'close') {
    db.close();
    port.close();
    return;
  }
  if (batch === 'checkpoint') {
    // The records the event loop committed itself (its connection never checkpoints); no answer.
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A checkpoint that cannot run now runs at the next one, or at the next batch committed here.
    }
    return;
  }
  try {
    begin.run();
    try {
      const h = head.get() as Head;
      const before = h.last === null ? h.anchor : h.seal;
      if (batch.before !== before) {
        rollback.run();
        port.postMessage({ stale: true, before, keyId: h.key_id });
        return;
      }
      for (const row of batch.rows) insert.run(...row);
      commit.run();
      port.postMessage({ stale: false, keyId: h.key_id });
    } catch (err) {
      if (db.inTransaction) rollback.run();
      throw err;
    }
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    port.postMessage({ error: { code: String(e.code ?? ''), message: String(e.message ?? err) } });
  }
});
