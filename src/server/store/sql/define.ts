/**
 * A store method, written once (src/server/store/areas/): its arguments, the
 * plan it runs (a step or a script, query.ts) and how it runs, which each
 * store carries out in its own way (sqlite/index.ts, postgres/index.ts):
 *
 * - `read`: reads, outside any transaction;
 * - `hotRead`: a read of the most frequent request; where the database can
 *   answer it synchronously (SQLite), its method also has `now`, the same
 *   read at once (kept while the database is unchanged:
 *   sqlite/unchanged-cache.ts), for the server's fast path
 *   (src/server/http/fast-path.ts);
 * - `write`: one transaction, committed before the method's promise resolves
 *   (SQLite: a unit of the group commit, sqlite/group-commit.ts; PostgreSQL:
 *   one transaction, run again when it loses a serialization race or throws
 *   `Again`; a single step there runs as one statement, without BEGIN). Its
 *   `unique` is the answer when a UNIQUE constraint refuses the write.
 *
 * The repository interfaces are these definitions' types (`Methods`): a
 * method's signature and its documentation are where its SQL is.
 */
import type { Plan } from './query.js';

export type Kind = 'read' | 'hotRead' | 'write';

export interface Method<K extends Kind, A extends unknown[], T> {
  readonly kind: K;
  readonly plan: (...args: A) => Plan<T>;
  /** A write's answer when a UNIQUE constraint refused it (nothing was stored). */
  readonly unique?: () => T;
}

export type AnyMethod = Method<Kind, never[], unknown>;

export const read = <A extends unknown[], T>(plan: (...args: A) => Plan<T>): Method<'read', A, T> => ({
  kind: 'read',
  plan,
});

export const hotRead = <A extends unknown[], T>(plan: (...args: A) => Plan<T>): Method<'hotRead', A, T> => ({
  kind: 'hotRead',
  plan,
});

export const write = <A extends unknown[], T>(
  plan: (...args: A) => Plan<T>,
  options: { readonly unique?: () => T } = {},
): Method<'write', A, T> => ({ kind: 'write', plan, ...options });

/**
 * A hot read's method: asynchronous, and with `now` where the store can read
 * synchronously (it throws when it cannot: a lock held elsewhere, a fault).
 */
export type HotMethod<A extends unknown[], T> = ((...args: A) => Promise<T>) & {
  readonly now?: (...args: A) => T;
};

/** The methods a store makes of an area's definitions: asynchronous, a hot read with its `now` where it can be. */
export type Methods<D> = {
  readonly [K in keyof D]: D[K] extends Method<infer Kd, infer A, infer T>
    ? Kd extends 'hotRead'
      ? HotMethod<A, T>
      : (...args: A) => Promise<T>
    : never;
};
