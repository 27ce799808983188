// The benchmarks' results and their summary table, the scripts' flags, and
// their log on stderr.
import { fileURLToPath } from 'node:url';

/**
 * One line of the summary: a figure, the baseline it is compared with, their
 * ratio, and whether the budget is met. `better` says which way is good.
 */
export function result({ workload, figure, baseline = '', ratio = '', budget, met, note = '', data }) {
  return { workload, figure, baseline, ratio, budget, met, note, data };
}

export const fmt = {
  ms: (v) => (v >= 100 ? `${v.toFixed(0)} ms` : v >= 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(2)} ms`),
  us: (v) => `${v.toFixed(1)} µs`,
  n: (v) => Math.round(v).toLocaleString('en-US'),
  x: (v) => `${v.toFixed(2)}×`,
  pct: (v) => `${(v * 100).toFixed(0)} %`,
  mb: (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
  s: (ms) => `${(ms / 1000).toFixed(2)} s`,
};

export function log(...args) {
  process.stderr.write(`${args.join(' ')}\n`);
}

/** Command-line flags of a bench script: `--name value` or `--name` (true). */
export function flags(argv = process.argv.slice(2)) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const name = a.slice(2);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[name] = next;
      i++;
    } else out[name] = true;
  }
  return out;
}

/** Runs `main` when the script is the process's entry, printing its results as a table. */
export async function standalone(meta, main) {
  if (process.argv[1] !== fileURLToPath(meta.url)) return;
  const results = await main(flags());
  printTable(results);
}

export function printTable(results, out = process.stdout) {
  const head = ['workload', 'figure', 'baseline', 'ratio', 'budget', 'met'];
  const rows = results.map((r) => [
    r.workload,
    r.figure,
    r.baseline,
    r.ratio,
    r.budget,
    r.met === undefined ? 'n/a' : r.met ? 'met' : 'NOT MET',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  out.write(`${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const r of rows) out.write(`${line(r)}\n`);
  const notes = results.filter((r) => r.note);
  if (notes.length) out.write(`\n${notes.map((r) => `- ${r.workload}: ${r.note}`).join('\n')}\n`);
}
