/**
 * Every statement of the store's areas (src/server/store/areas/), prepared
 * against a freshly migrated database of this project's dialect (the sqlite
 * project on a SQLite file, the postgres project on a new PostgreSQL
 * database), answers the columns it declares (src/server/store/sql/query.ts,
 * `Columns`: the row type's fields, held to it by the compiler) in that
 * order and of those kinds, and takes the parameters its text names. The
 * kinds are what the database itself reports: SQLite the declared type of a
 * column read from a table (`stmt.columns()`; an expression has none, so only
 * its name is held), PostgreSQL the type of every column and parameter of the
 * statement parsed and described without running it (Parse, Describe).
 */
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../src/server/store/areas/index.js';
import { audit } from '../../src/server/store/areas/audit.js';
import { dataset } from '../../src/server/store/areas/dataset.js';
import { postgres, sqlite, type Dialect } from '../../src/server/store/sql/dialect.js';
import { migrations } from '../../src/server/store/sql/migrations.js';
import { type ColumnKind, positional, type Query, statements, textOf } from '../../src/server/store/sql/query.js';
import { BACKEND, client, dropLocations, newLocation } from './backend.js';

/** What a column of each kind is, in each database's words (SQLite: a table column's declared type). */
const SQLITE_TYPES: Record<ColumnKind, readonly string[]> = { integer: ['INTEGER'], text: ['TEXT'], json: ['TEXT'] };
/** PostgreSQL's type ids: int2, int4, int8, numeric; text, varchar; json. */
const POSTGRES_TYPES: Record<ColumnKind, readonly number[]> = {
  integer: [21, 23, 20, 1700],
  text: [25, 1043],
  json: [114],
};

interface Described {
  /** Each column's name and what the database says its type is (null: an expression, on SQLite). */
  readonly columns: ReadonlyArray<{ readonly name: string; readonly type: string | number | null }>;
  /** How many parameters the database counted. */
  readonly params: number;
}

/** PostgreSQL's description of a statement, parsed (unnamed) and described, never run. */
function describePostgres(c: pg.Client, text: string): Promise<Described> {
  return new Promise((resolve, reject) => {
    let columns: Described['columns'] = [];
    let params = 0;
    let error: Error | undefined;
    const connection = (c as unknown as { connection: NodeJS.EventEmitter }).connection;
    const onParams = (msg: { dataTypeIDs: number[] }) => {
      params = msg.dataTypeIDs.length;
    };
    connection.on('parameterDescription', onParams);
    const submittable = {
      submit(con: { parse(q: { text: string }): void; describe(q: { type: 'S'; name: string }): void; sync(): void }) {
        con.parse({ text });
        con.describe({ type: 'S', name: '' });
        con.sync();
      },
      handleRowDescription(msg: { fields: Array<{ name: string; dataTypeID: number }> }) {
        columns = msg.fields.map((f) => ({ name: f.name, type: f.dataTypeID }));
      },
      handleError(err: Error) {
        error = err;
      },
      handleReadyForQuery() {
        connection.off('parameterDescription', onParams);
        if (error) reject(new Error(`${error.message}\n${text}`));
        else resolve({ columns, params });
      },
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handleDataRow() {},
      handlePortalSuspended() {},
    };
    void c.query(submittable as never);
  });
}

/** SQLite's description of a statement, prepared on the connection. */
function describeSqlite(db: Database.Database, text: string): Described {
  let stmt: Database.Statement;
  try {
    stmt = db.prepare(text);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    // A script of several statements (run with `exec`, no parameters): run, then undone.
    db.exec('SAVEPOINT described');
    try {
      db.exec(text);
    } finally {
      db.exec('ROLLBACK TO described; RELEASE described');
    }
    return { columns: [], params: 0 };
  }
  const columns = stmt.reader ? stmt.columns().map((c) => ({ name: c.name, type: c.type })) : [];
  return { columns, params: (text.match(/\?/g) ?? []).length };
}

const dialect: Dialect = BACKEND === 'sqlite' ? sqlite : postgres;

/** Every statement that the areas' modules declare, with where it comes from. */
function declared(): Array<Query<never, unknown>> {
  // The modules are imported above; naming them keeps them loaded.
  expect(Object.keys(areas)).toEqual(['registration', 'record', 'schedule', 'enrol', 'notify']);
  expect([audit, dataset].every((a) => typeof a === 'object')).toBe(true);
  return statements;
}

describe(`every statement of the store, prepared on a migrated ${BACKEND} database`, () => {
  let describeText: (text: string) => Promise<Described>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const location = await newLocation();
    if (BACKEND === 'sqlite') {
      const db = new Database(location);
      for (const m of migrations) db.exec(m(sqlite));
      describeText = async (text) => describeSqlite(db, text);
      close = async () => {
        db.close();
      };
    } else {
      const c = client(location);
      await c.connect();
      for (const m of migrations) await c.query(m(postgres));
      describeText = (text) => describePostgres(c, text);
      close = () => c.end();
    }
  });
  afterAll(async () => {
    await close?.();
    await dropLocations();
  });

  it('there are the statements of every area: 70 or more, 37 or more of them with rows, one for PostgreSQL only', () => {
    const all = declared();
    expect(all.length).toBeGreaterThanOrEqual(70);
    expect(all.filter((q) => q.columns !== undefined).length).toBeGreaterThanOrEqual(37);
    expect(all.filter((q) => q.only === 'postgres').length).toBe(1);
  });

  it('each answers the columns it declares, in order and of their kinds, and takes the parameters it names', async () => {
    const faults: string[] = [];
    for (const q of declared()) {
      if (q.only !== undefined && q.only !== BACKEND) continue;
      const text = textOf(q, dialect);
      const pos = positional(text, BACKEND === 'sqlite' ? () => '?' : (n) => `$${n}`, BACKEND === 'postgres');
      const got = await describeText(pos.text);
      const head = text.trim().split('\n')[0]!.slice(0, 90);
      // A dump's read of a whole table (areas/dataset.ts) answers the table's columns, whatever they are.
      if (q.columns === undefined && /^SELECT \* FROM [a-z_]+$/.test(text)) continue;
      const names = got.columns.map((c) => c.name);
      const want = Object.keys(q.columns ?? {});
      if (names.join(',') !== want.join(','))
        faults.push(`${head}: answers [${names.join(', ')}], declares [${want.join(', ')}]`);
      for (const c of got.columns) {
        const kind = q.columns?.[c.name];
        if (kind === undefined || c.type === null) continue;
        const allowed: readonly (string | number)[] = BACKEND === 'sqlite' ? SQLITE_TYPES[kind] : POSTGRES_TYPES[kind];
        if (!allowed.includes(c.type)) faults.push(`${head}: column ${c.name} is ${c.type}, declared ${kind}`);
      }
      const named = pos.names === undefined ? undefined : new Set(pos.names).size;
      const counted = BACKEND === 'sqlite' ? pos.text.split('?').length - 1 : named;
      if (named !== undefined && got.params !== counted)
        faults.push(`${head}: the database counts ${got.params} parameters, the text names ${counted}`);
    }
    expect(faults).toEqual([]);
  });
});
