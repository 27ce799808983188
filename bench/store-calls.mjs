// The SQLite store's own cost per call, in-process, for two source trees side
// by side (this one and `--before DIR`, a checkout of another commit): the hot
// read through the whole server core without sockets (`dispatch()` of
// `buscadadosusuario`, answered from the kept records as P3's single card
// is), the same record read from the database each time (a `today` never
// asked before: no kept answer), an asynchronous read (`registration.holder`),
// and writes (`enrol.createContract`) one after another and 100 at once,
// with synchronous = OFF so that what is timed is the store's code and
// SQLite's, not the disk's fsync (P4 times durable writes). With \`--postgres\`
// the same on a throwaway PostgreSQL cluster (fsync on): this process's CPU
// per call is the store's and the driver's, PostgreSQL's own is not counted.
//
// Each tree's src/ is bundled (esbuild) into .bench/ and both are loaded in
// this one process, each with its own databases (mkdir'd below a temporary
// folder); each workload is timed in short blocks, the two builds alternating
// block by block (the other one first on the next block), so that both meet
// the same moments of a shared machine. Figures are the medians of the
// blocks, in µs of the process's CPU time (user and system) per call, which
// other load moves much less than the clock; lower is better. The ratio is the
// median of each block's after/before ratio, against its neighbour in time.
//
//   git archive main | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/
//   node bench/store-calls.mjs --before /tmp/before [--rounds 15] [--only WORD] [--postgres]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_CARD, flags, fmt, log, median, printTable, result, ROOT, tempDir } from './lib.mjs';

/** What each tree's module offers, bundled from its sources (`resolveDir`: that tree): its stores opened, and each workload's call. */
const MODULE = `
import { join } from 'node:path';
import { openBackend } from './src/server/wire.ts';
import { createDispatch } from './src/server/http/dispatch.ts';

const CARD = ${JSON.stringify(DEMO_CARD)};
const request = {
  method: 'GET',
  target: '/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=' + CARD,
  headers: { host: '127.0.0.1' },
};
const fields = { registro_ans: '419761', coop_id: 1, produto_tabela_id: 11, origem: 'WB' };

/** The stores on SQLite files in \`dir\`, or on two PostgreSQL databases (\`urls\`). */
export async function open(dir, urls) {
  const reads = await openBackend({ path: urls ? urls[0] : join(dir, 'reads.db'), demo: true });
  const writes = await openBackend(
    urls ? { path: urls[1], demo: true } : { path: join(dir, 'writes.db'), demo: true, pragmas: ['synchronous = OFF'] },
  );
  const dispatch = createDispatch({ handlers: reads.handlers });
  const first = await dispatch(request);
  if (first.status !== 200) throw new Error('the hot read failed');
  if (!urls && dispatch(request) instanceof Promise) throw new Error('the hot read was not answered at once');
  let asked = 0;
  const contract = () => writes.repo.enrol.createContract(fields, 'proposta', '2026-11-28');
  return {
    workloads: {
      'hot read, kept (dispatch)': () => dispatch(request),
      'hot read, from the database': () => reads.repo.registration.record(CARD, 'd' + asked++),
      'read (holder), awaited': () => reads.repo.registration.holder(CARD),
      'write, one at a time': () => contract(),
      'write, 100 at once': () => Promise.all(Array.from({ length: 100 }, contract)),
    },
    close: async () => {
      await reads.close();
      await writes.close();
    },
  };
}
`;

/** Calls of each workload in one timed block (a write of "100 at once" is 100 calls). */
const BLOCK = {
  'hot read, kept (dispatch)': 20_000,
  'hot read, from the database': 2_000,
  'read (holder), awaited': 2_000,
  'write, one at a time': 200,
  'write, 100 at once': 10,
};
const CALLS_PER = { 'write, 100 at once': 100 };

async function bundle(tree, name) {
  const { build } = await import('esbuild');
  const outdir = join(ROOT, '.bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    stdin: { contents: MODULE, resolveDir: tree, loader: 'ts', sourcefile: `${name}.ts` },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['better-sqlite3', 'pg'],
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

const opts = flags();
if (typeof opts.before !== 'string') {
  log('usage: node bench/store-calls.mjs --before DIR [--rounds 15] [--only WORD] [--postgres]');
  process.exit(2);
}
const rounds = Number(opts.rounds ?? 15);
/** \`--postgres\`: the stores on a throwaway PostgreSQL cluster (scripts/postgres.mjs), fsync on. */
const cluster = opts.postgres
  ? await (await import('../scripts/postgres.mjs')).startCluster({ fsync: true, log })
  : undefined;
/** `--only kept`: the workloads whose name holds that word. */
const names = Object.keys(BLOCK).filter((k) => typeof opts.only !== 'string' || k.includes(opts.only));
const builds = {
  before: await import(pathToFileURL(await bundle(resolve(opts.before), 'store-calls-before')).href),
  after: await import(pathToFileURL(await bundle(ROOT, 'store-calls-after')).href),
};
const dir = tempDir('store-calls-');
for (const build of ['before', 'after']) mkdirSync(join(dir.dir, build));
const urlsOf = async (build) =>
  cluster && [await cluster.createDatabase(`calls_${build}_r`), await cluster.createDatabase(`calls_${build}_w`)];
const opened = {
  before: await builds.before.open(join(dir.dir, 'before'), await urlsOf('before')),
  after: await builds.after.open(join(dir.dir, 'after'), await urlsOf('after')),
};

/** One timed block of a workload: CPU µs per call. */
async function block(build, name) {
  const call = opened[build].workloads[name];
  // PostgreSQL answers each call after a round trip: blocks a tenth as long.
  const calls = Math.max(1, Math.round(BLOCK[name] * (cluster ? 0.1 : 1)));
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const r = call();
    if (r instanceof Promise) await r;
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / (calls * (CALLS_PER[name] ?? 1));
}

/** figures[build][name] = one number per round. */
const figures = { before: {}, after: {} };
try {
  for (const name of names) {
    log(name);
    // Warm-up: each build's code optimised, each statement prepared.
    for (const build of ['before', 'after']) await block(build, name);
    for (const build of ['before', 'after']) figures[build][name] = [];
    for (let round = 0; round < rounds; round++)
      for (const build of round % 2 === 0 ? ['before', 'after'] : ['after', 'before'])
        figures[build][name].push(await block(build, name));
  }
} finally {
  await opened.before.close();
  await opened.after.close();
  await cluster?.stop();
  dir.remove();
}

const spread = (vs) => `${fmt.us(Math.min(...vs))}–${fmt.us(Math.max(...vs))}`;
printTable(
  names.map((k) => {
    const b = median(figures.before[k]);
    const a = median(figures.after[k]);
    // Each block against the other build's block next to it in time: the load they met was alike.
    const pairs = figures.after[k].map((v, i) => v / figures.before[k][i]);
    return result({
      workload: k,
      figure: `after ${fmt.us(a)} (${spread(figures.after[k])})`,
      baseline: `before ${fmt.us(b)} (${spread(figures.before[k])})`,
      ratio: fmt.pct(median(pairs)),
      budget: 'n/a',
      met: undefined,
    });
  }),
);
process.stdout.write(
  `\nNode ${process.version}; ${rounds} alternating blocks per workload, medians (range), CPU µs per call; ratio: the median of the blocks' after/before ratios.\n`,
);
