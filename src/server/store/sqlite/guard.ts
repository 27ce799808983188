/**
 * Never waiting on a lock with the event loop blocked. The server's
 * connection has busy_timeout 0, so a statement that needs the write lock
 * another process holds fails at once with SQLITE_BUSY (and changed nothing:
 * the transaction never began, or was rolled back). Every repository method
 * is wrapped so that such a call is tried again on timers, with backoff,
 * until it succeeds or `lockWaitMs` have passed (then StoreUnavailable
 * 'busy'). Other storage faults (full disk, read-only file, I/O error) become
 * StoreUnavailable at once. A call that succeeds the first time stays
 * synchronous when the method is (the fast read path).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { isPromise, type MaybePromise } from '../../maybe-promise.js';
import { StoreUnavailable, type UnavailableReason } from '../unavailable.js';
import { faultOf, unavailable } from './faults.js';

/** How long a request waits, retrying, for a lock held elsewhere, unless told otherwise. */
export const LOCK_WAIT_MS = 2000;

/** The first pause between two tries, doubled each time up to the last one. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/** What a guarded area tells, and runs before each call. */
export interface GuardHooks {
  /** Runs before each call (the `-shm`'s check, file-guard.ts: every statement reads the index SQLite maps from it). */
  readonly before?: (() => void) | undefined;
  /** Told of each storage fault other than a lock (a full disk, an I/O error, a read-only file): readiness.ts. */
  readonly fault?: ((reason: UnavailableReason) => void) | undefined;
}

/** The area with each of its methods guarded (see the file's header). */
export function guardArea<T extends object>(area: T, lockWaitMs: number, hooks: GuardHooks = {}): T {
  const { before, fault } = hooks;
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(area)) {
    const bare = method as (...args: unknown[]) => MaybePromise<unknown>;
    const call = before
      ? (...args: unknown[]) => {
          before();
          return bare(...args);
        }
      : bare;
    guarded[name] = (...args: unknown[]): MaybePromise<unknown> => {
      // The first try costs no closure and no clock reading: the common case, and the fast read path.
      try {
        const value = call(...args);
        return isPromise(value)
          ? value.catch((err: unknown) => recover(err, () => call(...args), lockWaitMs, fault))
          : value;
      } catch (err) {
        return recover(err, () => call(...args), lockWaitMs, fault);
      }
    };
  }
  return guarded as T;
}

/** After a failed first try: the retries when the database was busy, else the error to pass on (thrown). */
function recover<T>(
  err: unknown,
  work: () => MaybePromise<T>,
  lockWaitMs: number,
  fault: GuardHooks['fault'],
): Promise<T> {
  const reason = faultOf(err);
  if (reason !== 'busy') {
    if (reason !== undefined) fault?.(reason);
    throw unavailable(err);
  }
  return retry(work, lockWaitMs, performance.now(), fault);
}

async function retry<T>(
  work: () => MaybePromise<T>,
  lockWaitMs: number,
  started: number,
  fault: GuardHooks['fault'],
): Promise<T> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MS)) {
    const left = lockWaitMs - (performance.now() - started);
    if (left <= 0) throw new StoreUnavailable('busy');
    await sleep(Math.min(pause, left));
    try {
      return await work();
    } catch (err) {
      const reason = faultOf(err);
      if (reason !== 'busy') {
        if (reason !== undefined) fault?.(reason);
        throw unavailable(err);
      }
    }
  }
}
