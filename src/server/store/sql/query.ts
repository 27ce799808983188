/**
 * Statements written once for both databases, and the steps a store method
 * takes with them.
 *
 * A statement (`sql`) is SQL text with named parameters (`@card`) or, for
 * statements made on the fly, positional ones (`?`); where the two databases
 * differ, the text is a function of the dialect's words (dialect.ts). Each
 * store turns it into its own form once (`positional`): SQLite prepares it on
 * its connection with `?`, PostgreSQL numbers its parameters (`$1`).
 *
 * A step (`get`, `all`, `value`, `values`, `run`, `exec`) is one statement
 * with its parameters and what to answer of its result. A store method is a
 * step, or a script: a generator function that yields steps (`yield* get(…)`)
 * and gets each one's answer back, so that one piece of code reads, applies a
 * decision and writes on either database. SQLite runs a script synchronously,
 * inside its transaction (sqlite/runner.ts); PostgreSQL runs it on a
 * connection, awaiting each statement (postgres/runner.ts).
 */
import type { Dialect, DialectName } from './dialect.js';

/** Named parameters, by name. */
export type Params = Readonly<Record<string, unknown>>;

declare const rowType: unique symbol;

/**
 * What a column answers: an integer (8-byte; a number, or a bigint past a
 * double), text, or JSON the database built (SQLite answers its text,
 * PostgreSQL a `json` value).
 */
export type ColumnKind = 'integer' | 'text' | 'json';

/** The kind a column whose TypeScript type is `T` must declare (a type that says nothing allows any). */
type KindOf<T> = [T] extends [string] ? 'text' : [T] extends [number | bigint] ? 'integer' : ColumnKind;

/**
 * A statement's columns as data, in the order it answers them: every field of
 * its row type `R`, each with the kind `R` gives it (a missing, extra or
 * mistyped column is a compile error). test/store/statements.test.ts holds
 * them to what each database says the prepared statement answers.
 */
export type Columns<R> = { readonly [K in keyof R]-?: KindOf<NonNullable<R[K]>> };

/** A statement with parameters `P` whose rows are `R`. */
export interface Query<P = Params, R = unknown> {
  readonly text: string | ((d: Dialect) => string);
  /** Its integer columns may exceed a double (codes of up to 18 digits): SQLite reads them exactly. */
  readonly bigints: boolean;
  /** A name under which PostgreSQL prepares it once per connection (the hot read). */
  readonly name: string | undefined;
  /** The columns it answers, by name and kind; undefined for a statement that answers no rows. */
  readonly columns: Readonly<Record<string, ColumnKind>> | undefined;
  /** The one database it is written for, if only one runs it. */
  readonly only: DialectName | undefined;
  readonly [rowType]?: (params: P) => R;
}

interface QueryOptions {
  readonly bigints?: boolean;
  readonly name?: string;
  readonly only?: DialectName;
}

/** A statement's options: a statement with rows (`R` given) declares their columns. */
type OptionsFor<R> = unknown extends R ? [QueryOptions?] : [QueryOptions & { readonly columns: Columns<R> }];

/** Every statement made by `sql` (the areas' own, and those they make once per shape), for test/store/statements.test.ts. */
export const statements: Array<Query<never, unknown>> = [];

/** A statement of an area; listed in `statements`. */
export function sql<P = Params, R = unknown>(
  text: string | ((d: Dialect) => string),
  ...rest: OptionsFor<R>
): Query<P, R> {
  const q = oneOff<P, R>(text, ...rest);
  statements.push(q as Query<never, unknown>);
  return q;
}

/** A statement made anew at each call (a multi-row INSERT of one chunk's size): not listed in `statements`. */
export function oneOff<P = Params, R = unknown>(
  text: string | ((d: Dialect) => string),
  ...rest: OptionsFor<R>
): Query<P, R> {
  const options = rest[0] as (QueryOptions & { readonly columns?: Columns<R> }) | undefined;
  return {
    text,
    bigints: options?.bigints ?? false,
    name: options?.name,
    columns: options?.columns as Readonly<Record<string, ColumnKind>> | undefined,
    only: options?.only,
  };
}

/** The text of a statement in a dialect. */
export const textOf = (q: Query<never, unknown>, d: Dialect): string =>
  typeof q.text === 'string' ? q.text : q.text(d);

/** A statement as a database takes it: positional parameters, and the named ones they stand for. */
export interface Positional {
  readonly text: string;
  /** The name of each positional parameter, in order; undefined when the statement was written with `?`. */
  readonly names: readonly string[] | undefined;
}

/** Parameters outside quoted strings and identifiers: `@name`, or `?`. */
const PARAM = /('(?:[^']|'')*'|"[^"]*")|@([A-Za-z_][A-Za-z0-9_]*)|\?/g;

/**
 * A statement's text with its parameters positional: each `@name` becomes the
 * mark of its position (`?` on SQLite, which binds positions faster than
 * names; `$1` on PostgreSQL, where `once` gives a name used twice one
 * position), and `?` the next position's mark.
 */
export function positional(text: string, mark: (position: number) => string, once: boolean): Positional {
  const names: string[] = [];
  let anonymous = 0;
  const out = text.replace(PARAM, (match, quoted: string | undefined, name: string | undefined) => {
    if (quoted !== undefined) return match;
    if (name === undefined) return mark(++anonymous);
    const at = once ? names.indexOf(name) : -1;
    return mark(at >= 0 ? at + 1 : names.push(name));
  });
  return { text: out, names: anonymous > 0 ? undefined : names };
}

/** The values of a step's parameters in the order of `names`, each as `bindable` makes it. */
export function valuesOf(
  params: object | undefined,
  names: readonly string[] | undefined,
  bindable: (v: unknown) => unknown,
): unknown[] {
  if (params === undefined) return [];
  if (names === undefined) return (params as readonly unknown[]).map(bindable);
  const values = new Array<unknown>(names.length);
  for (let i = 0; i < names.length; i++) values[i] = bindable((params as Record<string, unknown>)[names[i]!]);
  return values;
}

/**
 * What a step answers of its statement: every row, the first row, the first
 * column of the first row or of every row, how many rows it changed, or
 * nothing (`exec`: statements without parameters, run as they are).
 */
export type Mode = 'all' | 'get' | 'value' | 'values' | 'run' | 'exec';

/** A script: a generator of steps, each given back its answer, returning `T`. */
export type Script<T> = Generator<Step<unknown>, T, unknown>;

/** One statement to run and what to answer of it; `yield*` it in a script to get its answer. */
export class Step<T> {
  constructor(
    readonly query: Query<never, unknown>,
    /** Named parameters (an object), positional ones (an array), or none. */
    readonly params: object | undefined,
    readonly mode: Mode,
    /** Applied to the answer before it is given back. */
    readonly after?: (answer: unknown) => T,
  ) {}

  /** The same step, its answer passed through `f`. */
  map<U>(f: (answer: T) => U): Step<U> {
    const after = this.after;
    return new Step(this.query, this.params, this.mode, after ? (a) => f(after(a)) : (a) => f(a as T));
  }

  *[Symbol.iterator](): Script<T> {
    return (yield this) as T;
  }
}

/** A store method's work: one step, or a script of steps. */
export type Plan<T> = Step<T> | Script<T>;

type Bound = object;

export const all = <P extends Bound, R>(q: Query<P, R>, params: P): Step<R[]> => new Step(q, params, 'all');
export const get = <P extends Bound, R>(q: Query<P, R>, params: P): Step<R | undefined> => new Step(q, params, 'get');
export const value = <P extends Bound, R>(q: Query<P, R>, params: P): Step<R[keyof R] | undefined> =>
  new Step(q, params, 'value');
export const values = <P extends Bound, R>(q: Query<P, R>, params: P): Step<Array<R[keyof R]>> =>
  new Step(q, params, 'values');
/** A write; answers how many rows it changed. */
export const run = <P extends Bound>(q: Query<P, unknown>, params: P): Step<number> => new Step(q, params, 'run');
export const exec = (q: Query<never, unknown>): Step<void> => new Step(q, undefined, 'exec');

/** Thrown by a script to run its whole transaction again (it lost a race that a constraint caught). */
export class Again extends Error {}

/** Whether `n` can be a stored id (an 8-byte integer within a double); larger numbers match no row. */
export const storable = (n: number): boolean => Number.isSafeInteger(n);

/** A JSON value as its compact text: SQLite answers JSON as text, PostgreSQL's driver parses it. */
export const jsonText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** A JSON value parsed, from either database's answer. */
export const jsonValue = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
