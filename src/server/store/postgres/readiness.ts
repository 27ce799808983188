/**
 * Whether a PostgreSQL store can serve (GET /readyz): the server answers a
 * read of the schema version within READY_WAIT_MS, and the version is this
 * coopctl's (an instance of an older coopctl is not ready once a newer one has
 * migrated the database). A server stopped, out of reach or out of
 * connections makes the instance not ready; it is ready again as soon as the
 * pool can open a connection (no restart).
 */
import type { Pool } from 'pg';
import type { Said } from '../../../catalogue/lang.js';
import { schemaProblem } from '../schema-words.js';
import type { Readiness } from '../types.js';
import { readiness, unavailable } from '../../words.js';
import { pgFault } from './faults.js';
import { migrations } from '../sql/migrations.js';
import { sqlState } from './pool.js';

/** Longest a readiness check waits for the database (a probe's own timeout is usually 1–5 s). */
const READY_WAIT_MS = 2000;

const READY: Readiness = { ready: true };
const notReady = (reason: Said): Readiness => ({ ready: false, reason });

function versionOrReason(pool: Pool): Promise<number | Readiness> {
  return pool.query<{ version: number | null }>('SELECT max(version) AS version FROM coopctl_schema_version').then(
    (r) => r.rows[0]?.version ?? 0,
    (err: unknown) => {
      // No version table: the database holds no coopctl schema (created anew, restored empty).
      if (sqlState(err) === '42P01') return 0;
      const reason = pgFault(err);
      return notReady(reason ? unavailable[reason][0] : readiness.silent);
    },
  );
}

export function pgReadiness(pool: Pool, waitMs = READY_WAIT_MS): () => Promise<Readiness> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve(notReady(readiness.late(waitMs / 1000))), waitMs);
    });
    try {
      const got = await Promise.race([versionOrReason(pool), late]);
      if (typeof got !== 'number') return got;
      const problem = schemaProblem(got, migrations.length);
      return problem === undefined ? READY : notReady(problem);
    } finally {
      clearTimeout(timer);
    }
  };
}
