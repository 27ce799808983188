/**
 * Never waiting on a lock with the event loop blocked. The server's
 * connection has busy_timeout 0, so a statement that needs the write lock
 * another process holds fails at once with SQLITE_BUSY (and changed nothing:
 * the transaction never began, or was rolled back). Every repository method
 * is wrapped so that such a call is tried again on timers, with backoff,
 * until it succeeds or `lockWaitMs` have passed (then StoreUnavailable
 * 'busy'). Other storage faults (full disk, read-only file, I/O error) become
 * StoreUnavailable at once. A hot read's `now` (the server's fast path)
 * stays synchronous, with the same check before each call and its faults
 * made StoreUnavailable too, `busy` included: the fast path then asks the
 * guarded method, which waits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
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
    const bare = method as ((...args: unknown[]) => Promise<unknown>) & { now?: (...args: unknown[]) => unknown };
    const call = checked(before, bare);
    const now = bare.now && atOnce(checked(before, bare.now), fault);
    // The first try costs no closure and no clock reading: the common case.
    const tried = async (...args: unknown[]): Promise<unknown> => {
      try {
        return await call(...args);
      } catch (err) {
        return recover(err, () => call(...args), lockWaitMs, fault);
      }
    };
    guarded[name] = now ? Object.assign(tried, { now }) : tried;
  }
  return guarded as T;
}

/** A function with `before` run before each call. */
function checked<A extends unknown[], R>(before: (() => void) | undefined, f: (...args: A) => R): (...args: A) => R {
  return before
    ? (...args: A) => {
        before();
        return f(...args);
      }
    : f;
}

/**
 * A hot read's `now`, its storage faults made StoreUnavailable (and told) as
 * the method's are: `busy` too, which the fast path does not wait for on
 * the event loop but hands to the method, which waits on timers.
 */
function atOnce<A extends unknown[], R>(f: (...args: A) => R, fault: GuardHooks['fault']): (...args: A) => R {
  return (...args: A) => {
    try {
      return f(...args);
    } catch (err) {
      const reason = faultOf(err);
      if (reason !== undefined && reason !== 'busy') fault?.(reason);
      throw unavailable(err);
    }
  };
}

/** After a failed first try: the retries when the database was busy, else the error to pass on (thrown). */
function recover<T>(err: unknown, work: () => Promise<T>, lockWaitMs: number, fault: GuardHooks['fault']): Promise<T> {
  const reason = faultOf(err);
  if (reason !== 'busy') {
    if (reason !== undefined) fault?.(reason);
    throw unavailable(err);
  }
  return retry(work, lockWaitMs, performance.now(), fault);
}

async function retry<T>(
  work: () => Promise<T>,
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
