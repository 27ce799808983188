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
 * they had run one after another. Use it for writes that are one atomic step
 * whose conditions are checked inside the write itself (a conditional INSERT
 * or UPDATE), not for read-then-write sequences spread over several calls.
 *
 * Notes (`note`: the access audit's records) ride in the same transactions:
 * run first, together in one savepoint of their own, so that a failing note
 * fails the notes alone. A batch of notes without writes is committed with
 * synchronous = NORMAL: written to the WAL (it survives the process being
 * killed) without waiting for an fsync, which the next durable commit makes.
 *
 * `beforeEach`, when given, runs before each batch's transaction: throwing
 * there refuses the whole batch (the database file was removed or replaced).
 */
import { performance } from 'node:perf_hooks';
import type { StoreMeter } from '../types.js';
import type { Db } from './connection.js';

interface Pending {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: unknown) => void;
}

/** Thrown out of a batch whose transaction SQLite rolled back when write `at` failed (-1: the notes). */
class Lost {
  constructor(readonly at: number) {}
}

export interface GroupCommit {
  /** Runs `work` in the next group transaction; resolves with its value once committed. */
  run<T>(work: () => T): Promise<T>;
  /** Runs `work` (a write that cannot break a rule: an audit record) in the next group transaction, without an fsync of its own. */
  note(work: () => void): Promise<void>;
  /** Commits what is waiting now (before the database is closed). */
  flush(): void;
}

export interface GroupCommitOptions {
  /** Told each batch's size and its transaction's time (committed or not). */
  readonly meter?: StoreMeter;
  /** Runs before each batch; what it throws refuses the batch. */
  readonly beforeEach?: () => void;
}

/** The outcome of each write of a batch, and of its notes. */
interface Outcomes {
  readonly out: unknown[];
  readonly ok: boolean[];
  notesFailed?: unknown;
}

export function groupCommit(db: Db, options: GroupCommitOptions = {}): GroupCommit {
  const { meter, beforeEach } = options;
  let queue: Pending[] = [];
  let notes: Pending[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  const light = db.prepare('PRAGMA synchronous = NORMAL');
  const full = db.prepare('PRAGMA synchronous = FULL');

  const runNotes = db.transaction((batch: Pending[]) => {
    for (const n of batch) n.work();
  });

  /** Runs the batch; answers each write's value or error, and whether it succeeded. */
  const group = db.transaction((batch: Pending[], noted: Pending[], o: Outcomes) => {
    // Notes alone need no savepoint: what fails them fails the whole transaction, which holds nothing else.
    if (batch.length === 0) {
      for (const n of noted) n.work();
      return;
    }
    if (noted.length > 0) {
      try {
        runNotes(noted);
      } catch (err) {
        o.notesFailed = err;
        if (!db.inTransaction) throw new Lost(-1);
      }
    }
    for (let i = 0; i < batch.length; i++) {
      try {
        // A nested transaction is a savepoint: a failing write is undone alone.
        o.out[i] = db.transaction(batch[i]!.work)();
        o.ok[i] = true;
      } catch (err) {
        o.out[i] = err;
        o.ok[i] = false;
        // Without a transaction, the writes after this one would each commit on their own.
        if (!db.inTransaction) throw new Lost(i);
      }
    }
  });

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    while (queue.length > 0 || notes.length > 0) {
      const batch = queue;
      const noted = notes;
      queue = [];
      notes = [];
      commitBatch(batch, noted);
    }
  }

  /** Commits a batch and settles its writes and notes; after a lost transaction, queues again what it undid or did not run. */
  function commitBatch(batch: Pending[], noted: Pending[]): void {
    const o: Outcomes = { out: new Array(batch.length), ok: new Array(batch.length) };
    const started = meter ? performance.now() : 0;
    const notesOnly = batch.length === 0;
    try {
      beforeEach?.();
      if (notesOnly) light.run();
      try {
        group.immediate(batch, noted, o);
      } finally {
        if (notesOnly) full.run();
      }
      meter?.transaction((performance.now() - started) / 1000, true);
      if (!notesOnly) meter?.batch(batch.length);
    } catch (err) {
      meter?.transaction((performance.now() - started) / 1000, false);
      if (err instanceof Lost) {
        if (err.at < 0) {
          for (const n of noted) n.reject(o.notesFailed);
          queue = batch;
          return;
        }
        batch[err.at]!.reject(o.out[err.at]);
        queue = [...batch.slice(0, err.at), ...batch.slice(err.at + 1)];
        notes = noted;
        return;
      }
      // BEGIN or COMMIT failed, or the batch was refused: nothing of it is stored.
      for (const p of batch) p.reject(err);
      for (const n of noted) n.reject(err);
      return;
    }
    for (let i = 0; i < batch.length; i++) (o.ok[i] ? batch[i]!.resolve : batch[i]!.reject)(o.out[i]);
    for (const n of noted) (o.notesFailed === undefined ? n.resolve : n.reject)(o.notesFailed);
  }

  const schedule = () => {
    scheduled ??= setImmediate(flush);
  };
  return {
    run: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      }),
    note: (work) =>
      new Promise<void>((resolve, reject) => {
        notes.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      }),
    flush,
  };
}
