// Runs every benchmark (P1–P8) against the built bundle and prints a summary:
// workload, figure, baseline, ratio, budget, met / NOT MET. `npm run bench`
// builds first. Every ratio is taken against a baseline measured in the same
// run, because the machine is shared and noisy; nothing here is a test.
//
//   node bench/run.mjs                 all, P5 at a reduced size (100,000)
//   node bench/run.mjs --full          P5 at full size (1,000,000 beneficiaries and devices, 5,000,000 items)
//                                      (P5 alone: node bench/p5-scale.mjs --full --passes 3 --duration 5)
//   node bench/run.mjs --size 20000    P5 at another reduced size
//   node bench/run.mjs --only P3,P4    some of them
//   node bench/run.mjs --tmp DIR       where P5's databases go (default $COOPCTL_BENCH_TMP, else the system's temp)
//   node bench/run.mjs --out FILE      also write the results as JSON (default .bench/results.json)
//
// Each script also runs alone: node bench/p3-server-reads.mjs --rounds 8
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import os from 'node:os';
import { BIN, flags, log, printTable, ROOT } from './lib.mjs';

const opts = flags();
const only = typeof opts.only === 'string' ? new Set(opts.only.toUpperCase().split(',')) : undefined;

const workloads = [
  ['P1', './p1-startup.mjs', {}],
  ['P2', './p2-read.mjs', {}],
  ['P3', './p3-server-reads.mjs', {}],
  ['P3', './p3-floor.mjs', {}],
  ['P4', './p4-writes.mjs', {}],
  ['P5', './p5-scale.mjs', { full: opts.full === true, size: opts.size, tmp: opts.tmp }],
  ['P6', './p6-batch.mjs', {}],
  ['P7', './p7-table.mjs', {}],
  ['P8', './p8-postgres.mjs', {}],
  ['P9', './p9-admin-reset.mjs', {}],
];

if (!existsSync(join(ROOT, 'dist', 'coopctl.cjs'))) {
  log('dist/ is missing: run `npm run bench` (which builds first) or `npm run build`.');
  process.exit(2);
}

const started = Date.now();
const results = [];
for (const [name, file, args] of workloads) {
  if (only && !only.has(name)) continue;
  log(`${name}: ${file}`);
  const t = Date.now();
  try {
    const { run } = await import(file);
    results.push(...(await run(args)));
  } catch (err) {
    log(`${name} failed: ${err.stack ?? err}`);
    results.push({
      workload: name,
      figure: `failed: ${String(err.message ?? err).split('\n')[0]}`,
      baseline: '',
      ratio: '',
      budget: '',
      met: false,
      note: '',
    });
  }
  log(`${name}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}`;
process.stdout.write(
  `\nSummary (${new Date().toISOString()}, ${machine}; ${((Date.now() - started) / 1000).toFixed(0)} s)\n\n`,
);
printTable(results);

const out = typeof opts.out === 'string' ? opts.out : join(ROOT, '.bench', 'results.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), machine, bin: BIN, options: opts, results }, null, 2)}\n`,
);
log(`\nresults: ${out}`);
