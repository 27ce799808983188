/** The store cannot serve a request for a reason outside the request: the database is locked elsewhere, the disk is full, ... */

/**
 * Why: another process holds the lock, the disk is full, the file is
 * read-only, or the disk failed; with PostgreSQL also: the server cannot be
 * reached, it has no connection to spare, or it is a read-only replica.
 */
export type UnavailableReason = 'busy' | 'full' | 'readonly' | 'io' | 'gone' | 'down' | 'saturated' | 'replica';

/** What is wrong, in words (also the start-up error when the database cannot be opened). */
export const REASON_TEXT: Record<UnavailableReason, string> = {
  busy: 'the database is locked by another process',
  full: 'the disk is full',
  readonly: 'the database file is read-only',
  io: 'the database file could not be read or written (I/O error)',
  gone: 'the database file was removed or replaced',
  down: 'the database server cannot be reached',
  saturated: 'the database server has no connection to spare',
  replica: 'the database server is a read-only replica',
};

/** What the client is told (nothing was changed: a refused write is rolled back whole). */
const ADVICE: Record<UnavailableReason, string> = {
  busy: 'nothing was changed, try again',
  full: 'nothing was changed, try again when there is space',
  readonly: 'nothing was changed',
  io: 'nothing was changed, try again',
  gone: 'nothing was changed; the server must be restarted on the database file',
  down: 'nothing was changed, try again',
  saturated: 'nothing was changed, try again',
  replica: 'nothing was changed, try again when the primary is back',
};

/** Seconds after which trying again makes sense: a lock is short-lived, the others need someone to act. */
const RETRY_AFTER: Record<UnavailableReason, number> = {
  busy: 1,
  full: 60,
  readonly: 60,
  io: 10,
  gone: 60,
  down: 5,
  saturated: 1,
  replica: 10,
};

/** A request the store could not serve now; the HTTP layer answers it with 503 and `Retry-After`. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
  /** Seconds, for `Retry-After`. */
  readonly retryAfter: number;
  constructor(readonly reason: UnavailableReason) {
    super(`${REASON_TEXT[reason]}; ${ADVICE[reason]}`);
    this.retryAfter = RETRY_AFTER[reason];
  }
}
