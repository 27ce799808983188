'use strict';
// better-sqlite3's API, the part coopctl's SQLite store uses, over Node's
// built-in node:sqlite (DatabaseSync), for bench/sqlite-bindings.mjs only: it
// is put in place of better-sqlite3 beside a copy of the bundle, so that the
// same store code runs on either binding and P3, P4 and P5 compare them.
// It needs Node 22.16 or newer (StatementSync.setReturnArrays,
// setAllowUnknownNamedParameters, DatabaseSync.isTransaction).
// Transactions behave as better-sqlite3's do: BEGIN (or BEGIN IMMEDIATE), the
// function, COMMIT; ROLLBACK when it throws; a nested one is a savepoint.
// Errors get better-sqlite3's `code` (SQLITE_BUSY, SQLITE_CONSTRAINT_UNIQUE, …)
// from node:sqlite's numeric `errcode`, which the store's fault mapping reads.
const { DatabaseSync } = require('node:sqlite');

const PRIMARY = {
  1: 'SQLITE_ERROR',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  19: 'SQLITE_CONSTRAINT',
  26: 'SQLITE_NOTADB',
};
const EXTENDED = {
  517: 'SQLITE_BUSY_SNAPSHOT',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

function translated(err) {
  if (err?.code !== 'ERR_SQLITE_ERROR' || typeof err.errcode !== 'number') return err;
  const out = new Error(err.message);
  out.code = EXTENDED[err.errcode] ?? PRIMARY[err.errcode & 0xff] ?? `SQLITE_${err.errcode}`;
  return out;
}

class Statement {
  constructor(native, sql) {
    try {
      this.stmt = native.prepare(sql);
    } catch (err) {
      throw translated(err);
    }
    this.stmt.setAllowUnknownNamedParameters(true);
    this.plucked = false;
  }
  pluck(on = true) {
    this.plucked = on;
    this.stmt.setReturnArrays(on);
    return this;
  }
  raw(on = true) {
    this.stmt.setReturnArrays(on);
    return this;
  }
  safeIntegers(on = true) {
    this.stmt.setReadBigInts(on);
    return this;
  }
  get(...args) {
    try {
      const row = this.stmt.get(...args);
      return this.plucked && row !== undefined ? row[0] : row;
    } catch (err) {
      throw translated(err);
    }
  }
  all(...args) {
    try {
      const rows = this.stmt.all(...args);
      return this.plucked ? rows.map((row) => row[0]) : rows;
    } catch (err) {
      throw translated(err);
    }
  }
  run(...args) {
    try {
      return this.stmt.run(...args);
    } catch (err) {
      throw translated(err);
    }
  }
}

class Database {
  constructor(path, options = {}) {
    try {
      this.native = new DatabaseSync(path, { readOnly: options.readonly === true, timeout: options.timeout ?? 5000 });
    } catch (err) {
      throw translated(err);
    }
    const step = (sql) => new Statement(this.native, sql);
    this.steps = {
      begin: step('BEGIN'),
      immediate: step('BEGIN IMMEDIATE'),
      commit: step('COMMIT'),
      rollback: step('ROLLBACK'),
      savepoint: step('SAVEPOINT bench_shim'),
      release: step('RELEASE bench_shim'),
      undo: step('ROLLBACK TO bench_shim'),
    };
  }
  get inTransaction() {
    return this.native.isTransaction;
  }
  prepare(sql) {
    return new Statement(this.native, sql);
  }
  exec(sql) {
    try {
      this.native.exec(sql);
    } catch (err) {
      throw translated(err);
    }
    return this;
  }
  pragma(text, options = {}) {
    const rows = this.prepare(`PRAGMA ${text}`).all();
    return options.simple ? (rows[0] === undefined ? undefined : Object.values(rows[0])[0]) : rows;
  }
  function(name, options, fn) {
    const [opts, body] = typeof options === 'function' ? [{}, options] : [options, fn];
    this.native.function(name, { deterministic: opts.deterministic === true }, body);
    return this;
  }
  transaction(fn) {
    const s = this.steps;
    const make = (begin) => {
      return (...args) => {
        const nested = this.native.isTransaction;
        const [open, close, undo] = nested ? [s.savepoint, s.release, s.undo] : [begin, s.commit, s.rollback];
        open.run();
        try {
          const result = fn(...args);
          close.run();
          return result;
        } catch (err) {
          if (this.native.isTransaction) {
            undo.run();
            if (nested) close.run();
          }
          throw err;
        }
      };
    };
    const tx = make(s.begin);
    tx.deferred = tx;
    tx.immediate = make(s.immediate);
    return tx;
  }
  close() {
    this.native.close();
  }
}

module.exports = Database;
