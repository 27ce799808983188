/**
 * A pid lock file: `<lock>` holds the id of the process that works on
 * something (a draft, a batch's journal), so that a second process refuses
 * instead of doing the same work twice. A lock left by a process that is gone
 * is taken over. The file is private (0600).
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { UsageError } from './exit-codes.js';

/** What the lock's errors say, in the run's language (i18n/messages). */
export interface LockWords {
  /** The lock file cannot be written, and why. */
  readonly cannotLock: (why: string) => string;
  /** A live process holds it: its id, and the lock file (to remove if that process is not coopctl). */
  readonly busy: (pid: number, lock: string) => string;
}

/** Whether a process of that id runs (one of another user's counts too). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file for this process, or throws a UsageError (another live
 * process holds it, or it cannot be written). Returns the release function
 * (a lock gone already is fine).
 */
export function takePidLock(lock: string, words: LockWords): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0)
        throw new UsageError(words.cannotLock((err as Error).message.split('\n')[0]!));
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new UsageError(words.busy(pid, lock));
      // Left by a run that ended without releasing it (killed): take it over.
      unlinkSync(lock);
    }
  }
  return () => {
    try {
      unlinkSync(lock);
    } catch {
      // Gone already.
    }
  };
}
