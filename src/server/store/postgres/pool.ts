/**
 * The PostgreSQL connection pool (node-postgres, `pg`, loaded only when a
 * PostgreSQL URL is given) and transactions. Every call is asynchronous: the
 * event loop never waits on the database.
 *
 * A transaction that PostgreSQL aborts as a serialization failure (40001) or
 * a deadlock (40P01) changed nothing: it is run again, a few times, after a
 * short random pause. Row locks wait at most `lockWaitMs` (lock_timeout),
 * then the request fails with StoreUnavailable 'busy' (faults.ts).
 *
 * Every statement is bounded (`timeoutMs`, `serve --db-timeout`): the client
 * waits that long for an answer (a server frozen or out of reach: the
 * connection is dropped, never used again), and for a connection (a new one,
 * or a free one of the pool); the server cancels the statement half a second
 * sooner (`statement_timeout`: rolled back, 503). TCP keepalive finds a peer
 * gone while a connection is idle. Every client, idle or checked out, has a
 * listener for its 'error' event (a session ended by the server, a restart):
 * an error is the request's failure (503), never the process's end.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import type { StoreMeter } from '../types.js';
import { Again } from '../sql/query.js';
import * as lazy from '../../lazy.js';

/** A pool or a client inside a transaction: anything that runs a query. */
export type Queryable = Pick<PoolClient, 'query'>;

/** Connections per server process. */
const POOL_SIZE = 10;
/** Tries of a transaction that lost a serialization race or a deadlock. */
const TRIES = 8;
/** How much sooner than the client gives up the server cancels a statement: its own cancel (a clean rollback) comes first. */
const CANCEL_MARGIN_MS = 500;
/** When TCP keepalive starts probing an idle connection. */
const KEEPALIVE_DELAY_MS = 10_000;
/** The driver's error when no answer came within query_timeout. */
export const NO_ANSWER = 'Query read timeout';

/** An 8-byte integer as a response answers it: a number when it fits a double exactly, else a bigint (as SQLite's reads). */
function int8(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

export interface PoolOptions {
  readonly url: string;
  /** How long a statement waits for a row lock, in ms. */
  readonly lockWaitMs: number;
  /** Connections of this pool (default 10). */
  readonly size?: number;
  /**
   * The bound on a statement, in ms: how long an answer, or a connection, is
   * waited for (statement_timeout is CANCEL_MARGIN_MS less). None: statements
   * are not bounded (start-up's migrations and first data, the CLI's audit).
   */
  readonly timeoutMs?: number;
  /** Told the time of every transaction (`transaction` below) run on this pool. */
  readonly meter?: StoreMeter;
}

/** The meter of each pool that has one. */
const meters = new WeakMap<Pool, StoreMeter>();

/** Opens a pool (no connection is made until the first query). */
export async function openPool(options: PoolOptions): Promise<Pool> {
  const { default: pg } = await lazy.pg();
  const bound = options.timeoutMs;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.size ?? POOL_SIZE,
    application_name: 'coopctl',
    lock_timeout: options.lockWaitMs,
    idle_in_transaction_session_timeout: 60_000,
    connectionTimeoutMillis: bound ?? 10_000,
    ...(bound === undefined
      ? {}
      : { statement_timeout: Math.max(bound - CANCEL_MARGIN_MS, bound / 2), query_timeout: bound }),
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? int8 : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  // An idle connection that the server closed (a restart, a failover) is dropped by the pool; the next query opens another.
  pool.on('error', () => undefined);
  // A checked-out client has no listener of the pool's: a session ended between two statements of a transaction
  // would be an unhandled 'error' event. Its error fails the statement at hand (or the next: not queryable), and a
  // client that is not queryable is dropped when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (options.meter) meters.set(pool, options.meter);
  return pool;
}

/** The SQLSTATE of a PostgreSQL error, or undefined. */
export const sqlState = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** Whether `err` is the driver giving up on an answer (query_timeout). */
export const noAnswer = (err: unknown): boolean => err instanceof Error && err.message === NO_ANSWER;

const retryable = (err: unknown): boolean =>
  err instanceof Again || sqlState(err) === '40001' || sqlState(err) === '40P01';

/**
 * Runs `work` in one transaction on one connection of the pool (READ
 * COMMITTED unless `isolation` says otherwise), committed when it returns,
 * rolled back when it throws; tried again on a serialization failure or a
 * deadlock. Resolves only once COMMIT has returned.
 */
export async function transaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  isolation?: 'REPEATABLE READ' | 'SERIALIZABLE',
): Promise<T> {
  const meter = meters.get(pool);
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    const started = meter ? performance.now() : 0;
    try {
      await client.query(isolation ? `BEGIN ISOLATION LEVEL ${isolation}` : 'BEGIN');
      const value = await work(client);
      await client.query('COMMIT');
      meter?.transaction((performance.now() - started) / 1000, true);
      return value;
    } catch (err) {
      // No answer (a frozen server): a ROLLBACK would wait behind the statement; the connection is dropped instead,
      // and the server rolls back when it sees it closed.
      if (noAnswer(err)) broken = err as Error;
      else
        await client.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
      meter?.transaction((performance.now() - started) / 1000, false);
      if (attempt >= TRIES || !retryable(err)) throw err;
    } finally {
      client.release(broken);
    }
    await sleep(Math.random() * 5 * attempt);
  }
}
