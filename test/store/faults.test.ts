/** Which SQLite result codes are storage faults, and what the store says for each. */
import { describe, expect, it } from 'vitest';
import { faultOf, unavailable } from '../../src/server/store/sqlite/faults.js';
import { StoreUnavailable } from '../../src/server/store/unavailable.js';

const sqliteError = (code: string) => Object.assign(new Error('sqlite says'), { code });

describe('storage faults', () => {
  it.each([
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'busy'],
    ['SQLITE_BUSY_RECOVERY', 'busy'],
    ['SQLITE_LOCKED', 'busy'],
    ['SQLITE_LOCKED_SHAREDCACHE', 'busy'],
    ['SQLITE_FULL', 'full'],
    ['SQLITE_READONLY', 'readonly'],
    ['SQLITE_READONLY_DBMOVED', 'readonly'],
    ['SQLITE_IOERR', 'io'],
    ['SQLITE_IOERR_WRITE', 'io'],
    ['SQLITE_IOERR_FSYNC', 'io'],
    ['SQLITE_CANTOPEN', 'io'],
  ])('%s is a storage fault: %s', (code, reason) => {
    expect(faultOf(sqliteError(code))).toBe(reason);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_CORRUPT', 'SQLITE_BUSYNESS', 'SQLITE_MISMATCH'])(
    '%s is not',
    (code) => {
      expect(faultOf(sqliteError(code))).toBeUndefined();
      expect(unavailable(sqliteError(code))).toBeInstanceOf(Error);
      expect(unavailable(sqliteError(code))).not.toBeInstanceOf(StoreUnavailable);
    },
  );

  it('a storage fault becomes StoreUnavailable with its message and Retry-After', () => {
    const err = unavailable(sqliteError('SQLITE_IOERR_WRITE'));
    expect(err).toBeInstanceOf(StoreUnavailable);
    expect(err).toMatchObject({
      reason: 'io',
      retryAfter: 10,
      message: 'the database file could not be read or written (I/O error); nothing was changed, try again',
    });
  });
});
