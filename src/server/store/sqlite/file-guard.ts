/**
 * Whether a SQLite database's files are still the ones the server opened,
 * and whole. Removed (`rm`) or replaced (a restore by `mv`, another database
 * copied over it) while the server runs, the server would go on writing into
 * a file nobody will see again; truncated (the database file, or its `-wal`
 * while the acknowledged writes since the last checkpoint are in it), SQLite
 * would go on writing after a hole and leave a database that no longer opens.
 * So each write transaction first checks them (two stat(2), about two
 * microseconds) and fails with StoreUnavailable (503): 'gone' for a database
 * file removed or replaced, 'damaged' for a file truncated or a `-wal`
 * removed or replaced; the readiness probe answers 503 for the same reasons.
 * A damaged file stays damaged for this process: what was lost does not come
 * back when the file grows again.
 *
 * The `-wal` may shrink by right: a checkpoint that truncates it (this
 * server's, checkpoint.ts, or another process's). Then the wal-index (the `-shm`,
 * which SQLite maps into memory) says how many frames it holds, and a `-wal`
 * shorter than those frames is damage.
 *
 * The `-shm` truncated while SQLite has it mapped kills the process with
 * SIGBUS at the next read of it (any transaction, reads included). It is
 * checked before every statement SQLite runs (one fstat(2) on a descriptor
 * kept open) and, found shorter, given back its length (zeros): SQLite then
 * rebuilds its index from the `-wal`, with nothing lost (the audit's window
 * of notes, if one is open, is rolled back: its commit would write pages read
 * without the index). A truncation that lands between the check and SQLite's
 * read still kills it (docs/deployment.md).
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { endianness } from 'node:os';
import type { FileDamage } from '../types.js';
import { StoreUnavailable } from '../unavailable.js';

/** What became of the opened files: nothing (the same, whole), or which one was removed, replaced or truncated. */
export type FileChange =
  | undefined
  /** The database file removed or replaced (not sticky: the file moved back is served again). */
  | 'missing'
  | 'replaced'
  /** Damage (sticky): the database file shorter than it was; the `-wal` shorter than its frames, removed or replaced. */
  | 'shrunk'
  | 'walTruncated'
  | 'walReplaced';

export interface FileGuard {
  /** Throws StoreUnavailable ('gone', 'damaged') when a file was removed, replaced or truncated since it was opened. */
  beforeWrite(): void;
  /** Before a statement: a `-shm` found shorter than SQLite mapped it is given its length back (no SIGBUS). */
  beforeRead(): void;
  /** What became of the files (asynchronous: for the readiness probe). */
  change(): Promise<FileChange>;
  /** What the wal-index says of the `-wal` now (checkpoint.ts). */
  index(): WalIndex | undefined;
  /** This process's checkpoint truncated the `-wal` (checkpoint.ts): its length starts again from 0. */
  checkpointed(): void;
  /** Closes the descriptor kept on the `-shm`. */
  close(): void;
  /**
   * Told, at once, when a `-shm` was given its length back: a transaction open then (the audit's window of notes)
   * must be rolled back, not committed (group-commit.ts `abandon`).
   */
  healed: (() => void) | undefined;
}

export interface FileGuardOptions {
  /** Told once of each damage found (the log), and of a `-shm` given its length back (`shmRestored`). */
  readonly told?: (what: FileDamage) => void;
}

/** The database file, or undefined when it is the same file, at least as long as when last seen. */
function dbChange(opened: Stats, now: Stats | undefined, longest: number): FileChange {
  if (now === undefined) return 'missing';
  if (now.ino !== opened.ino || now.dev !== opened.dev) return 'replaced';
  return now.size < longest ? 'shrunk' : undefined;
}

/** What the wal-index (the `-shm`) says of the `-wal`: the frames it holds, and how many of them are in the database file. */
export interface WalIndex {
  readonly frames: number;
  readonly backfilled: number;
}

/** The wal-index read from the `-shm`'s descriptor, or undefined when it cannot be read whole and stable. */
export function walIndex(shm: number | undefined): WalIndex | undefined {
  if (shm === undefined) return undefined;
  const header = Buffer.alloc(100);
  try {
    if (readSync(shm, header, 0, 100, 0) < 100) return undefined;
  } catch {
    return undefined;
  }
  // Two copies of the header, written one after the other: different, SQLite is changing it.
  if (!header.subarray(0, 48).equals(header.subarray(48, 96))) return undefined;
  // WalIndexHdr.mxFrame and WalCkptInfo.nBackfill, in the machine's byte order.
  const le = endianness() === 'LE';
  return {
    frames: le ? header.readUInt32LE(16) : header.readUInt32BE(16),
    backfilled: le ? header.readUInt32LE(96) : header.readUInt32BE(96),
  };
}

/** The guard of the database opened at `path`, with pages of `pageSize` bytes; none for `:memory:`, which has no file. */
export function fileGuard(path: string, pageSize: number, options: FileGuardOptions = {}): FileGuard | undefined {
  if (path === ':memory:' || path === '') return undefined;
  const wal = `${path}-wal`;
  const opened = statSync(path);
  let longest = opened.size;
  let walOpened = statSync(wal, { throwIfNoEntry: false });
  let walLongest = walOpened?.size ?? 0;
  let shm: number | undefined;
  let shmLongest = 0;
  /** A `-shm` given its length back holds zeros: its index no longer says what the `-wal` held. */
  let indexLost = false;
  let damage: FileChange;

  const damaged = (what: Exclude<FileChange, undefined | 'missing' | 'replaced'>): FileChange => {
    if (damage === undefined) {
      damage = what;
      options.told?.(what);
    }
    return damage;
  };

  /** The `-wal` now: damage, or undefined (and its length recorded) when whole. */
  const walChange = (now: Stats | undefined): FileChange => {
    if (walOpened === undefined) {
      // Not made yet when the database was opened: its first appearance is the one opened.
      walOpened = now;
      walLongest = now?.size ?? 0;
      return undefined;
    }
    if (now === undefined || now.ino !== walOpened.ino || now.dev !== walOpened.dev) return damaged('walReplaced');
    if (now.size < walLongest) {
      // Another process's checkpoint that truncated it reset the index too.
      const frames = indexLost ? undefined : walIndex(shm)?.frames;
      if (frames === undefined) {
        if (indexLost) return damaged('walTruncated');
        // The index changing under another process's hand: checked again at the next write.
        return undefined;
      }
      if (now.size < (frames === 0 ? 0 : 32 + frames * (pageSize + 24))) return damaged('walTruncated');
    }
    walLongest = now.size;
    return undefined;
  };

  const check = (db: Stats | undefined, w: Stats | undefined): FileChange => {
    if (damage !== undefined) return damage;
    const file = dbChange(opened, db, longest);
    if (file === 'shrunk') return damaged('shrunk');
    if (file !== undefined) return file;
    longest = db!.size;
    return walChange(w);
  };

  const guard: FileGuard = {
    beforeWrite() {
      guard.beforeRead();
      const found = check(statSync(path, { throwIfNoEntry: false }), statSync(wal, { throwIfNoEntry: false }));
      if (found === 'missing' || found === 'replaced') throw new StoreUnavailable('gone');
      if (found !== undefined) throw new StoreUnavailable('damaged');
    },
    beforeRead() {
      if (shm === undefined) {
        try {
          shm = openSync(`${path}-shm`, 'r+');
        } catch {
          return;
        }
      }
      const size = fstatSync(shm).size;
      if (size >= shmLongest) {
        shmLongest = size;
        return;
      }
      ftruncateSync(shm, shmLongest);
      indexLost = true;
      guard.healed?.();
      options.told?.('shmRestored');
    },
    async change() {
      if (damage !== undefined) return damage;
      const [db, w] = await Promise.all([stat(path).catch(() => undefined), stat(wal).catch(() => undefined)]);
      return check(db, w);
    },
    index() {
      guard.beforeRead();
      return walIndex(shm);
    },
    checkpointed() {
      walLongest = 0;
    },
    close() {
      if (shm !== undefined) closeSync(shm);
      shm = undefined;
    },
    healed: undefined,
  };
  return guard;
}
