/**
 * Whether a SQLite database file is still the one the server opened. Removed
 * (`rm`) or replaced (a restore by `mv`, another database copied over it)
 * while the server runs, the server would go on writing into a file nobody
 * will see again: every acknowledged write lost at the next start. So each
 * write transaction first checks the file (one stat(2), about a microsecond)
 * and fails with StoreUnavailable 'gone' (503) when it is not the same; the
 * readiness probe answers 503 for the same reason.
 */
import { statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StoreUnavailable } from '../unavailable.js';

/** What became of the opened file: nothing (the same file), or removed, or replaced. */
export type FileChange = undefined | 'missing' | 'replaced';

function changeOf(opened: Stats, now: Stats | undefined): FileChange {
  if (now === undefined) return 'missing';
  return now.ino !== opened.ino || now.dev !== opened.dev ? 'replaced' : undefined;
}

export interface FileGuard {
  /** Throws StoreUnavailable('gone') when the file was removed or replaced since it was opened. */
  beforeWrite(): void;
  /** What became of the file (asynchronous: for the readiness probe). */
  change(): Promise<FileChange>;
}

/** The guard of the database opened at `path`; none for `:memory:`, which has no file. */
export function fileGuard(path: string): FileGuard | undefined {
  if (path === ':memory:' || path === '') return undefined;
  const opened = statSync(path);
  return {
    beforeWrite() {
      if (changeOf(opened, statSync(path, { throwIfNoEntry: false })) !== undefined) throw new StoreUnavailable('gone');
    },
    async change() {
      return changeOf(opened, await stat(path).catch(() => undefined));
    },
  };
}
