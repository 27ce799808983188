// Two builds of coopctl compared on the server's workloads: P3 (server reads),
// P4 (durable writes) and P8 (the PostgreSQL store), with `coopctl serve` of
// this tree's bundle (dist/) and of another build's copy (`--before DIR`, a
// folder holding that build's bin/ and dist/; put it under .bench/ so that its
// bundle finds this tree's node_modules), the two alternating workload by
// workload, in the other order on the next round, so that both meet the same
// moments of the shared machine. Server CPU per request is reported beside
// requests/s: it is much less sensitive to other load.
//
//   git worktree add /tmp/before main && (cd /tmp/before && npm ci && npm run build)
//   mkdir -p .bench/before && cp -r /tmp/before/bin /tmp/before/dist .bench/before/
//   npm run build && node bench/server-builds.mjs --before .bench/before [--rounds 3] [--only P3,P4,P8]
//   (--after DIR: another copy than this tree's bin/ and dist/, so that the tree can be built again meanwhile)
import { resolve } from 'node:path';
import { BIN, flags, fmt, log, median, printTable, result } from './lib.mjs';
import { run as p3 } from './p3-server-reads.mjs';
import { run as p4 } from './p4-writes.mjs';
import { run as p8 } from './p8-postgres.mjs';

const opts = flags();
if (typeof opts.before !== 'string') {
  log('usage: node bench/server-builds.mjs --before DIR [--rounds 3] [--only P3,P4,P8]');
  process.exit(2);
}
const rounds = Number(opts.rounds ?? 3);
const only = typeof opts.only === 'string' ? new Set(opts.only.toUpperCase().split(',')) : undefined;
const bins = {
  before: resolve(opts.before, 'bin', 'coopctl'),
  after: typeof opts.after === 'string' ? resolve(opts.after, 'bin', 'coopctl') : BIN,
};

/** Each workload, and the numbers compared from its results (by workload name). */
const WORKLOADS = [
  [
    'P3',
    () => p3({ rounds: 3, duration: 3 }),
    (rs) => {
      const pairs = rs[0].data.pairs;
      return {
        'P3 reads/s': median(pairs.map((p) => p.rps)),
        'P3 CPU µs/read': median(pairs.map((p) => p.cpu)),
        'P3 ratio to bare node:http': rs[0].data.ratio,
      };
    },
  ],
  [
    'P4',
    () => p4({ duration: 5 }),
    (rs) => ({
      'P4 writes/s': rs[0].data.rps,
      'P4 p99 ms': rs[0].data.p99,
      'P4 CPU µs/write': rs[0].data.cpuPerWrite,
    }),
  ],
  [
    'P8',
    () => p8({ duration: 5 }),
    (rs) => Object.fromEntries(rs.filter((r) => r.data?.rps !== undefined).map((r) => [r.workload, r.data.rps])),
  ],
];

/** figures[build][name] = one number per round. */
const figures = { before: {}, after: {} };
/** The runs that failed, by build. */
const failed = { before: [], after: [] };
for (let round = 0; round < rounds; round++) {
  for (const [name, work, numbers] of WORKLOADS) {
    if (only && !only.has(name)) continue;
    const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const build of order) {
      process.env.COOPCTL_BENCH_BIN = bins[build];
      log(`round ${round + 1}/${rounds}: ${name} on ${build}`);
      let rs;
      try {
        rs = await work();
      } catch (err) {
        // A run that fails (a server that did not start on a loaded machine) is told, and left out of the medians.
        log(`  ${name} on ${build} failed: ${err.message.split('\n').slice(0, 2).join(' ')}`);
        failed[build].push(`${name} round ${round + 1}`);
        continue;
      }
      for (const [k, v] of Object.entries(numbers(rs))) {
        figures[build][k] ??= [];
        figures[build][k].push(v);
      }
    }
  }
}
delete process.env.COOPCTL_BENCH_BIN;

const show = (k, v) => (k.includes('ratio') ? fmt.pct(v) : k.includes(' ms') ? fmt.ms(v) : fmt.n(v));
printTable(
  Object.keys(figures.after).map((k) => {
    figures.before[k] ??= [];
    const b = median(figures.before[k]);
    const a = median(figures.after[k]);
    return result({
      workload: k,
      figure: `after ${show(k, a)} (${figures.after[k].map((v) => show(k, v)).join(' / ')})`,
      baseline: `before ${show(k, b)} (${figures.before[k].map((v) => show(k, v)).join(' / ')})`,
      ratio: fmt.pct(a / b),
      budget: 'n/a',
      met: undefined,
    });
  }),
);
process.stdout.write(`\nNode ${process.version}; ${rounds} rounds, medians, figures in round order.\n`);
for (const build of ['before', 'after'])
  if (failed[build].length) process.stdout.write(`Failed on ${build} (left out): ${failed[build].join(', ')}.\n`);
