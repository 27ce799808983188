/**
 * Which PostgreSQL errors are faults of the database rather than of the
 * request: the server unreachable or the connection lost, no free
 * connection, a read-only server (a replica, or a primary turned standby), a
 * full disk, a lock held too long, a statement past its time limit, a server
 * that does not answer. They become StoreUnavailable (503 with Retry-After);
 * the transaction they broke was rolled back, so nothing was changed (but
 * for a server that never answered a COMMIT: 'unanswered' says so).
 */
import { StoreUnavailable, type UnavailableReason } from '../unavailable.js';
import { noAnswer, sqlState } from './pool.js';

/** SQLSTATE codes, and classes (two characters), and their reason. */
const STATES: Readonly<Record<string, UnavailableReason>> = {
  '08': 'down', // connection exception
  '57P01': 'down', // admin shutdown
  '57P02': 'down', // crash shutdown
  '57P03': 'down', // cannot connect now (starting up, shutting down)
  '53300': 'saturated', // too many connections
  '53100': 'full', // disk full
  '53200': 'io', // out of memory
  '58030': 'io', // I/O error
  '25006': 'replica', // read-only SQL transaction
  '55P03': 'busy', // lock not available (lock_timeout)
  '57014': 'timeout', // query cancelled (statement timeout)
  '40001': 'busy', // serialization failure, after the retries
  '40P01': 'busy', // deadlock, after the retries
};

/** Socket and driver errors that mean the server cannot be reached or the connection was lost. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DRIVER_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|not queryable/i;

/** The fault an error is, or undefined for any other error (a bug, a constraint). */
export function pgFault(err: unknown): UnavailableReason | undefined {
  if (noAnswer(err)) return 'unanswered';
  const state = sqlState(err);
  if (state) return STATES[state] ?? STATES[state.slice(0, 2)];
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NETWORK.has(code)) return 'down';
  return err instanceof Error && DRIVER_MESSAGES.test(err.message) ? 'down' : undefined;
}

/** The error to pass on: a fault as StoreUnavailable, anything else as it is. */
export function pgUnavailable(err: unknown): unknown {
  const reason = pgFault(err);
  return reason === undefined ? err : new StoreUnavailable(reason);
}

/** The area with each of its (asynchronous) methods answering faults as StoreUnavailable. */
export function guardPg<T extends object>(area: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(area)) {
    const call = method as (...args: unknown[]) => Promise<unknown>;
    guarded[name] = (...args: unknown[]) =>
      call(...args).catch((err: unknown) => {
        throw pgUnavailable(err);
      });
  }
  return guarded as T;
}
