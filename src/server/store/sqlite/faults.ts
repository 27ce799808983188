/** Which SQLite errors are storage faults (a lock, a full disk, a read-only file, the disk), rather than a bug or a constraint. */
import { StoreUnavailable, type UnavailableReason } from '../unavailable.js';

/** Result-code prefixes (better-sqlite3 reports extended codes: SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE, ...) and their reason. */
const REASONS: ReadonlyArray<readonly [prefix: string, reason: UnavailableReason]> = [
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
  // The WAL lock protocol lost a race with another process: as transient as a lock.
  ['SQLITE_PROTOCOL', 'busy'],
  ['SQLITE_FULL', 'full'],
  ['SQLITE_READONLY', 'readonly'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_CANTOPEN', 'io'],
];

/** The storage fault an error is, or undefined for any other error. */
export function faultOf(err: unknown): UnavailableReason | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  for (const [prefix, reason] of REASONS) if (code === prefix || code.startsWith(`${prefix}_`)) return reason;
  return undefined;
}

/** The error to pass on: a storage fault as StoreUnavailable, anything else as it is. */
export function unavailable(err: unknown): unknown {
  const reason = faultOf(err);
  return reason === undefined ? err : new StoreUnavailable(reason);
}
