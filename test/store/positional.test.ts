/**
 * A statement written once with named parameters, as each database takes it
 * (sql/query.ts `positional`): SQLite with `?` in the order of the names'
 * places, PostgreSQL with `$n`, one position per name. Quoted strings and
 * identifiers are left as written. The last case runs both forms on a real
 * SQLite connection.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { positional, valuesOf } from '../../src/server/store/sql/query.js';

const TEXT = `SELECT * FROM t WHERE a = @a AND note = 'it''s @b?' AND "@c" = @c AND again = @a`;
const question = () => '?';
const dollar = (n: number) => `$${n}`;

describe('a statement with positional parameters', () => {
  it('on SQLite: one ? for each place of a name, in order', () => {
    expect(positional(TEXT, question, false)).toEqual({
      text: `SELECT * FROM t WHERE a = ? AND note = 'it''s @b?' AND "@c" = ? AND again = ?`,
      names: ['a', 'c', 'a'],
    });
  });

  it('on PostgreSQL: one $n for each name, used again where the name is', () => {
    expect(positional(TEXT, dollar, true)).toEqual({
      text: `SELECT * FROM t WHERE a = $1 AND note = 'it''s @b?' AND "@c" = $2 AND again = $1`,
      names: ['a', 'c'],
    });
  });

  it('a statement written with ? keeps its positions, and has no names', () => {
    expect(positional('INSERT INTO t (a, b) VALUES (?, ?), (?, ?)', dollar, true)).toEqual({
      text: 'INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)',
      names: undefined,
    });
  });

  it("binds the values of the names in their places, each as the database's bindable makes it", () => {
    const bindable = (v: unknown) => (v === undefined ? null : v);
    expect(valuesOf({ a: 1, c: 'x' }, ['a', 'c', 'a'], bindable)).toEqual([1, 'x', 1]);
    expect(valuesOf({ a: 1 }, ['a', 'c'], bindable)).toEqual([1, null]);
    expect(valuesOf([2, undefined], undefined, bindable)).toEqual([2, null]);
    expect(valuesOf(undefined, undefined, bindable)).toEqual([]);
  });

  it('runs on SQLite with the same answer as the named form', () => {
    const db = new Database(':memory:');
    try {
      db.exec(`CREATE TABLE t (a INTEGER, note TEXT, "@c" TEXT, again INTEGER);
               INSERT INTO t VALUES (1, 'it''s @b?', 'x', 1), (1, 'it''s @b?', 'y', 1), (2, 'it''s @b?', 'x', 1)`);
      const named = db.prepare(TEXT).all({ a: 1, c: 'x' });
      const { text, names } = positional(TEXT, question, false);
      const placed = db.prepare(text).all(valuesOf({ a: 1, c: 'x' }, names, (v) => v));
      expect(placed).toEqual([{ a: 1, note: "it's @b?", '@c': 'x', again: 1 }]);
      expect(placed).toEqual(named);
    } finally {
      db.close();
    }
  });
});
