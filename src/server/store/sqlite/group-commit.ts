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
 *
 * Notes (`note`: the access audit's records, a row each request of personal
 * data) are not worth a commit each, nor even an insert on the request's
 * path: a commit costs several times the insert (measured: 36 µs of CPU
 * against 8 for the row, where a read of the demo record costs about 100),
 * and an insert among the request's other work costs three times what it
 * costs among other inserts (the page cache and the CPU's caches gone cold).
 * So the first note of a window begins a transaction (`BEGIN IMMEDIATE`:
 * the write lock is then ours, and no other process can keep the notes out)
 * and the notes are kept in memory, to be inserted NOTES_HELD at a time (so
 * that the records of a busy window do not live long enough for V8 to move
 * them to its old generation, nor make it grow its young one: RSS) and
 * committed within NOTES_WINDOW_MS, before the next batch of writes (or
 * a dataset load: `settle`), and when the store closes; the commit is
 * `synchronous = NORMAL` (the WAL written without waiting for an fsync,
 * which the next durable commit makes). A note that
 * cannot begin its window (a lock held elsewhere, the file removed) throws
 * at once, as does the note whose insert makes SQLite undo the window (a
 * full disk); notes whose insert or commit fails (a full disk, an I/O error)
 * are lost, reported to `lost`. A kill -9 loses the notes of the window.
 * The record of a write (whose answer does not wait for it) begins nothing:
 * it is committed at the end of its window (or with an open window of reads'
 * records), never in the writes' durable transactions, which it would make
 * larger for each fsync (measured: P4 86 % of the writes/s so, 91 % apart).
 *
 * `beforeEach`, when given, runs before each batch's transaction, before
 * the transaction of notes begins, and for a note in an open window at most
 * once a millisecond: throwing there refuses the whole batch, or the note
 * (the database file was removed or replaced). `afterEach`, when given, runs
 * after each transaction that committed (the checkpoint: checkpoint.ts).
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
  /**
   * Keeps `work` (one statement that cannot break a rule: an audit record's
   * INSERT) for the open transaction of notes, begun if none is; throws what
   * beginning it throws (SQLITE_BUSY: a lock held elsewhere; the file
   * removed). A note that `follows` (the record of a write, whose answer does
   * not wait for it) begins nothing: it is committed at the end of its
   * window, or with an open transaction of notes.
   */
  note(work: () => void, follows?: boolean): void;
  /** Commits the open transaction of notes, if one is open: before a transaction of its own (a dataset load). */
  settle(): void;
  /** Commits what is waiting now, writes and notes (before the database is closed, or the records are listed). */
  flush(): void;
  /**
   * Rolls back the open transaction of notes, if one is open, its notes reported lost with `err`: SQLite's index of
   * the `-wal` was lost under it (a `-shm` truncated: file-guard.ts), and its commit would write pages read without it.
   */
  abandon(err: unknown): void;
}

/** Whether the connection's open transaction, if any, holds notes alone (unchanged-cache.ts may read in it). */
export interface NotesState {
  notesOpen: boolean;
}

export interface GroupCommitOptions {
  /** Told each batch's size and its transaction's time (committed or not). */
  readonly meter?: StoreMeter;
  /** Runs before each batch, and before the transaction of notes begins; what it throws refuses them. */
  readonly beforeEach?: () => void;
  /** Told when the transaction of notes is open. */
  readonly state?: NotesState;
  /** Told of notes lost: their transaction failed to commit (`count` of them). */
  readonly lost?: (err: unknown, count: number) => void;
  /** Runs after each transaction that committed, outside any transaction. */
  readonly afterEach?: () => void;
  /** Runs before the notes of a window are inserted at its end (the `-shm`'s check: file-guard.ts). */
  readonly beforeNotes?: () => void;
}

/** The longest a note waits for its commit. */
export const NOTES_WINDOW_MS = 50;
/** The most notes kept in memory: with this many, they are inserted into the open window (committed at its end). */
export const NOTES_HELD = 32;
/** How often, at most, a note in an open window checks the database file again (file-guard.ts). */
const FILE_CHECK_MS = 1;

/** The outcome of each write of a batch. */
interface Outcomes {
  readonly out: unknown[];
  readonly ok: boolean[];
}

export function groupCommit(db: Db, options: GroupCommitOptions = {}): GroupCommit {
  const { meter, beforeEach, state, lost, afterEach, beforeNotes } = options;
  let queue: Pending[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  const light = db.prepare('PRAGMA synchronous = NORMAL');
  const full = db.prepare('PRAGMA synchronous = FULL');
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commitNotes = db.prepare('COMMIT');
  const rollbackNotes = db.prepare('ROLLBACK');
  /** The notes waiting to be inserted, whether their transaction is open, and the timer that ends their window. */
  let notes: Array<() => void> = [];
  let open = false;
  let windowArmed = false;
  /** The open window's notes inserted (or tried) so far, and those of them that failed alone (the last one's error). */
  let inserted = 0;
  let failures = 0;
  let failed: unknown;
  /** When the file was last checked for a note (performance.now()). */
  let checked = 0;

  /** Runs the batch; answers each write's value or error, and whether it succeeded. */
  const group = db.transaction((batch: Pending[], o: Outcomes) => {
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

  // One timer at a time, never cleared (a timer a batch of writes cost more than the notes' inserts): the notes are
  // committed when it fires, or sooner; it finds nothing to do when they were.
  const startWindow = (): void => {
    if (windowArmed) return;
    windowArmed = true;
    // Unref'd: a process that is done (its store closed: everything committed) does not wait for it.
    setTimeout(windowEnd, NOTES_WINDOW_MS).unref();
  };

  /** Begins the transaction of notes (the write lock is then ours), or throws why it cannot. */
  function openNotes(): void {
    beforeEach?.();
    checked = performance.now();
    light.run();
    try {
      begin.run();
    } catch (err) {
      full.run();
      throw err;
    }
    open = true;
    if (state) state.notesOpen = true;
  }

  /** The end of a window: its notes committed, in their open transaction or in one begun now (notes that follow writes). */
  function windowEnd(): void {
    windowArmed = false;
    beforeNotes?.();
    if (!open && notes.length > 0) {
      try {
        openNotes();
      } catch {
        // A lock held elsewhere: these notes (of writes, which did not wait) go with the next write or window.
        startWindow();
        return;
      }
    }
    settle();
  }

  /** Inserts the notes held into the open transaction of notes; throws what makes SQLite undo the whole of it. */
  function insertHeld(): void {
    const held = notes;
    notes = [];
    inserted += held.length;
    for (const work of held) {
      try {
        work();
      } catch (err) {
        // A note alone (one statement) is undone; SQLite undoing the whole transaction loses them all.
        if (!db.inTransaction) throw err;
        failed = err;
        failures++;
      }
    }
  }

  /** Ends the open window: committed (`err` undefined), else rolled back and its notes reported lost. */
  function closeWindow(started: number, err?: unknown): void {
    const count = inserted + notes.length;
    try {
      if (err === undefined) {
        try {
          commitNotes.run();
        } catch (e) {
          err = e;
        }
      }
      meter?.transaction((performance.now() - started) / 1000, err === undefined);
      if (err !== undefined) {
        if (db.inTransaction) rollbackNotes.run();
        lost?.(err, count);
      } else if (failures > 0) lost?.(failed, failures);
    } finally {
      notes = [];
      inserted = failures = 0;
      failed = undefined;
      open = false;
      if (state) state.notesOpen = false;
      full.run();
    }
    if (err === undefined) afterEach?.();
  }

  /** Inserts and commits the notes waiting in the open transaction of notes, if one is open. */
  function settle(): void {
    if (!open) return;
    const started = meter ? performance.now() : 0;
    // Into the file opened, whatever became of it since: moved, it takes the notes with it (new notes are refused).
    try {
      insertHeld();
    } catch (err) {
      closeWindow(started, err);
      return;
    }
    closeWindow(started);
  }

  function note(work: () => void, follows = false): void {
    if (!open && !follows) openNotes();
    else if (open && beforeEach && performance.now() - checked > FILE_CHECK_MS) {
      // The file checked again in an open window (at most once a millisecond): a removed file refuses the note.
      try {
        beforeEach();
      } catch (err) {
        settle();
        throw err;
      }
      checked = performance.now();
    }
    notes.push(work);
    if (open && notes.length >= NOTES_HELD) {
      try {
        insertHeld();
      } catch (err) {
        // The window undone: the others' loss reported, this note's refused.
        inserted--;
        closeWindow(meter ? performance.now() : 0, err);
        throw err;
      }
    }
    startWindow();
  }

  /** Commits the writes waiting (an open transaction of notes first: the writes need a durable commit of their own). */
  function flushWrites(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (open) settle();
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      commitBatch(batch);
    }
  }

  function flush(): void {
    flushWrites();
    // Notes that follow writes, waiting for the end of their window.
    if (notes.length > 0) windowEnd();
  }

  /** Commits a batch and settles its writes; after a lost transaction, queues again what it undid or did not run. */
  function commitBatch(batch: Pending[]): void {
    const o: Outcomes = { out: new Array(batch.length), ok: new Array(batch.length) };
    const started = meter ? performance.now() : 0;
    try {
      beforeEach?.();
      group.immediate(batch, o);
      meter?.transaction((performance.now() - started) / 1000, true);
      meter?.batch(batch.length);
    } catch (err) {
      meter?.transaction((performance.now() - started) / 1000, false);
      if (err instanceof Lost) {
        batch[err.at]!.reject(o.out[err.at]);
        queue = [...batch.slice(0, err.at), ...batch.slice(err.at + 1)];
        return;
      }
      // BEGIN or COMMIT failed, or the batch was refused: nothing of it is stored.
      for (const p of batch) p.reject(err);
      return;
    }
    for (let i = 0; i < batch.length; i++) (o.ok[i] ? batch[i]!.resolve : batch[i]!.reject)(o.out[i]);
    afterEach?.();
  }

  const schedule = () => {
    scheduled ??= setImmediate(flushWrites);
  };
  return {
    run: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      }),
    note,
    settle,
    flush,
    abandon(err) {
      if (open) closeWindow(meter ? performance.now() : 0, err);
    },
  };
}
