// The SQLite binding, measured: P3 (server reads), P4 (durable writes) and P5
// (scale, reduced size) with the store on better-sqlite3 (the bundle as
// built) and on Node's built-in node:sqlite (the same bundle, with
// bench/node-sqlite-shim.cjs in better-sqlite3's place), in one run on the Node
// that runs this script, the two bindings alternating workload by workload
// (and in the other order on the next round), so that both meet the same
// moments of the shared machine. docs/decisions.md ("The SQLite binding")
// holds the figures and the decision.
//
//   npm run build && node bench/sqlite-bindings.mjs [--rounds 2] [--size 100000]
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BIN, flags, fmt, log, median, printTable, result, ROOT } from './lib.mjs';
import { run as p3 } from './p3-server-reads.mjs';
import { run as p4 } from './p4-writes.mjs';
import { run as p5 } from './p5-scale.mjs';

/** A copy of bin/ and dist/ whose `require('better-sqlite3')` finds the node:sqlite shim; answers its launcher. */
function nodeSqliteCopy() {
  const dir = join(ROOT, '.bench', 'node-sqlite');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  const pkg = join(dir, 'node_modules', 'better-sqlite3');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'better-sqlite3', main: 'index.js' }));
  cpSync(join(ROOT, 'bench', 'node-sqlite-shim.cjs'), join(pkg, 'index.js'));
  return join(dir, 'bin', 'coopctl');
}

/** The SQLite library version each binding runs. */
function sqliteVersions() {
  const require = createRequire(import.meta.url);
  const Better = require('better-sqlite3');
  const better = new Better(':memory:');
  const { DatabaseSync } = require('node:sqlite');
  const native = new DatabaseSync(':memory:');
  try {
    return {
      'better-sqlite3': better.prepare('SELECT sqlite_version()').pluck().get(),
      'node:sqlite': Object.values(native.prepare('SELECT sqlite_version() AS v').get())[0],
    };
  } finally {
    better.close();
    native.close();
  }
}

/** The figures compared: what each workload's result says, as numbers (from its `data` or its figure). */
const WORKLOADS = [
  ['P3', (o) => p3({ rounds: o.p3Rounds, duration: 2 })],
  ['P4', () => p4({ duration: 5 })],
  ['P5', (o) => p5({ size: o.size, passes: 1, duration: 3, starts: 3, sends: 5 })],
];

const opts = flags();
const rounds = Number(opts.rounds ?? 2);
const options = { size: Number(opts.size ?? 20_000), p3Rounds: Number(opts['p3-rounds'] ?? 4) };
const bins = { 'better-sqlite3': BIN, 'node:sqlite': nodeSqliteCopy() };
const versions = sqliteVersions();
log(
  `Node ${process.version}; SQLite ${versions['better-sqlite3']} (better-sqlite3), ${versions['node:sqlite']} (node:sqlite)`,
);

/** results[binding][workload row] = list of figure strings, one per round. */
const seen = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, work] of WORKLOADS) {
    const order = round % 2 === 0 ? Object.keys(bins) : Object.keys(bins).reverse();
    for (const binding of order) {
      process.env.COOPCTL_BENCH_BIN = bins[binding];
      log(`round ${round + 1}/${rounds}: ${name} on ${binding}`);
      for (const r of await work(options)) {
        const key = `${r.workload} · ${binding}`;
        seen[key] ??= { r, figures: [], ratios: [] };
        seen[key].figures.push(r.figure);
        if (r.data?.ratio !== undefined) seen[key].ratios.push(r.data.ratio);
      }
    }
  }
}
delete process.env.COOPCTL_BENCH_BIN;

printTable(
  Object.entries(seen)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([workload, { r, figures, ratios }]) =>
      result({
        workload,
        figure: figures.join(' / '),
        baseline: r.baseline,
        ratio: ratios.length ? fmt.pct(median(ratios)) : r.ratio,
        budget: r.budget,
        met: r.met,
      }),
    ),
);
process.stdout.write(
  `\nNode ${process.version}; SQLite ${versions['better-sqlite3']} in better-sqlite3, ${versions['node:sqlite']} in node:sqlite; ${rounds} rounds, figures in round order; P5 at ${fmt.n(options.size)} beneficiaries.\n`,
);
