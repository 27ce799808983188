/**
 * A new database file is private to its owner: its folder (when coopctl
 * creates it) 0700, the file 0600. SQLite gives the -wal and -shm files it
 * creates next to it the database file's mode, so they are private too. An
 * existing file or folder is left as it is (the user chose it).
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** Creates the folders and the empty file of `path` if missing (SQLite takes an empty file as a new database). */
export function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
