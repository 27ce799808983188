/**
 * Group commit when SQLite rolls back the whole transaction under a write
 * (a full disk does): that write fails, every other write of its batch is
 * answered as what happened to it (stored when answered as stored, absent when
 * refused), never "failed" while stored, nor "stored" while lost. And the
 * notes of the access audit: held in an open transaction, committed together.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommit, NOTES_HELD, NOTES_WINDOW_MS } from '../../src/server/store/sqlite/group-commit.js';
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
      meter: {
        transaction: (seconds, committed) => {
          expect(seconds).toBeGreaterThanOrEqual(0);
          told.push(['transaction', committed]);
        },
        batch: (writes) => told.push(['batch', writes]),
      },
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

/** A WAL database with a table of notes and one of writes (room to grow). */
function roomyDatabase(): { db: Database.Database; path: string } {
  const path = join(tempDir(), 'notes.db');
  const db = new Database(path);
  opened.push(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // As the server's connection: a lock held elsewhere fails at once.
  db.pragma('busy_timeout = 0');
  db.exec('CREATE TABLE t (x TEXT); CREATE TABLE n (x TEXT)');
  return { db, path };
}

const rows = (path: string, table: 't' | 'n') => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], string>(`SELECT x FROM ${table} ORDER BY rowid`).pluck().all();
  } finally {
    db.close();
  }
};

describe('the notes of the access audit (a window of records, group-commit.ts)', () => {
  it('a note is held in an open transaction (the write lock ours), committed by settle or at the end of its window', async () => {
    const { db, path } = roomyDatabase();
    const state = { notesOpen: false };
    const commit = groupCommit(db, { state });
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    commit.note(() => note.run('a'));
    commit.note(() => note.run('b'));
    expect([db.inTransaction, state.notesOpen]).toEqual([true, true]);
    // Another connection cannot write meanwhile, and does not see them yet.
    const other = new Database(path, { timeout: 0 });
    opened.push(other);
    expect(() => other.exec("INSERT INTO t VALUES ('other')")).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    expect(rows(path, 'n')).toEqual([]);
    commit.settle();
    expect([db.inTransaction, state.notesOpen, db.pragma('synchronous', { simple: true })]).toEqual([false, false, 2]);
    expect(rows(path, 'n')).toEqual(['a', 'b']);

    commit.note(() => note.run('c'));
    await new Promise((resolve) => setTimeout(resolve, NOTES_WINDOW_MS * 4));
    expect([db.inTransaction, rows(path, 'n')]).toEqual([false, ['a', 'b', 'c']]);
  });

  it('a batch of writes commits the open notes first, then itself with a durable commit; notes that follow writes wait for their window', async () => {
    const { db, path } = roomyDatabase();
    const told: boolean[] = [];
    const commit = groupCommit(db, { meter: { transaction: (_s, ok) => told.push(ok), batch: () => undefined } });
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    const write = db.prepare<[string]>('INSERT INTO t VALUES (?)');
    commit.note(() => note.run('read'));
    await commit.run(() => write.run('w1'));
    expect([rows(path, 'n'), rows(path, 't'), told]).toEqual([['read'], ['w1'], [true, true]]);
    // The record of that write follows it: no transaction begun for it, nor is it in the next write's.
    commit.note(() => note.run('of w1'), true);
    expect(db.inTransaction).toBe(false);
    await commit.run(() => write.run('w2'));
    expect([rows(path, 'n'), rows(path, 't'), told]).toEqual([['read'], ['w1', 'w2'], [true, true, true]]);
    // The end of its window commits it.
    await new Promise((resolve) => setTimeout(resolve, NOTES_WINDOW_MS * 4));
    expect([rows(path, 'n'), told]).toEqual([
      ['read', 'of w1'],
      [true, true, true, true],
    ]);
  });

  it('a lock held elsewhere: the note that would begin a window throws SQLITE_BUSY and is not kept; a note that follows waits for it', async () => {
    const { db, path } = roomyDatabase();
    const commit = groupCommit(db);
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    const other = new Database(path);
    opened.push(other);
    other.exec('BEGIN IMMEDIATE');
    expect(() => commit.note(() => note.run('refused'))).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(db.inTransaction).toBe(false);
    commit.note(() => note.run('follows'), true);
    // Its window ends while the lock is held elsewhere: it waits for the next one.
    await new Promise((resolve) => setTimeout(resolve, NOTES_WINDOW_MS * 2));
    expect(rows(path, 'n')).toEqual([]);
    other.exec('COMMIT');
    await new Promise((resolve) => setTimeout(resolve, NOTES_WINDOW_MS * 4));
    expect(rows(path, 'n')).toEqual(['follows']);
  });

  it('the database file removed: a note is refused (the window committed into the file it had); notes a full disk undoes are reported lost', () => {
    const { db, path } = roomyDatabase();
    let gone = false;
    const lostNotes: number[] = [];
    const commit = groupCommit(db, {
      beforeEach: () => {
        if (gone) throw new Error('gone');
      },
      lost: (_err, count) => lostNotes.push(count),
    });
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    commit.note(() => note.run('before'));
    gone = true;
    // Checked at most once a millisecond in an open window.
    const until = performance.now() + 2;
    while (performance.now() < until);
    expect(() => commit.note(() => note.run('after'))).toThrow('gone');
    expect([db.inTransaction, rows(path, 'n'), lostNotes]).toEqual([false, ['before'], []]);

    gone = false;
    db.pragma('max_page_count = 2');
    commit.note(() => note.run('x'.repeat(20_000)));
    commit.note(() => note.run('fits'));
    commit.settle();
    // A full disk makes SQLite undo the whole transaction: both notes of the window are lost, and reported.
    expect(lostNotes).toEqual([2]);
    expect([db.inTransaction, db.pragma('synchronous', { simple: true })]).toEqual([false, 2]);
    expect(rows(path, 'n')).toEqual(['before']);
  });

  it(`at most ${NOTES_HELD} notes are held in memory: more are inserted into the open window, still committed only at its end`, () => {
    const { db, path } = roomyDatabase();
    const commit = groupCommit(db);
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    const inWindow = db.prepare<[], number>('SELECT count(*) FROM n').pluck();
    const names = Array.from({ length: NOTES_HELD * 2 + 1 }, (_, i) => `r${i}`);
    for (const name of names.slice(0, NOTES_HELD - 1)) commit.note(() => note.run(name));
    expect(inWindow.get()).toBe(0);
    commit.note(() => note.run(names[NOTES_HELD - 1]!));
    // Inserted in the open transaction (this connection sees them), not committed (another does not).
    expect([inWindow.get(), rows(path, 'n')]).toEqual([NOTES_HELD, []]);
    for (const name of names.slice(NOTES_HELD)) commit.note(() => note.run(name));
    expect([inWindow.get(), db.inTransaction]).toEqual([NOTES_HELD * 2, true]);
    commit.settle();
    expect(rows(path, 'n')).toEqual(names);
  });

  it('a full disk under the notes inserted early: the note that finds it is refused, the others of its window reported lost', () => {
    const { db, path } = roomyDatabase();
    const lostNotes: number[] = [];
    const commit = groupCommit(db, { lost: (_err, count) => lostNotes.push(count) });
    const note = db.prepare<[string]>('INSERT INTO n VALUES (?)');
    db.pragma('max_page_count = 2');
    for (let i = 0; i < NOTES_HELD - 1; i++) commit.note(() => note.run(i === 0 ? 'x'.repeat(20_000) : `r${i}`));
    expect(() => commit.note(() => note.run('last'))).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }));
    expect([lostNotes, db.inTransaction, db.pragma('synchronous', { simple: true })]).toEqual([
      [NOTES_HELD - 1],
      false,
      2,
    ]);
    db.pragma('max_page_count = 1000');
    commit.note(() => note.run('after'));
    commit.settle();
    expect(rows(path, 'n')).toEqual(['after']);
  });
});
