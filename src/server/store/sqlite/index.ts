/**
 * The SQLite implementation of the repository (better-sqlite3: synchronous
 * calls behind an asynchronous interface): the areas' methods (areas/), run
 * synchronously (runner.ts). Every write is a unit of the group commit
 * (group-commit.ts): the writes of one turn of the event loop share one
 * transaction and one fsync. The hot read answers at once, and its answers
 * are kept while the database is unchanged (unchanged-cache.ts).
 */
import { READ_CACHE_BYTES, type Repository, type StoreMeter } from '../types.js';
import type { AnyMethod, Methods } from '../sql/define.js';
import type { Plan } from '../sql/query.js';
import { sqlite } from '../sql/dialect.js';
import { eachArea } from '../areas/index.js';
import { dataset, loadDataset, loadError } from '../areas/dataset.js';
import type { Db } from './connection.js';
import { groupCommit, type GroupCommit } from './group-commit.js';
import { guardArea, LOCK_WAIT_MS } from './guard.js';
import { type Runner, sqliteRunner } from './runner.js';
import { unchangedCache } from './unchanged-cache.js';

export { forServing, openDatabase } from './connection.js';
export { sqliteReadiness } from './readiness.js';

/** How a store keeps the answers of its hot read: in at most `bytes` (0: none), looks-up told to `meter`. */
interface Keeping {
  readonly bytes: number;
  readonly meter: StoreMeter | undefined;
}

/**
 * A hot read, answered at once: its answers (JSON text) are kept while the
 * database is unchanged (unchanged-cache.ts), by its arguments.
 */
function hotRead(
  db: Db,
  plan: (...args: unknown[]) => Plan<unknown>,
  run: Runner,
  keeping: Keeping,
): (...args: unknown[]) => unknown {
  const kept = unchangedCache(db, keeping.bytes, keeping.meter);
  const keep = (key: string, answer: unknown): unknown => {
    if (typeof answer === 'string') kept.set(key, answer);
    return answer;
  };
  // Two arguments (a card's record on a day): no array is made.
  if (plan.length === 2)
    return (a: unknown, b: unknown) => {
      const key = `${a} ${b}`;
      return kept.get(key) ?? keep(key, run(plan(a, b)));
    };
  return (...args: unknown[]) => {
    const key = args.join(' ');
    return kept.get(key) ?? keep(key, run(plan(...args)));
  };
}

/** The methods of an area's definitions on this connection. */
function methods<D extends object>(db: Db, defs: D, run: Runner, commit: GroupCommit, keeping: Keeping): Methods<D> {
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

/**
 * The repository on an opened database. Its areas' methods wait for a lock
 * held elsewhere on timers, at most `lockWaitMs`, and fail with
 * StoreUnavailable on a storage fault (guard.ts). The hot read's answers are
 * kept between writes in at most `readCacheBytes` (unchanged-cache.ts).
 */
export function sqliteRepository(
  db: Db,
  lockWaitMs = LOCK_WAIT_MS,
  meter?: StoreMeter,
  readCacheBytes = READ_CACHE_BYTES,
): Repository {
  const run = sqliteRunner(db);
  const commit = groupCommit(db, meter);
  const keeping: Keeping = { bytes: readCacheBytes, meter };
  const area = <D extends object>(defs: D): Methods<D> =>
    guardArea(methods(db, defs, run, commit, keeping), lockWaitMs);
  return {
    ...eachArea(area),
    load: async (rows) => {
      try {
        db.transaction(() => run(loadDataset(rows))).immediate();
      } catch (err) {
        throw loadError(sqlite, err);
      }
    },
    describe: area(dataset).describe,
    close: async () => {
      commit.flush();
      db.close();
    },
  };
}
