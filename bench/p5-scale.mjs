// P5 scale. Seeds a database of N beneficiaries, N devices and 5·N medical
// items with the store's set-based seeder (src/server/store/datasets/scale.ts,
// bundled into .bench/), and a 1,000-beneficiary one (1,000 devices, 5,000
// items) as the baseline, then on each, with a spawned `coopctl serve`:
//
// - server start: spawn → first answered request (a `buscadadosusuario`), median
//   of several starts (budget ≤ 300 ms on the big database);
// - read latency: autocannon on `buscadadosusuario` with a different random
//   card on every request, p50/p99 (budget: big p99 ≤ 1.2× small p99), with
//   one connection (each request alone: the latency of a read) and with ten
//   (the server saturated: p99 is then mostly queueing, i.e. throughput);
//   with the read cache as it is by default (16 MiB; its hit rate over the
//   timed reads, from /metrics) and without it (`--read-cache 0`: every read
//   from SQLite on both databases, like compared with like);
// - `envianotificacaotodos` (notify send-all) counting every active device,
//   sequential requests, median (budget ≤ 100 ms over 1,000,000 devices);
// - server RSS, peak (VmHWM) after all that (budget ≤ 150 MB).
//
// N is 1,000,000 with --full, else --size (default 100,000): the run says which.
// The databases live in a temporary folder (--tmp DIR, or $COOPCTL_BENCH_TMP,
// else the system's), deleted at the end; with --keep DIR they are seeded into
// DIR once (named by their size) and reused by later runs (their audit files
// removed first; the send-alls' rows stay).
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildModule,
  cannon,
  cpuMs,
  fmt,
  log,
  median,
  request,
  result,
  rss,
  standalone,
  startServe,
  tempDir,
} from './lib.mjs';

export const SHOW = '/api/svcmobile/atualizacaocadastral/buscadadosusuario';
export const SEND_ALL = '/api/svccentral/notificacao/envianotificacaotodos';
export const FULL_SIZE = 1_000_000;
export const QUICK_SIZE = 100_000;
export const SMALL_SIZE = 1_000;

/** A folder kept between runs (--keep). */
function kept(path) {
  mkdirSync(path, { recursive: true });
  return { dir: path, remove: () => {} };
}

/** Seeds `path` with `n` beneficiaries and devices and 5·n items, unless a run before did (the files it added removed). */
function seeded(seedScale, path, n) {
  if (existsSync(path) && existsSync(`${path}.seeded`)) {
    for (const extra of ['-wal', '-shm', '.audit', '.audit-wal', '.audit-shm'])
      rmSync(`${path}${extra}`, { force: true });
    return;
  }
  rmSync(path, { force: true });
  seedScale(path, { beneficiaries: n, devices: n, medicalItems: 5 * n });
  writeFileSync(`${path}.seeded`, `${n}\n`);
}

/** Cards of `count` random beneficiaries of a seeded database (with repetition when it has fewer). */
function sampleCards(path, count) {
  const db = new Database(path, { readonly: true });
  try {
    const max = db.prepare('SELECT max(id) FROM beneficiary').pluck().get();
    const card = db.prepare('SELECT card FROM beneficiary WHERE id = ?').pluck();
    const cards = [];
    while (cards.length < count) {
      const c = card.get(1 + Math.floor(Math.random() * max));
      if (c) cards.push(c);
    }
    return cards;
  } finally {
    db.close();
  }
}

/** Spawn → first answered request, `times` times (each server stopped before the next). */
async function startTimes(db, card, times) {
  const out = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const serve = await startServe({ db, quiet: false });
    try {
      const r = await request(`${serve.url}${SHOW}?usuario_cartao=${card}`, { since: t0 });
      if (r.status !== 200 || r.body?.[0]?.confirma_operacao !== 2)
        throw new Error(`start check: ${r.status} ${r.text.slice(0, 200)}`);
      out.push({ total: r.ms, listening: serve.startedMs });
    } finally {
      await serve.stop();
    }
  }
  return {
    median: median(out.map((o) => o.total)),
    min: Math.min(...out.map((o) => o.total)),
    listening: median(out.map((o) => o.listening)),
  };
}

/** The read cache's look-ups so far, from the server's /metrics: { hit, miss }. */
async function cacheLookups(url) {
  const { text } = await request(`${url}/metrics`);
  const count = (outcome) =>
    Number(
      new RegExp(`^coopctl_store_read_cache_lookups_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

/** Reads with a random card per request (the hit rate of the read cache over them); sequential send-alls; RSS. */
async function measure(db, { duration, connections, sends, devices, args = [] }) {
  const cards = sampleCards(db, 20_000);
  const paths = cards.map((c) => `${SHOW}?usuario_cartao=${c}`);
  const serve = await startServe({ db, args });
  try {
    let i = 0;
    const requests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
    await cannon({ url: serve.url, requests, duration: 1, connections });
    const before = await cacheLookups(serve.url);
    const single = await cannon({ url: serve.url, requests, duration, connections: 1 });
    const cpu0 = cpuMs(serve.pid);
    const reads = await cannon({ url: serve.url, requests, duration, connections });
    reads.cpuPerRequest = ((cpuMs(serve.pid) - cpu0) * 1000) / reads.total;
    const after = await cacheLookups(serve.url);
    const looked = after.hit - before.hit + after.miss - before.miss;
    const hitRate = looked ? (after.hit - before.hit) / looked : 0;
    const body = JSON.stringify({
      conteudo: 'Benchmark: scheduled maintenance tonight',
      tipo_notificacao: 1,
      usuario_envio: 1,
    });
    const sendTimes = [];
    for (let k = 0; k < sends + 1; k++) {
      const r = await request(`${serve.url}${SEND_ALL}`, { method: 'POST', body });
      const rec = r.body?.[0];
      if (r.status !== 200 || rec?.confirma_operacao !== 1 || rec.recipients !== devices)
        throw new Error(`send-all: ${r.status} ${r.text.slice(0, 200)}`);
      if (k > 0) sendTimes.push(r.ms); // the first one warms the page cache
    }
    return {
      single,
      reads,
      hitRate,
      send: { median: median(sendTimes), max: Math.max(...sendTimes) },
      rss: rss(serve.pid),
    };
  } finally {
    await serve.stop();
  }
}

export async function run({
  full = false,
  size,
  duration = 5,
  connections = 10,
  starts = 5,
  sends = 10,
  passes = 3,
  tmp,
  keep,
} = {}) {
  const n = full ? FULL_SIZE : Number(size ?? QUICK_SIZE);
  duration = Number(duration);
  connections = Number(connections);
  starts = Number(starts);
  sends = Number(sends);
  log(
    `  P5: ${full ? 'full size' : `reduced size (${fmt.n(n)}; --full for ${fmt.n(FULL_SIZE)})`}: ${fmt.n(n)} beneficiaries, ${fmt.n(n)} devices, ${fmt.n(5 * n)} medical items`,
  );
  const { seedScale } = await import(await buildModule('src/server/store/datasets/scale.ts', 'seed-scale'));
  const dir = typeof keep === 'string' ? kept(keep) : tempDir('coopctl-scale-', tmp);
  try {
    const big = join(dir.dir, `big-${n}.db`);
    const small = join(dir.dir, `small-${SMALL_SIZE}.db`);
    const t0 = performance.now();
    seeded(seedScale, big, n);
    const seedMs = performance.now() - t0;
    const bytes = statSync(big).size;
    log(`  P5: seeded in ${fmt.s(seedMs)} (${fmt.mb(bytes)} on disk)`);
    seeded(seedScale, small, SMALL_SIZE);

    const [bigCard] = sampleCards(big, 1);
    const [smallCard] = sampleCards(small, 1);
    const startBig = await startTimes(big, bigCard, starts);
    const startSmall = await startTimes(small, smallCard, starts);
    log(
      `  P5: start (spawn → first answer) ${fmt.ms(startBig.median)} on ${fmt.n(n)}, ${fmt.ms(startSmall.median)} on ${fmt.n(SMALL_SIZE)}`,
    );

    // Alternate small, big, small, big (with the read cache, then without) and keep the median of each pair's figures.
    const rounds = [];
    const uncached = [];
    const off = ['--read-cache', '0'];
    for (let k = 0; k < Number(passes); k++) {
      const s = await measure(small, { duration, connections, sends, devices: SMALL_SIZE });
      const b = await measure(big, { duration, connections, sends, devices: n });
      rounds.push({ s, b });
      const s0 = await measure(small, { duration, connections, sends: 0, devices: SMALL_SIZE, args: off });
      const b0 = await measure(big, { duration, connections, sends: 0, devices: n, args: off });
      uncached.push({ s: s0, b: b0 });
      log(
        `  P5 round ${k + 1}: read cache hit rate ${fmt.pct(b.hitRate)} on ${fmt.n(n)}, ${fmt.pct(s.hitRate)} on ${fmt.n(SMALL_SIZE)}; ` +
          `without the cache: 10 conn p99 ${fmt.ms(b0.reads.p99)} (${fmt.n(b0.reads.rps)} req/s) vs ${fmt.ms(s0.reads.p99)} (${fmt.n(s0.reads.rps)} req/s), ` +
          `1 conn p99 ${fmt.ms(b0.single.p99)} vs ${fmt.ms(s0.single.p99)}`,
      );
      log(
        `  P5 round ${k + 1}: reads p50/p99 1 conn ${fmt.ms(b.single.p50)}/${fmt.ms(b.single.p99)}, 10 conn ${fmt.ms(b.reads.p50)}/${fmt.ms(b.reads.p99)} (${fmt.n(b.reads.rps)} req/s) on ${fmt.n(n)}, ` +
          `1 conn ${fmt.ms(s.single.p50)}/${fmt.ms(s.single.p99)}, 10 conn ${fmt.ms(s.reads.p50)}/${fmt.ms(s.reads.p99)} (${fmt.n(s.reads.rps)} req/s) on ${fmt.n(SMALL_SIZE)}; ` +
          `server CPU a read at 10 conn ${fmt.us(b.reads.cpuPerRequest)} vs ${fmt.us(s.reads.cpuPerRequest)} (cache off ${fmt.us(b0.reads.cpuPerRequest)} vs ${fmt.us(s0.reads.cpuPerRequest)}); ` +
          `send-all ${fmt.ms(b.send.median)} (max ${fmt.ms(b.send.max)}) vs ${fmt.ms(s.send.median)}; RSS peak ${fmt.mb(b.rss.peak)} vs ${fmt.mb(s.rss.peak)}`,
      );
    }
    const last = rounds.at(-1);
    const pick = (f) => median(rounds.map(f));
    const p99Big = pick((r) => r.b.reads.p99);
    const p99Small = pick((r) => r.s.reads.p99);
    const p99Big1 = pick((r) => r.b.single.p99);
    const p99Small1 = pick((r) => r.s.single.p99);
    const sendBig = pick((r) => r.b.send.median);
    const rssBig = Math.max(...rounds.map((r) => r.b.rss.peak));
    const scale = full ? '1M' : `${fmt.n(n)} (reduced)`;
    const bad = [...rounds, ...uncached].reduce(
      (k, r) => k + r.b.reads.bad + r.s.reads.bad + r.b.single.bad + r.s.single.bad,
      0,
    );
    const hitBig = pick((r) => r.b.hitRate);
    const hitSmall = pick((r) => r.s.hitRate);
    const pick0 = (f) => median(uncached.map(f));
    const p99Big0 = pick0((r) => r.b.reads.p99);
    const p99Small0 = pick0((r) => r.s.reads.p99);
    const p99Big01 = pick0((r) => r.b.single.p99);
    const p99Small01 = pick0((r) => r.s.single.p99);
    const hits = `read cache hit rate ${fmt.pct(hitBig)} on ${scale}, ${fmt.pct(hitSmall)} on ${fmt.n(SMALL_SIZE)}`;
    return [
      result({
        workload: `P5 seeding ${scale}`,
        figure: `${fmt.s(seedMs)} for ${fmt.n(n)} + ${fmt.n(n)} + ${fmt.n(5 * n)} rows`,
        baseline: `${fmt.mb(bytes)} on disk`,
        budget: 'quick (no budget)',
        met: undefined,
        note: full
          ? ''
          : `reduced size: run with --full for 1,000,000 beneficiaries and devices and 5,000,000 medical items`,
        data: { n, seedMs, bytes },
      }),
      result({
        workload: `P5 read p99 on ${scale}, 1 connection`,
        figure: `p99 ${fmt.ms(p99Big1)}, p50 ${fmt.ms(pick((r) => r.b.single.p50))}, ${fmt.n(pick((r) => r.b.single.rps))} req/s`,
        baseline: `${fmt.n(SMALL_SIZE)} rows: p99 ${fmt.ms(p99Small1)}, p50 ${fmt.ms(pick((r) => r.s.single.p50))}, ${fmt.n(pick((r) => r.s.single.rps))} req/s`,
        ratio: fmt.x(p99Big1 / p99Small1),
        budget: '≤ 1.2×',
        met: p99Big1 / p99Small1 <= 1.2 && bad === 0,
        note: `autocannon, 1 connection (each read alone), ${duration} s, a random card per request (20,000 sampled); median of ${rounds.length} alternating rounds; ${hits}${bad ? `; ${bad} failed requests` : ''}`,
      }),
      result({
        workload: `P5 read p99 on ${scale}, 10 connections`,
        figure: `p99 ${fmt.ms(p99Big)}, p50 ${fmt.ms(pick((r) => r.b.reads.p50))}, ${fmt.n(pick((r) => r.b.reads.rps))} req/s`,
        baseline: `${fmt.n(SMALL_SIZE)} rows: p99 ${fmt.ms(p99Small)}, p50 ${fmt.ms(pick((r) => r.s.reads.p50))}, ${fmt.n(pick((r) => r.s.reads.rps))} req/s`,
        ratio: fmt.x(p99Big / p99Small),
        budget: '≤ 1.2×',
        met: p99Big / p99Small <= 1.2 && bad === 0,
        note: `autocannon, 10 connections (the server saturated: p99 is mostly waiting in line, so it follows the cost of a read), ${duration} s, random cards as above; ${hits}; server CPU a read ${fmt.us(pick((r) => r.b.reads.cpuPerRequest))} against ${fmt.us(pick((r) => r.s.reads.cpuPerRequest))} (${fmt.x(pick((r) => r.b.reads.cpuPerRequest) / pick((r) => r.s.reads.cpuPerRequest))}); rounds' p99 ratios ${rounds.map((r) => fmt.x(r.b.reads.p99 / r.s.reads.p99)).join(', ')}`,
        data: {
          hitBig,
          hitSmall,
          rounds: rounds.map((r) => ({
            big: { p99: r.b.reads.p99, rps: r.b.reads.rps, cpu: r.b.reads.cpuPerRequest },
            small: { p99: r.s.reads.p99, rps: r.s.reads.rps, cpu: r.s.reads.cpuPerRequest },
          })),
        },
      }),
      result({
        workload: `P5 read p99 on ${scale}, 1 / 10 connections, read cache off`,
        figure: `p99 ${fmt.ms(p99Big01)} / ${fmt.ms(p99Big0)}, ${fmt.n(pick0((r) => r.b.reads.rps))} req/s at 10`,
        baseline: `${fmt.n(SMALL_SIZE)} rows: p99 ${fmt.ms(p99Small01)} / ${fmt.ms(p99Small0)}, ${fmt.n(pick0((r) => r.s.reads.rps))} req/s at 10`,
        ratio: `${fmt.x(p99Big01 / p99Small01)} / ${fmt.x(p99Big0 / p99Small0)}`,
        budget: 'none (like with like)',
        met: undefined,
        note: '`serve --read-cache 0`: every read from SQLite on both databases, in the same alternating rounds',
      }),
      result({
        workload: `P5 send-all over ${scale} devices`,
        figure: `${fmt.ms(sendBig)} (max ${fmt.ms(Math.max(...rounds.map((r) => r.b.send.max)))})`,
        baseline: `${fmt.n(SMALL_SIZE)} devices: ${fmt.ms(pick((r) => r.s.send.median))}`,
        ratio: fmt.x(sendBig / pick((r) => r.s.send.median)),
        budget: '≤ 100 ms',
        met: sendBig <= 100,
        note: `envianotificacaotodos answered with recipients = ${fmt.n(n)}; median of ${sends} sequential requests per round (after one warm-up), includes the durable insert of the sending`,
      }),
      result({
        workload: `P5 server start on ${scale}`,
        figure: `${fmt.ms(startBig.median)} (min ${fmt.ms(startBig.min)}; URL printed at ${fmt.ms(startBig.listening)})`,
        baseline: `${fmt.n(SMALL_SIZE)} rows: ${fmt.ms(startSmall.median)}`,
        ratio: fmt.x(startBig.median / startSmall.median),
        budget: '≤ 300 ms',
        met: startBig.median <= 300,
        note: `spawn of \`node bin/coopctl serve\` → first answered buscadadosusuario, median of ${starts} starts (banner on: the start path as a user sees it)`,
      }),
      result({
        workload: `P5 server RSS on ${scale}`,
        figure: `${fmt.mb(rssBig)} peak`,
        baseline: `${fmt.n(SMALL_SIZE)} rows: ${fmt.mb(Math.max(...rounds.map((r) => r.s.rss.peak)))} peak`,
        ratio: fmt.x(rssBig / Math.max(...rounds.map((r) => r.s.rss.peak))),
        budget: '≤ 150 MB',
        met: rssBig <= 150 * 1024 * 1024,
        note: `VmHWM of the server process after the reads and send-alls (last round: ${fmt.mb(last.b.rss.now)} resident)`,
      }),
    ];
  } finally {
    dir.remove();
  }
}

await standalone(import.meta, run);
