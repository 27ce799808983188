/** The store cannot serve a request for a reason outside the request: the database is locked elsewhere, the disk is full, ... */
import { unavailable } from '../words.js';

/**
 * Why: another process holds the lock, the disk is full, the file is
 * read-only, or the disk failed, the database file was removed or replaced, or
 * a file of the database was truncated (damaged); with PostgreSQL also: the server cannot be
 * reached, it has no connection to spare, it is a read-only replica, a
 * statement ran past its time limit, or the server gave no answer in time.
 */
export type UnavailableReason =
  | 'busy'
  | 'full'
  | 'readonly'
  | 'io'
  | 'gone'
  | 'damaged'
  | 'down'
  | 'saturated'
  | 'replica'
  | 'timeout'
  | 'unanswered';

/** What is wrong, in English words (the start-up error when the database cannot be opened; the log). */
export const REASON_TEXT = Object.fromEntries(
  Object.entries(unavailable).map(([reason, [what]]) => [reason, what.en]),
) as Record<UnavailableReason, string>;

/** Seconds after which trying again makes sense: a lock is short-lived, the others need someone to act. */
const RETRY_AFTER: Record<UnavailableReason, number> = {
  busy: 1,
  full: 60,
  readonly: 60,
  io: 10,
  gone: 60,
  damaged: 60,
  down: 5,
  saturated: 1,
  replica: 10,
  timeout: 2,
  unanswered: 5,
};

/** A request the store could not serve now; the HTTP layer answers it with 503 and `Retry-After`. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
  /** Seconds, for `Retry-After`. */
  readonly retryAfter: number;
  constructor(readonly reason: UnavailableReason) {
    super(`${REASON_TEXT[reason]}; ${unavailable[reason][1].en}`);
    this.retryAfter = RETRY_AFTER[reason];
  }
}
