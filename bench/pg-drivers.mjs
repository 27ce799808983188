// Which PostgreSQL driver the store uses: `pg` (node-postgres) and `postgres`
// (porsager) on the store's write workload, against one throwaway cluster with
// PostgreSQL's durable defaults (fsync on). Each transaction is what a booking
// does: BEGIN, the slot row locked (SELECT … FOR UPDATE), the appointments
// of the slot read, an INSERT … RETURNING of a generated id, COMMIT. Also a
// single-statement write (INSERT … RETURNING, autocommit) and a point read.
// Both drivers get a pool of 10 connections and the same 64 concurrent callers.
// The chosen driver is a dependency; the other one must be installed to run
// this (npm install --no-save pg). docs/decisions.md has the figures.
//
//   node bench/pg-drivers.mjs [--ops 3000] [--concurrency 64]
import { admin, startCluster } from '../scripts/postgres.mjs';
import { flags, log } from './lib.mjs';

const opts = flags();
const OPS = Number(opts.ops ?? 3000);
const CONCURRENCY = Number(opts.concurrency ?? 64);
const POOL = 10;

const SCHEMA = `
  CREATE TABLE slot (id bigserial PRIMARY KEY, n int NOT NULL);
  CREATE TABLE appointment (cd bigserial PRIMARY KEY, slot_id bigint NOT NULL, status text NOT NULL, body text NOT NULL);
  CREATE INDEX ON appointment (slot_id);
  INSERT INTO slot (n) SELECT g FROM generate_series(1, 1000) g;`;

/** Runs `op(i)` OPS times with CONCURRENCY callers; answers operations per second. */
async function rate(op) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPS) await op(next++);
    }),
  );
  return OPS / ((performance.now() - t) / 1000);
}

const drivers = {
  async pg(url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    return {
      tx: async (i) => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const slot = 1 + (i % 1000);
          await c.query('SELECT id FROM slot WHERE id = $1 FOR UPDATE', [slot]);
          await c.query('SELECT status FROM appointment WHERE slot_id = $1', [slot]);
          await c.query('INSERT INTO appointment (slot_id, status, body) VALUES ($1, $2, $3) RETURNING cd', [
            slot,
            'aguardando',
            '{"a":1}',
          ]);
          await c.query('COMMIT');
        } catch (err) {
          await c.query('ROLLBACK');
          throw err;
        } finally {
          c.release();
        }
      },
      one: (i) =>
        pool.query('INSERT INTO appointment (slot_id, status, body) VALUES ($1, $2, $3) RETURNING cd', [
          1 + (i % 1000),
          'x',
          '{}',
        ]),
      read: (i) => pool.query('SELECT id, n FROM slot WHERE id = $1', [1 + (i % 1000)]),
      end: () => pool.end(),
    };
  },
  async postgres(url) {
    const { default: postgres } = await import('postgres');
    const sql = postgres(url, { max: POOL, onnotice: () => {} });
    return {
      tx: (i) =>
        sql.begin(async (tx) => {
          const slot = 1 + (i % 1000);
          await tx`SELECT id FROM slot WHERE id = ${slot} FOR UPDATE`;
          await tx`SELECT status FROM appointment WHERE slot_id = ${slot}`;
          await tx`INSERT INTO appointment (slot_id, status, body) VALUES (${slot}, ${'aguardando'}, ${'{"a":1}'}) RETURNING cd`;
        }),
      one: (i) =>
        sql`INSERT INTO appointment (slot_id, status, body) VALUES (${1 + (i % 1000)}, ${'x'}, ${'{}'}) RETURNING cd`,
      read: (i) => sql`SELECT id, n FROM slot WHERE id = ${1 + (i % 1000)}`,
      end: () => sql.end(),
    };
  },
};

export async function run() {
  const cluster = await startCluster({ fsync: true, log });
  const results = [];
  try {
    for (let round = 1; round <= Number(opts.rounds ?? 3); round++) {
      for (const name of Object.keys(drivers)) {
        const url = await cluster.createDatabase(`drv_${name}_${round}`);
        await admin(url, SCHEMA);
        let d;
        try {
          d = await drivers[name](url);
        } catch (err) {
          log(`${name}: not installed (${err.message.split('\n')[0]})`);
          continue;
        }
        await d.read(0);
        const tx = await rate(d.tx);
        const one = await rate(d.one);
        const read = await rate(d.read);
        await d.end();
        log(
          `round ${round} ${name}: booking tx ${tx.toFixed(0)}/s, single write ${one.toFixed(0)}/s, point read ${read.toFixed(0)}/s`,
        );
        results.push({ round, name, tx, one, read });
      }
    }
  } finally {
    cluster.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
