/**
 * How the PostgreSQL store runs a method written once (sql/define.ts): a read
 * on the pool; a write in a transaction of its own (run again on a
 * serialization failure, a deadlock or `Again`) or, when it is a single
 * statement, as that statement. Faults are answered as StoreUnavailable
 * (faults.ts).
 */
import type { Pool } from 'pg';
import type { AnyMethod, Methods } from '../sql/define.js';
import { postgres } from '../sql/dialect.js';
import { Step } from '../sql/query.js';
import { guardPg } from './faults.js';
import { transaction } from './pool.js';
import { runPlan } from './runner.js';

/**
 * The methods of an area's definitions on this pool: a read on the pool, a
 * write in a transaction of its own (run again on a serialization failure, a
 * deadlock or `Again`), or, when it is a single statement, as that statement.
 */
export function methods<D extends object>(pool: Pool, defs: D): Methods<D> {
  const out: Record<string, unknown> = {};
  for (const [name, m] of Object.entries(defs) as Array<[string, AnyMethod]>) {
    const plan = m.plan as (...args: unknown[]) => ReturnType<AnyMethod['plan']>;
    if (m.kind !== 'write') {
      out[name] = (...args: unknown[]) => runPlan(pool, plan(...args));
      continue;
    }
    const unique = m.unique;
    out[name] = async (...args: unknown[]) => {
      try {
        const first = plan(...args);
        if (first instanceof Step) return await runPlan(pool, first);
        let fresh: ReturnType<AnyMethod['plan']> | undefined = first;
        return await transaction(pool, (c) => {
          const script = fresh ?? plan(...args);
          fresh = undefined;
          return runPlan(c, script);
        });
      } catch (err) {
        // Another process's write holding the same unique key won: this one is refused, nothing stored.
        if (unique && postgres.uniqueViolation(err)) return unique();
        throw err;
      }
    };
  }
  return guardPg(out as Methods<D>);
}
