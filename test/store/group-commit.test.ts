/**
 * Group commit when SQLite rolls back the whole transaction under a write
 * (a full disk does): that write fails, every other write of its batch is
 * answered as what happened to it (stored when answered as stored, absent when
 * refused), never "failed" while stored, nor "stored" while lost.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommit } from '../../src/server/store/sqlite/group-commit.js';
import { tempDir } from './helpers.js';

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** A WAL database with one empty table, which may not grow by a single page. */
function fullDatabase(): { db: Database.Database; path: string } {
  const path = join(tempDir(), 'full.db');
  const db = new Database(path);
  opened.push(db);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (x TEXT)');
  db.pragma('max_page_count = 1');
  return { db, path };
}

function storedRows(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], string>('SELECT x FROM t ORDER BY rowid').pluck().all();
  } finally {
    db.close();
  }
}

describe('group commit', () => {
  it('a write that needs a page the disk cannot give fails alone; the writes before and after it in the batch are stored and answered as stored', async () => {
    const { db, path } = fullDatabase();
    const commit = groupCommit(db);
    const insert = db.prepare<[string], string>('INSERT INTO t VALUES (?) RETURNING x').pluck();
    // 'a' and 'c' fit in the table's page; 10,000 characters need overflow pages.
    const big = 'b'.repeat(10_000);
    const [a, b, c] = await Promise.allSettled(['a', big, 'c'].map((x) => commit.run(() => insert.get(x))));

    expect(a).toEqual({ status: 'fulfilled', value: 'a' });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } });
    expect(c).toEqual({ status: 'fulfilled', value: 'c' });
    expect(storedRows(path)).toEqual(['a', 'c']);
    expect(db.inTransaction).toBe(false);
  });

  it('a batch whose every write needs space refuses each of them and stores nothing', async () => {
    const { db, path } = fullDatabase();
    const commit = groupCommit(db);
    const insert = db.prepare<[string], string>('INSERT INTO t VALUES (?) RETURNING x').pluck();
    const results = await Promise.allSettled(
      ['x', 'y', 'z'].map((x) => commit.run(() => insert.get(x.repeat(10_000)))),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(storedRows(path)).toEqual([]);
  });

  it('tells its meter each batch: its size, and its transaction committed or rolled back', async () => {
    const { db } = fullDatabase();
    const told: Array<[string, number | boolean]> = [];
    const commit = groupCommit(db, {
      transaction: (seconds, committed) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        told.push(['transaction', committed]);
      },
      batch: (writes) => told.push(['batch', writes]),
    });
    const insert = db.prepare<[string], string>('INSERT INTO t VALUES (?) RETURNING x').pluck();
    await Promise.all(['a', 'b', 'c'].map((x) => commit.run(() => insert.get(x))));
    await commit.run(() => insert.get('d'));
    // The write SQLite undoes the whole transaction for: that batch rolls back, the other write runs again alone.
    await Promise.allSettled([commit.run(() => insert.get('e'.repeat(10_000))), commit.run(() => insert.get('f'))]);
    expect(told).toEqual([
      ['transaction', true],
      ['batch', 3],
      ['transaction', true],
      ['batch', 1],
      ['transaction', false],
      ['transaction', true],
      ['batch', 1],
    ]);
  });
});
