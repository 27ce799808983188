/**
 * How the SQLite store runs a method written once (sql/define.ts): a read
 * synchronously behind a promise; a hot read the same, and at once as its
 * `now` (the server's fast path), its answers kept while the database is
 * unchanged (unchanged-cache.ts); a write as a unit of the
 * group commit (group-commit.ts), the writes of one turn of the event loop
 * sharing one transaction and one fsync.
 */
import type { StoreMeter } from '../types.js';
import type { AnyMethod, HotMethod, Methods } from '../sql/define.js';
import type { Plan } from '../sql/query.js';
import { sqlite } from '../sql/dialect.js';
import type { Db } from './connection.js';
import type { GroupCommit } from './group-commit.js';
import type { Runner } from './runner.js';
import { type ChangeCount, unchangedCache } from './unchanged-cache.js';

/** How a store keeps the answers of its hot read: in at most `bytes` (0: none), looks-up told to `meter`. */
export interface Keeping {
  readonly bytes: number;
  readonly meter: StoreMeter | undefined;
  /** The rows of this connection's writes that hold no data (the access audit's: unchanged-cache.ts). */
  readonly notData: ChangeCount;
}

/**
 * A hot read: at once as its `now`, behind a promise as itself; its answers
 * (JSON text) kept while the database is unchanged (unchanged-cache.ts), by
 * its arguments.
 */
function hotRead(
  db: Db,
  plan: (...args: unknown[]) => Plan<unknown>,
  run: Runner,
  keeping: Keeping,
): HotMethod<unknown[], unknown> {
  const kept = unchangedCache(db, keeping.bytes, keeping.meter, keeping.notData);
  const keep = (key: string, answer: unknown): unknown => {
    if (typeof answer === 'string') kept.set(key, answer);
    return answer;
  };
  // Two arguments (a card's record on a day): no array is made.
  const now: (...args: unknown[]) => unknown =
    plan.length === 2
      ? (a: unknown, b: unknown) => {
          const key = `${a} ${b}`;
          return kept.get(key) ?? keep(key, run(plan(a, b)));
        }
      : (...args: unknown[]) => {
          const key = args.join(' ');
          return kept.get(key) ?? keep(key, run(plan(...args)));
        };
  return Object.assign(async (...args: unknown[]) => now(...args), { now });
}

/** The methods of an area's definitions on this connection. */
export function methods<D extends object>(
  db: Db,
  defs: D,
  run: Runner,
  commit: GroupCommit,
  keeping: Keeping,
): Methods<D> {
  const out: Record<string, unknown> = {};
  for (const [name, m] of Object.entries(defs) as Array<[string, AnyMethod]>) {
    const plan = m.plan as (...args: unknown[]) => ReturnType<AnyMethod['plan']>;
    if (m.kind === 'read') out[name] = async (...args: unknown[]) => run(plan(...args));
    else if (m.kind === 'hotRead') out[name] = hotRead(db, plan, run, keeping);
    else {
      const unique = m.unique;
      out[name] = (...args: unknown[]) => {
        const done = commit.run(() => run(plan(...args)));
        return unique
          ? done.catch((err: unknown) => {
              if (sqlite.uniqueViolation(err)) return unique();
              throw err;
            })
          : done;
      };
    }
  }
  return out as Methods<D>;
}
