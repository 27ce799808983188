/**
 * Running the areas' statements and scripts (sql/query.ts) on PostgreSQL:
 * each statement's parameters numbered once (`@card`, `?` → `$1`), then every
 * step of a script sent on the caller's connection (a pool, or a client inside
 * a transaction), awaited one after the other. Integers arrive as numbers, or
 * bigints past a double (pool.ts), as a response answers them.
 */
import { postgres } from '../sql/dialect.js';
import { type Plan, type Query, Step, textOf } from '../sql/query.js';
import type { Queryable } from './pool.js';

interface Compiled {
  readonly text: string;
  /** The named parameters in `$n` order; undefined for positional ones. */
  readonly names: readonly string[] | undefined;
}

const compiled = new WeakMap<Query<never, unknown>, Compiled>();

/** Parameters outside quoted strings and identifiers: `@name`, or `?`. */
const PARAM = /('(?:[^']|'')*'|"[^"]*")|@([A-Za-z_][A-Za-z0-9_]*)|\?/g;

/** A statement with `$n` parameters. */
export function compile(q: Query<never, unknown>): Compiled {
  let c = compiled.get(q);
  if (!c) {
    const names: string[] = [];
    let positional = 0;
    const text = textOf(q, postgres).replace(PARAM, (match, quoted: string | undefined, name: string | undefined) => {
      if (quoted !== undefined) return match;
      if (name === undefined) return `$${++positional}`;
      const at = names.indexOf(name);
      return `$${at >= 0 ? at + 1 : names.push(name)}`;
    });
    c = { text, names: positional > 0 ? undefined : names };
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
  const values = names
    ? names.map((n) => bindable((params as Record<string, unknown>)[n]))
    : ((params ?? []) as readonly unknown[]).map(bindable);
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
