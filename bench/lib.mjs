// Shared helpers of the benchmarks: spawning the built CLI and servers, timing
// processes, autocannon, and building TypeScript modules into .bench/.
// Plain ESM, no TypeScript loader: the benches run the built bundle (dist/).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'coopctl');
export const NODE = process.execPath;

/** The demo dataset's first card, provider and location (docs/server.md). */
export const DEMO_CARD = '00010001000001005';

// ── results ─────────────────────────────────────────────────────────────────

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

// ── statistics ──────────────────────────────────────────────────────────────

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

// ── processes ───────────────────────────────────────────────────────────────

/**
 * Runs a command to its end; answers its wall time (ms), exit code and output.
 * With `quiet`, stdout and stderr go to /dev/null (as hyperfine does), so that
 * the program writes to files, not pipes; the output is then empty.
 */
export function runTimed(cmd, args, { env = process.env, input, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const out = [];
    const err = [];
    const stdio = [input === undefined ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe'];
    const started = performance.now();
    const child = spawn(cmd, args, { env, stdio });
    child.stdout?.on('data', (c) => out.push(c));
    child.stderr?.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({
        ms: performance.now() - started,
        code,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
      });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

/**
 * Times several commands, interleaved run by run (so that a noisy moment of
 * the shared machine hits all of them alike), after `warmup` untimed rounds.
 * Each command is `{ name, cmd, args, env?, expectCode? }`; its output goes to
 * /dev/null, as hyperfine does (a failing run is run again with its output
 * kept, to say why). Answers `{ name: { median, mean, min, p90, runs } }` in ms.
 */
export async function compareCommands(commands, { runs = 30, warmup = 3 } = {}) {
  const times = Object.fromEntries(commands.map((c) => [c.name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const c of commands) {
      const r = await runTimed(c.cmd, c.args, { env: c.env, quiet: true });
      const expected = c.expectCode ?? 0;
      if (r.code !== expected) {
        const again = await runTimed(c.cmd, c.args, { env: c.env });
        throw new Error(`${c.name}: exit ${r.code} (expected ${expected})\n${again.stderr.slice(0, 2000)}`);
      }
      if (round >= warmup) times[c.name].push(r.ms);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, t]) => [
      name,
      { median: median(t), mean: mean(t), min: Math.min(...t), p90: percentile(t, 90), runs: t.length },
    ]),
  );
}

/** The coopctl that serves: bin/coopctl, or COOPCTL_BENCH_BIN (bench/sqlite-bindings.mjs: the bundle on another binding). */
export const serveBin = () => process.env.COOPCTL_BENCH_BIN || BIN;

/**
 * Spawns `coopctl serve` on a free port (quiet: no access log) and waits for
 * the URL line. Answers `{ url, child, pid, startedMs, stop() }`; startedMs is
 * the time from spawn to the URL line.
 */
export async function startServe({ db, args = [], env = process.env, quiet = true } = {}) {
  const started = performance.now();
  const child = spawn(NODE, [serveBin(), 'serve', '--port', '0', '--db', db, ...(quiet ? ['-q'] : []), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // Keep the start of stderr for errors; drop the rest (the access log of a non-quiet server).
  child.stderr.on('data', (c) => {
    if (stderr.length < 20_000) stderr += c;
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (c) => {
      out += c;
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        child.stdout.off('data', onData);
        resolve(out.slice(0, nl).trim());
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`coopctl serve exited (${code}) before listening\n${stderr}`)));
    child.once('error', reject);
  });
  const startedMs = performance.now() - started;
  return { url, child, pid: child.pid, startedMs, stop: () => stopChild(child) };
}

/** Spawns a node script (a baseline server) that prints its URL on stdout. */
export async function startScript(file, args = []) {
  const child = spawn(NODE, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
  return { url, child, pid: child.pid, stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident set size of a process now and at its peak (bytes), from /proc. */
export function rss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { now: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { now: NaN, peak: NaN };
  }
}

// ── HTTP load ───────────────────────────────────────────────────────────────

/**
 * autocannon, programmatically. Answers requests/s (mean), latency p50/p99 in
 * ms with microsecond resolution (autocannon's own histogram has whole
 * milliseconds, so every response time is recorded here too) and the count of
 * failed requests (errors, timeouts, non-2xx).
 */
export async function cannon(options) {
  const { default: autocannon } = await import('autocannon');
  let times = new Float64Array(1 << 16);
  let n = 0;
  const instance = autocannon({ connections: 10, duration: 5, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = responseTime;
  });
  const r = await instance;
  const sorted = times.subarray(0, n).sort();
  const at = (p) => (n ? sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)] : NaN);
  const bad = r.errors + r.timeouts + r.non2xx;
  if (bad)
    log(
      `  warning: ${options.url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx of ${r.requests.total}`,
    );
  return { rps: r.requests.average, total: r.requests.total, p50: at(50), p99: at(99), bad, raw: r };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return NaN;
  }
}

/**
 * One request with node:http (no keep-alive, nothing to warm up); answers the
 * time (ms) from `since` (default: now), the status and the parsed JSON body.
 */
export function request(url, { method = 'GET', body, since = performance.now() } = {}) {
  return new Promise((resolve, reject) => {
    const headers =
      body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ ms: performance.now() - since, status: res.statusCode, body: json, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// ── files ───────────────────────────────────────────────────────────────────

/** A fresh temporary directory (under `base`, else $COOPCTL_BENCH_TMP, else the system's), removed by the returned function. */
export function tempDir(prefix = 'coopctl-bench-', base = process.env.COOPCTL_BENCH_TMP ?? tmpdir()) {
  const dir = mkdtempSync(join(base, prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bundles a TypeScript module of src/ into .bench/ (better-sqlite3 stays external); answers its file URL. */
export async function buildModule(entry, name) {
  const { build } = await import('esbuild');
  const outdir = join(ROOT, '.bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return new URL(`file://${outfile}`).href;
}

/**
 * An environment for CLI runs: the user's configuration, data and cache
 * folders are replaced by `dir` (so that no profile of the machine changes
 * what is run; the cache holds coopctl's code cache (bin/coopctl), filled by
 * the warm-up runs), colour off, no proxy, and `extra` on top.
 * NODE_EXTRA_CA_CERTS is removed unless `caCerts`: Node parses that file at
 * every start (on this machine about 35 ms, more than a one-shot command's own
 * work), which no user's machine does unless told to; see caCertsConditions.
 */
export function cliEnv(dir, extra = {}, { caCerts = false } = {}) {
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    NO_COLOR: '1',
    ...extra,
  };
  delete env.COOPCTL_PROFILE;
  delete env.FORCE_COLOR;
  for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'])
    delete env[name];
  if (!caCerts) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/**
 * The conditions P1 and P2 are measured in: without NODE_EXTRA_CA_CERTS (as
 * users run), and, when this environment sets it, with it too, so that the
 * figures of a machine that sets it can be compared with the others.
 */
export function caCertsConditions() {
  return [
    { label: '', caCerts: false },
    ...(process.env.NODE_EXTRA_CA_CERTS ? [{ label: ' (with NODE_EXTRA_CA_CERTS)', caCerts: true }] : []),
  ];
}

/** The first executable called `name` on the PATH, or undefined. */
export function which(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = join(dir || '.', name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Times commands as compareCommands does and adds the ratio of `name` to
 * `base`, both less the time of spawning `/bin/true` (the harness's own cost
 * of starting a process), which makes the ratio slightly stricter than the
 * raw one.
 */
export function spawnCorrected(times, name, base) {
  const floor = times.true?.median ?? 0;
  return (times[name].median - floor) / (times[base].median - floor);
}

/** A fresh demo database file: `coopctl serve --demo` creates it on its first start. */
export function demoDbPath(dir) {
  return join(dir, 'demo.db');
}
