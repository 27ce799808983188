// Processes of the benchmarks: timing commands (interleaved, hyperfine's
// way), \`coopctl serve\` and baseline servers started and stopped, and what
// /proc says of a process (memory, CPU time).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BIN, NODE } from './environment.mjs';
import { mean, median, percentile } from './stats.mjs';

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
 * Times commands as compareCommands does and adds the ratio of `name` to
 * `base`, both less the time of spawning `/bin/true` (the harness's own cost
 * of starting a process), which makes the ratio slightly stricter than the
 * raw one.
 */
export function spawnCorrected(times, name, base) {
  const floor = times.true?.median ?? 0;
  return (times[name].median - floor) / (times[base].median - floor);
}
