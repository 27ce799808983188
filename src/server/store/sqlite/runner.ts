/**
 * Running the areas' statements and scripts (sql/query.ts) on a SQLite
 * connection, synchronously: a statement is prepared once, on its first use,
 * with positional parameters (sql/query.ts `positional`), and a script's steps run one after the other inside whatever transaction
 * the caller holds (the group commit's, group-commit.ts), with no promise in
 * between. A statement marked `bigints` reads integers exactly, as a response
 * answers them (`wireInt`).
 */
import type { Statement } from 'better-sqlite3';
import { sqlite } from '../sql/dialect.js';
import { type Plan, positional, type Query, Step, textOf, valuesOf } from '../sql/query.js';
import type { Db } from './connection.js';

/** Runs a step or a script; answers what it answers. */
export type Runner = <T>(plan: Plan<T>) => T;

/**
 * An integer read exactly (a bigint), as a response answers it: a number when
 * it fits a double exactly, else the bigint itself, which the answer writes as
 * its exact number literal (exact-json.ts).
 */
export function wireInt(v: unknown): unknown {
  return typeof v === 'bigint' && v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(v)
    : v;
}

/** A row read exactly, with every bigint as `wireInt` answers it. */
export function wireRow<T>(row: T): T {
  if (row === undefined) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row as Record<string, unknown>)) out[k] = wireInt(v);
  return out as T;
}

/** A parameter as SQLite binds it: a list as JSON text (`json_each`, dialect.ts), a boolean as 0 or 1, absent as null. */
function bindable(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Array.isArray(v) ? JSON.stringify(v) : v;
}

/** A statement prepared on this connection, with the names its positional parameters stand for. */
interface Prepared {
  readonly statement: Statement;
  readonly names: readonly string[] | undefined;
}

export function sqliteRunner(db: Db): Runner {
  const rows = new WeakMap<Query<never, unknown>, Prepared>();
  const firsts = new WeakMap<Query<never, unknown>, Prepared>();

  /** The statement of a query, prepared once; `pluck`: it answers its first column. */
  function prepared(q: Query<never, unknown>, pluck: boolean): Prepared {
    const cache = pluck ? firsts : rows;
    let p = cache.get(q);
    if (!p) {
      const { text, names } = positional(textOf(q, sqlite), () => '?', false);
      const statement = db.prepare(text);
      if (pluck) statement.pluck();
      if (q.bigints) statement.safeIntegers();
      p = { statement, names };
      cache.set(q, p);
    }
    return p;
  }

  function answer(step: Step<unknown>): unknown {
    const { query: q, mode } = step;
    if (mode === 'exec') {
      const text = textOf(q, sqlite);
      if (text) db.exec(text);
      return undefined;
    }
    const { statement: s, names } = prepared(q, mode === 'value' || mode === 'values');
    const p = valuesOf(step.params, names, bindable);
    switch (mode) {
      case 'run':
        return s.run(p).changes;
      case 'get':
        return q.bigints ? wireRow(s.get(p)) : s.get(p);
      case 'value':
        return q.bigints ? wireInt(s.get(p)) : s.get(p);
      case 'all':
        return q.bigints ? s.all(p).map(wireRow) : s.all(p);
      case 'values':
        return q.bigints ? s.all(p).map(wireInt) : s.all(p);
    }
  }

  function execute(step: Step<unknown>): unknown {
    const a = answer(step);
    return step.after ? step.after(a) : a;
  }

  return <T>(plan: Plan<T>): T => {
    if (plan instanceof Step) return execute(plan) as T;
    let next = plan.next();
    while (!next.done) {
      let a: unknown;
      try {
        a = execute(next.value);
      } catch (err) {
        next = plan.throw(err);
        continue;
      }
      next = plan.next(a);
    }
    return next.value;
  };
}
