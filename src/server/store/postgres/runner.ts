/**
 * Running the areas' statements and scripts (sql/query.ts) on PostgreSQL:
 * each statement's parameters numbered once (`@card`, `?` → `$1`), then every
 * step of a script sent on the caller's connection (a pool, or a client inside
 * a transaction), awaited one after the other. Integers arrive as numbers, or
 * bigints past a double (pool.ts), as a response answers them.
 */
import { postgres } from '../sql/dialect.js';
import { type Plan, type Positional, positional, type Query, Step, textOf, valuesOf } from '../sql/query.js';
import type { Queryable } from './pool.js';

const compiled = new WeakMap<Query<never, unknown>, Positional>();

/** A statement with `$n` parameters, made once. */
export function compile(q: Query<never, unknown>): Positional {
  let c = compiled.get(q);
  if (!c) {
    c = positional(textOf(q, postgres), (n) => `$${n}`, true);
    compiled.set(q, c);
  }
  return c;
}

/** A parameter as PostgreSQL takes it: absent as null, a boolean as 0 or 1, a bigint as its digits (a list as an array). */
function bindable(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return Number(v);
  return typeof v === 'bigint' ? v.toString() : v;
}

async function answer(db: Queryable, step: Step<unknown>): Promise<unknown> {
  const { query: q, mode, params } = step;
  if (mode === 'exec') {
    const text = textOf(q, postgres);
    if (text) await db.query(text);
    return undefined;
  }
  const { text, names } = compile(q);
  const values = valuesOf(params, names, bindable);
  const r = await db.query(q.name ? { name: q.name, text, values } : { text, values });
  const first = r.fields[0]?.name ?? '';
  switch (mode) {
    case 'run':
      return r.rowCount ?? 0;
    case 'get':
      return r.rows[0];
    case 'value':
      return r.rows[0]?.[first];
    case 'all':
      return r.rows;
    case 'values':
      return r.rows.map((row) => row[first]);
  }
}

async function execute(db: Queryable, step: Step<unknown>): Promise<unknown> {
  const a = await answer(db, step);
  return step.after ? step.after(a) : a;
}

/** Runs a step or a script on `db`; answers what it answers. */
export async function runPlan<T>(db: Queryable, plan: Plan<T>): Promise<T> {
  if (plan instanceof Step) return (await execute(db, plan)) as T;
  let next = plan.next();
  while (!next.done) {
    let a: unknown;
    try {
      a = await execute(db, next.value);
    } catch (err) {
      next = plan.throw(err);
      continue;
    }
    next = plan.next(a);
  }
  return next.value;
}
