/**
 * A SQLite store's access audit in a file of its own, beside the database
 * (`<database>.audit`), so that a read of personal data never needs the
 * database's write lock (another process's import, a `sqlite3` shell) and the
 * audit's WAL checkpoints never run on the event loop:
 *
 * - its records are appended a batch at a time (the records of a turn of the
 *   event loop, and those that arrive while a batch is being committed): on
 *   the event loop's connection when the file's write lock is free at once,
 *   else by a worker thread (audit-writer.ts) that waits for it; a read is
 *   answered once its batch is committed (WAL, synchronous NORMAL: a crash of
 *   the server loses none, a power loss the last moments'); the worker runs
 *   every checkpoint; a write's record (its answer does not wait for it) is
 *   held for its window, to be committed with the next read's or with the
 *   window's other writes' (a kill -9 loses the window's);
 * - the event loop seals each batch on the chain's head it knows, and seals it
 *   again when the worker finds another process appended first;
 * - listing, the key's id and purging run on a connection of the event loop's
 *   own to the audit file, which never checkpoints (`wal_autocheckpoint = 0`)
 *   and waits for no lock (guard.ts retries on timers).
 *
 * Its schema is the audit's migrations (3 and 4) run on the new file; the
 * records a database kept itself (before this file existed) are moved into it
 * at start (audit-file-open.ts). `:memory:` stores keep their audit inside (audit.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  APPEND_POSITIONAL,
  type AuditRecord,
  type AuditRepository,
  type Chain,
  checkKey,
  HEAD,
  headSeal,
  RECORD_FIELDS,
  type SealedRecord,
  sealOn,
} from '../areas/audit.js';
import { StoreUnavailable } from '../unavailable.js';
import { sqliteAudit } from './audit.js';
import type { Db } from './connection.js';
import { auditFileOf, LOCK_MS } from './audit-file-open.js';
import { faultOf, unavailable } from './faults.js';
import { groupCommit, NOTES_HELD, NOTES_WINDOW_MS } from './group-commit.js';

/** Records committed on the event loop before the worker checkpoints the WAL (about SQLite's 1,000 pages). */
const CHECKPOINT_RECORDS = 300;

/** The worker's file: beside this module (the bundle's dist/audit-writer.cjs, or the source under type stripping). */
function writerFile(): string {
  const here = import.meta.filename;
  return join(dirname(here), here.endsWith('.ts') ? 'audit-writer.ts' : 'audit-writer.cjs');
}

interface Waiting {
  readonly record: AuditRecord;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

type Answer =
  | { readonly stale: false; readonly keyId: string | null }
  | { readonly stale: true; readonly before: string | null; readonly keyId: string | null }
  | { readonly error: { readonly code: string; readonly message: string } };

const rowOf = (r: SealedRecord): unknown[] => [...RECORD_FIELDS.map((k) => r[k]), r.seal];

/**
 * The audit of the database at `path` in its own file: appended by a worker
 * thread, the rest on `db` (the event loop's connection to the audit file).
 */
export function fileAudit(
  db: Db,
  path: string,
  pragmas: readonly string[] = [],
  /** Before each batch: whether the database is still the file opened (file-guard.ts); throws when not. */
  check?: () => void,
): { readonly repo: AuditRepository; close(): Promise<void> } {
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('busy_timeout = 0');
  // A small page cache, as the writer's (audit-writer.ts): this connection appends at the trail's end and reads its
  // head; better-sqlite3's 16 MB default filled with pages written once (resident memory: docs/performance.md).
  db.pragma('cache_size = -512');
  for (const pragma of pragmas) db.pragma(pragma);
  const onLoop = {
    insert: db.prepare(APPEND_POSITIONAL),
    head: db.prepare(HEAD.text as string),
    // The worker's durability (synchronous NORMAL in WAL: no fsync a commit), the rest of this connection's FULL kept.
    normal: db.prepare('PRAGMA synchronous = NORMAL'),
    full: db.prepare('PRAGMA synchronous = FULL'),
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
  const binding = createRequire(import.meta.filename).resolve('better-sqlite3');
  const worker = new Worker(writerFile(), {
    // A small heap: the writer holds a batch at a time (each worker thread's heap is RSS the server's budget counts).
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    workerData: {
      file: auditFileOf(path),
      binding,
      insert: APPEND_POSITIONAL,
      head: HEAD.text,
      busyMs: LOCK_MS,
      pragmas,
    },
  });
  worker.unref();
  const commit = groupCommit(db);
  const rest = sqliteAudit(db, commit, { count: 0 });
  let chain: Chain | undefined;
  let queue: Waiting[] = [];
  let batch: Waiting[] | undefined;
  /** The seal the next batch is sealed on, as last known (undefined: not known yet). */
  let head: string | null | undefined;
  let sealed: SealedRecord[] = [];
  let dead: unknown;
  let drained: (() => void) | undefined;
  /** Records committed on the event loop since the worker last checkpointed the audit file's WAL. */
  let unchecked = 0;

  /**
   * Commits the batch on the event loop's connection when the audit file's
   * write lock is free at once (no wait: busy_timeout 0; no checkpoint:
   * wal_autocheckpoint 0); false when it is not, for the worker to wait for
   * it. A commit here saves the round trip to the worker thread (docs/performance.md).
   */
  const commitOnLoop = (records: readonly AuditRecord[]): boolean => {
    if (db.inTransaction) return false;
    onLoop.normal.run();
    try {
      try {
        onLoop.begin.run();
      } catch (err) {
        if (faultOf(err) === 'busy') return false;
        throw err;
      }
      try {
        const h = onLoop.head.get() as Parameters<typeof headSeal>[0] & { key_id: string | null };
        checkKey(records, h.key_id, chain);
        const rows = sealOn(records, headSeal(h), chain);
        for (const r of rows) onLoop.insert.run(...rowOf(r));
        onLoop.commit.run();
        head = rows.at(-1)?.seal ?? headSeal(h);
      } catch (err) {
        if (db.inTransaction) onLoop.rollback.run();
        if (faultOf(err) === 'busy') return false;
        throw err;
      }
    } finally {
      onLoop.full.run();
    }
    unchecked += records.length;
    if (unchecked >= CHECKPOINT_RECORDS) {
      unchecked = 0;
      worker.postMessage('checkpoint');
    }
    return true;
  };

  const post = (before: string | null | undefined) => {
    sealed = sealOn(
      batch!.map((w) => w.record),
      before ?? null,
      chain,
    );
    worker.postMessage({ before, rows: sealed.map(rowOf) });
  };
  const next = () => {
    if (batch !== undefined) return;
    if (queue.length === 0) {
      drained?.();
      return;
    }
    batch = queue;
    queue = [];
    try {
      // The records of a database removed or replaced would be kept for reads of a file nobody will see.
      check?.();
    } catch (err) {
      fail(err);
      next();
      return;
    }
    let done = false;
    try {
      done = commitOnLoop(batch.map((w) => w.record));
    } catch (err) {
      fail(unavailable(err));
      next();
      return;
    }
    if (!done) {
      post(head);
      return;
    }
    const committed = batch;
    batch = undefined;
    for (const w of committed) w.resolve();
    next();
  };
  const fail = (err: unknown) => {
    const lost = [...(batch ?? []), ...queue, ...held];
    batch = undefined;
    queue = [];
    held = [];
    head = undefined;
    for (const w of lost) w.reject(err);
  };
  worker.on('message', (a: Answer) => {
    if ('error' in a) {
      fail(unavailable(Object.assign(new Error(a.error.message), { code: a.error.code })));
      next();
      return;
    }
    checkKey(
      batch!.map((w) => w.record),
      a.keyId,
      chain,
    );
    if (a.stale) {
      head = a.before;
      post(head);
      return;
    }
    head = sealed.at(-1)?.seal ?? head ?? null;
    const done = batch!;
    batch = undefined;
    for (const w of done) w.resolve();
    next();
  });
  worker.on('error', (err) => {
    dead = err;
    fail(new StoreUnavailable('io'));
  });
  worker.on('exit', () => {
    dead ??= new StoreUnavailable('io');
    fail(new StoreUnavailable('io'));
    drained?.();
  });

  /**
   * Writes' records, held for their window (group-commit.ts NOTES_WINDOW_MS):
   * a write's answer does not wait for its record, so one commit takes the
   * records of many writes. They go first into the next batch, in the order
   * they came: with a read's record, at the window's end, with NOTES_HELD of
   * them, before a listing and when the store closes.
   */
  let held: Waiting[] = [];
  let window: NodeJS.Timeout | undefined;
  /** The held records into the queue, ahead of what comes next: their window is over. */
  const unhold = (): void => {
    if (window !== undefined) clearTimeout(window);
    window = undefined;
    queue.push(...held);
    held = [];
  };
  /** Their window over, the held records committed now (or with the batch being committed). */
  const release = (): void => {
    if (held.length === 0) return;
    unhold();
    if (batch === undefined) next();
  };
  const listed =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): R => {
      release();
      return read(...args);
    };

  const repo: AuditRepository = {
    ...rest,
    append: (record, follows) => {
      if (dead !== undefined) return Promise.reject(new StoreUnavailable('io'));
      return new Promise<void>((resolve, reject) => {
        const waiting = { record, resolve, reject };
        if (follows) {
          held.push(waiting);
          if (held.length >= NOTES_HELD) release();
          else window ??= setTimeout(release, NOTES_WINDOW_MS).unref();
          return;
        }
        unhold();
        queue.push(waiting);
        if (batch === undefined) setImmediate(next);
      });
    },
    page: listed(rest.page),
    list: listed(rest.list),
    chain: (c) => {
      chain = c;
    },
  };
  return {
    repo,
    close: async () => {
      // Waited for: the process stays until the worker has committed what it was given and closed its file.
      worker.ref();
      release();
      if (dead === undefined && (batch !== undefined || queue.length > 0))
        await new Promise<void>((resolve) => {
          drained = resolve;
        });
      if (dead === undefined) {
        worker.postMessage('close');
        await new Promise((resolve) => worker.once('exit', resolve));
      }
      commit.flush();
      db.close();
    },
  };
}
