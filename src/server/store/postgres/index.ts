/**
 * The PostgreSQL implementation of the repository, for several server
 * processes sharing one database. Opening it takes a session advisory lock
 * (so that instances starting together wait for each other), applies the
 * migrations the database lacks and, for a new database, loads its first
 * data in the same transaction (so it is seeded exactly once, or not at all),
 * then releases the lock.
 */
import type { Pool, PoolClient } from 'pg';
import type { DemoSummary, Repository } from '../types.js';
import { guardPg, pgUnavailable } from './faults.js';
import { loadRows } from './load.js';
import { pgMigrations } from './migrations.js';
import { schemaProblem } from '../schema-words.js';
import { StoreOpenError } from '../open-error.js';
import { one, openPool, rows, transaction } from './pool.js';
import { pgRegistration } from './registration.js';
import { pgRecord } from './record.js';
import { pgSchedule } from './schedule.js';
import { pgEnrol } from './enrol.js';
import { pgNotify } from './notify.js';
import { pgAudit } from './audit.js';

/** How many demo cards and provider locations `describe` answers. */
const DESCRIBED = 4;
/** The advisory lock key of coopctl's start-up ("coopctl" in ASCII, as a bigint). */
const START_LOCK = '27981246513787500';

export function pgRepository(pool: Pool): Repository {
  return {
    registration: guardPg(pgRegistration(pool)),
    record: guardPg(pgRecord(pool)),
    schedule: guardPg(pgSchedule(pool)),
    enrol: guardPg(pgEnrol(pool)),
    notify: guardPg(pgNotify(pool)),
    audit: guardPg(pgAudit(pool)),
    load: (data) =>
      transaction(pool, (c) => loadRows(c, data)).catch((err: unknown) => {
        throw pgUnavailable(err);
      }),
    describe: async (): Promise<DemoSummary> => ({
      cards: (
        await rows<{ card: string }>(pool, 'SELECT card FROM beneficiary WHERE card IS NOT NULL ORDER BY id LIMIT $1', [
          DESCRIBED,
        ])
      ).map((r) => r.card),
      providers: (
        await rows<{ prest_cod_svc_card: number | bigint; cd_local: number | bigint; nm_local: string }>(
          pool,
          `SELECT pl.provider AS prest_cod_svc_card, pl.cd_local, l.nm_local
             FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local ORDER BY pl.provider, pl.cd_local LIMIT $1`,
          [DESCRIBED],
        )
      ).map((p) => ({ ...p, prest_cod_svc_card: Number(p.prest_cod_svc_card), cd_local: Number(p.cd_local) })),
    }),
    close: () => pool.end(),
  };
}

/** The schema version of the database (0: new), creating the version table when missing. */
async function versionOf(c: PoolClient): Promise<number> {
  await c.query('CREATE TABLE IF NOT EXISTS coopctl_schema_version (version integer NOT NULL)');
  const row = await one<{ version: number }>(c, 'SELECT max(version) AS version FROM coopctl_schema_version');
  return row?.version ?? 0;
}

export interface Opening {
  /** Fills a new database, in the transaction of its migrations. */
  readonly onNew?: (c: PoolClient) => Promise<void>;
  /** Work on a database that is not new, still under the start-up lock (in a transaction of its own). */
  readonly onExisting?: (c: PoolClient) => Promise<void>;
}

/** Runs `work` in a transaction on this client. */
async function inTransaction(c: PoolClient, work: () => Promise<void>): Promise<void> {
  await c.query('BEGIN');
  try {
    await work();
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
}

/**
 * Brings the database's schema up to date under the start-up lock; answers
 * the version it found (0: new). A new database's migrations and first data
 * are one transaction.
 */
export async function prepare(pool: Pool, opening: Opening): Promise<number> {
  const c = await pool.connect();
  let broken: Error | undefined;
  try {
    await c.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK]);
    try {
      const version = await versionOf(c);
      if (version > pgMigrations.length) throw new StoreOpenError(schemaProblem(version, pgMigrations.length)!);
      await inTransaction(c, async () => {
        for (let v = version; v < pgMigrations.length; v++) {
          await c.query(pgMigrations[v]!);
          await c.query('INSERT INTO coopctl_schema_version (version) VALUES ($1)', [v + 1]);
        }
        if (version === 0) await opening.onNew?.(c);
      });
      const existing = opening.onExisting;
      if (version !== 0 && existing) await inTransaction(c, () => existing(c));
      return version;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1::bigint)', [START_LOCK]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    c.release(broken);
  }
}

export { openPool };
