/**
 * A backup of a SQLite database, consistent while its server runs and writes
 * (`coopctl backup`): `VACUUM INTO` on a read-only connection of its own,
 * which reads one snapshot of the database (the file and its `-wal`, as of
 * one commit: a read transaction, so the server's writes go on meanwhile and
 * none of them is half in the copy) and writes it whole into a new file, its
 * free space left out (so no erased text either). Copying the file with `cp`
 * while the server runs is not a backup: the writes since the last checkpoint
 * are in the `-wal`, and a copy of both is not of one moment.
 *
 * The copy is written to a private file (0600) beside DEST, flushed to disk
 * (VACUUM INTO does not sync its output), checked (`quick_check`, schema
 * version) and only then renamed to DEST; DEST may not exist already.
 */
import { closeSync, constants, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sqliteBinding } from './binding.js';
import { createPrivateFile } from './private-file.js';

/** What a backup made. */
export interface BackupMade {
  readonly bytes: number;
  /** The copy's schema version (`user_version`). */
  readonly schema: number;
}

/** Why a backup was not made, as data (the CLI words it). */
export type BackupProblem =
  | { readonly kind: 'noSource'; readonly path: string }
  | { readonly kind: 'destExists'; readonly path: string }
  | { readonly kind: 'notCoopctl'; readonly path: string }
  | { readonly kind: 'failed'; readonly path: string; readonly detail: string };

export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(readonly problem: BackupProblem) {
    super(`${problem.kind}: ${problem.path}`);
  }
}

/** How long the backup's connection waits for a lock (only a recovery of the -wal takes one a reader waits on). */
const LOCK_WAIT_MS = 5000;

/** Flushes a file (or a folder, after a rename) to disk. */
export function sync(path: string): void {
  const fd = openSync(path, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Backs up the SQLite database at `source` into the new file `dest`; throws BackupError when it cannot. */
export function backupSqlite(source: string, dest: string): BackupMade {
  if (!existsSync(source)) throw new BackupError({ kind: 'noSource', path: source });
  if (existsSync(dest)) throw new BackupError({ kind: 'destExists', path: dest });
  const Database = sqliteBinding();
  const partial = join(dirname(dest), `.${basename(dest)}.partial-${process.pid}`);
  let db: InstanceType<typeof Database> | undefined;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS });
    if ((db.pragma('user_version', { simple: true }) as number) === 0)
      throw new BackupError({ kind: 'notCoopctl', path: source });
    createPrivateFile(partial);
    db.prepare('VACUUM INTO ?').run(partial);
    db.close();
    db = undefined;
    sync(partial);
    const copy = new Database(partial, { readonly: true, fileMustExist: true });
    let schema: number;
    try {
      const check = copy.pragma('quick_check', { simple: true }) as string;
      if (check !== 'ok') throw new BackupError({ kind: 'failed', path: dest, detail: `quick_check: ${check}` });
      schema = copy.pragma('user_version', { simple: true }) as number;
    } finally {
      copy.close();
    }
    if (existsSync(dest)) throw new BackupError({ kind: 'destExists', path: dest });
    renameSync(partial, dest);
    sync(dirname(dest));
    return { bytes: statSync(dest).size, schema };
  } catch (err) {
    db?.close();
    rmSync(partial, { force: true });
    if (err instanceof BackupError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'SQLITE_NOTADB') throw new BackupError({ kind: 'notCoopctl', path: source });
    throw new BackupError({
      kind: 'failed',
      path: dest,
      detail: err instanceof Error ? err.message : String(err),
    });
  }
}
