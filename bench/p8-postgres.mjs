// P8 PostgreSQL store: durable writes/s and reads/s of `coopctl serve` on
// PostgreSQL with one instance and with two instances sharing the database,
// beside the SQLite store with one instance, all in the same run (the SQLite
// figure is the baseline of the ratios). PostgreSQL is a throwaway cluster
// (scripts/postgres.mjs) with its durable defaults (fsync on,
// synchronous_commit on), on loopback TCP.
//
// Writes: autocannon POSTs of `/api/svcweb/beneficiario` (as P4). Reads:
// autocannon GETs of `buscadadosusuario` for the demo card (as P3). With two
// instances, two autocannon runs at once, one per instance, with half the
// connections each; their requests/s are added. After the writes, the
// database must hold one new beneficiary per 2xx answer.
//
// The machine has 2 cores that the load generator, the server processes and
// PostgreSQL share: two instances here show that they work together, not the
// scaling of two machines (docs/performance.md, docs/deployment.md).
//
//   node bench/p8-postgres.mjs [--duration 5] [--connections 10]
import Database from 'better-sqlite3';
import pg from 'pg';
import { startCluster } from '../scripts/postgres.mjs';
import { BODY, PATH as WRITE_PATH } from './p4-writes.mjs';
import { cannon, DEMO_CARD, demoDbPath, fmt, log, result, standalone, startServe, tempDir } from './lib.mjs';

const READ_PATH = `/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=${DEMO_CARD}`;
const STORED =
  "SELECT count(*)::int AS n FROM beneficiary WHERE contract_id = 1 AND nome = 'Pedro Souza' AND card IS NULL";

/** Loads the servers at once, `connections` shared among them; answers the summed requests/s and the worst p99. */
async function loadAll(urls, { path, method, body, connections, duration }) {
  const per = Math.max(1, Math.floor(connections / urls.length));
  const options = (url) => ({
    url: `${url}${path}`,
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body } : {}),
    connections: per,
    duration,
  });
  await Promise.all(urls.map((u) => cannon({ ...options(u), duration: 1 })));
  const rs = await Promise.all(urls.map((u) => cannon(options(u))));
  return {
    rps: rs.reduce((a, r) => a + r.rps, 0),
    p99: Math.max(...rs.map((r) => r.p99)),
    acked: rs.reduce((a, r) => a + r.raw['2xx'], 0),
    bad: rs.reduce((a, r) => a + r.bad, 0),
  };
}

/** Writes then reads against the servers at `urls`; `stored()` answers how many benchmark beneficiaries are stored. */
async function measure(name, urls, stored, { connections, duration }) {
  const body = JSON.stringify(BODY);
  const before = await stored();
  const writes = await loadAll(urls, { path: WRITE_PATH, method: 'POST', body, connections, duration });
  const after = await stored();
  // The warm-up's writes are stored too, so at least the measured ones must be.
  if (after - before < writes.acked)
    throw new Error(`${name}: ${after - before} stored for ${writes.acked} acknowledged`);
  const reads = await loadAll(urls, { path: READ_PATH, method: 'GET', connections, duration });
  log(
    `  P8 ${name}: ${fmt.n(writes.rps)} writes/s (p99 ${fmt.ms(writes.p99)}), ${fmt.n(reads.rps)} reads/s (p99 ${fmt.ms(reads.p99)})`,
  );
  return { name, writes, reads, stored: after - before };
}

export async function run({ duration = 5, connections = 10 } = {}) {
  const opts = { duration: Number(duration), connections: Number(connections) };
  const tmp = tempDir();
  const cluster = await startCluster({ fsync: true, log });
  const servers = [];
  try {
    // SQLite, one instance: the baseline.
    const file = demoDbPath(tmp.dir);
    servers.push(await startServe({ db: file }));
    const sqliteStored = async () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(STORED.replace('::int', '')).pluck().get();
      } finally {
        db.close();
      }
    };
    const base = await measure('SQLite, 1 instance', [servers[0].url], sqliteStored, opts);
    await servers.pop().stop();

    const figures = [];
    for (const n of [1, 2]) {
      const url = await cluster.createDatabase(`p8_${n}`);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      // An idle connection the server closed (the cluster stopped under us) fails the next query, not the process.
      pool.on('error', () => undefined);
      const pgStored = async () => (await pool.query(STORED)).rows[0].n;
      const started = await Promise.all(Array.from({ length: n }, () => startServe({ db: url })));
      servers.push(...started);
      figures.push(
        await measure(
          `PostgreSQL, ${n} instance${n > 1 ? 's' : ''}`,
          started.map((s) => s.url),
          pgStored,
          opts,
        ),
      );
      for (const s of servers.splice(0)) await s.stop();
      await pool.end();
    }
    const line = (f, kind) =>
      result({
        workload: `P8 ${kind} on ${f.name}`,
        figure: `${fmt.n(f[kind].rps)} ${kind}/s, p99 ${fmt.ms(f[kind].p99)}`,
        baseline: `SQLite, 1 instance: ${fmt.n(base[kind].rps)} ${kind}/s`,
        ratio: fmt.x(f[kind].rps / base[kind].rps),
        budget: 'none (measured)',
        met: f[kind].bad === 0,
        note: `${opts.connections} connections in all, ${opts.duration} s; PostgreSQL fsync on, synchronous_commit on, pool of 10 per instance${kind === 'writes' ? `; ${f.stored} stored for ${f.writes.acked} acknowledged` : ''}${f[kind].bad ? `; ${f[kind].bad} failed requests` : ''}`,
        data: { rps: f[kind].rps, p99: f[kind].p99, baseline: base[kind].rps },
      });
    return [
      ...figures.flatMap((f) => [line(f, 'writes'), line(f, 'reads')]),
      result({
        workload: 'P8 baseline: SQLite, 1 instance',
        figure: `${fmt.n(base.writes.rps)} writes/s, ${fmt.n(base.reads.rps)} reads/s`,
        budget: 'none (baseline)',
        met: base.writes.bad + base.reads.bad === 0,
        data: { writes: base.writes.rps, reads: base.reads.rps },
      }),
    ];
  } finally {
    for (const s of servers) await s.stop();
    cluster.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
