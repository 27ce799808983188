// P3 server reads: autocannon on `buscadadosusuario?usuario_cartao=<demo card>`
// against a spawned `coopctl serve -q` (demo database; -q: no access log), next
// to a bare node:http server answering the same bytes as a constant JSON array,
// with the same connections and duration. Budget: ≥ 70 % of the bare server's
// requests/s.
//
// The machine is shared and noisy, so the two servers are measured in
// alternating pairs of short runs; the ratio reported is the median of the
// pairs' ratios. The servers' CPU time per request (from /proc) is printed too:
// it is much less sensitive to other load than requests/s.
//
// Two more `coopctl serve` processes run in the same rounds, to price what
// operators turn on: one with --no-metrics (the cost of the metrics: the
// default server against it, budget ≤ 5 % of CPU per request), and one logging every request as
// JSON lines (--log-format json, its stderr read by this harness).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cannon,
  cpuMs,
  DEMO_CARD,
  demoDbPath,
  fmt,
  log,
  median,
  result,
  ROOT,
  standalone,
  startScript,
  startServe,
  tempDir,
} from './lib.mjs';

export const PATH = '/api/svcmobile/atualizacaocadastral/buscadadosusuario';

/** Runs autocannon against a server process; adds its CPU time per request (µs). */
export async function load(server, url, options) {
  const before = cpuMs(server.pid);
  const r = await cannon({ url, ...options });
  r.cpuPerRequest = ((cpuMs(server.pid) - before) * 1000) / r.total;
  return r;
}

/** The median over rounds of a ratio between two servers' runs of the same round. */
const ratioOf = (rounds, f) => median(rounds.map(f));

export async function run({ duration = 3, connections = 10, rounds = 7 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
  rounds = Number(rounds);
  const tmp = tempDir();
  const servers = {};
  try {
    const db = demoDbPath(tmp.dir);
    servers.on = await startServe({ db });
    servers.off = await startServe({ db, args: ['--no-metrics'] });
    servers.json = await startServe({ db, args: ['--log-format', 'json'], quiet: false });
    const target = (s) => `${s.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const answer = await (await fetch(target(servers.on))).text();
    if (!answer.includes('"confirma_operacao":2')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
    const bodyFile = join(tmp.dir, 'body.json');
    writeFileSync(bodyFile, answer);
    servers.bare = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [bodyFile]);
    const names = ['bare', 'on', 'off', 'json'];
    // Warm every server (JIT, SQLite page cache).
    for (const name of names) await cannon({ url: target(servers[name]), duration: 1, connections });
    const measured = [];
    for (let i = 0; i < rounds; i++) {
      const round = {};
      // Each round starts with another server, so that no server always follows the same one.
      for (let k = 0; k < names.length; k++) {
        const name = names[(i + k) % names.length];
        round[name] = await load(servers[name], target(servers[name]), { duration, connections });
      }
      measured.push(round);
      const line = (name) =>
        `${name} ${fmt.n(round[name].rps)} req/s (p50 ${fmt.ms(round[name].p50)}, p99 ${fmt.ms(round[name].p99)}, ${fmt.us(round[name].cpuPerRequest)} CPU/req)`;
      log(
        `  P3 round ${i + 1}/${rounds}: ${names.map(line).join(', ')}: coopctl/bare ${fmt.pct(round.on.rps / round.bare.rps)}, ` +
          `metrics on/off ${fmt.pct(round.on.rps / round.off.rps)}, json log/on ${fmt.pct(round.json.rps / round.on.rps)}`,
      );
    }
    const mid = (name, f) => median(measured.map((r) => f(r[name])));
    const figure = (name) =>
      `${fmt.n(mid(name, (x) => x.rps))} req/s, p50 ${fmt.ms(mid(name, (x) => x.p50))}, p99 ${fmt.ms(mid(name, (x) => x.p99))}, ${fmt.us(mid(name, (x) => x.cpuPerRequest))} CPU/req`;
    const ratio = ratioOf(measured, (r) => r.on.rps / r.bare.rps);
    const cpuRatio = mid('bare', (x) => x.cpuPerRequest) / mid('on', (x) => x.cpuPerRequest);
    const metricsRatio = ratioOf(measured, (r) => r.on.rps / r.off.rps);
    const metricsCpu = ratioOf(measured, (r) => r.on.cpuPerRequest / r.off.cpuPerRequest);
    const jsonRatio = ratioOf(measured, (r) => r.json.rps / r.on.rps);
    const jsonCpu = ratioOf(measured, (r) => r.json.cpuPerRequest / r.on.cpuPerRequest);
    const bad = measured.reduce((n, r) => n + names.reduce((m, name) => m + r[name].bad, 0), 0);
    const common = `${connections} connections, ${rounds} rounds of ${duration} s runs of each server in turn, medians`;
    return [
      result({
        workload: 'P3 server reads (buscadadosusuario)',
        figure: figure('on'),
        baseline: `bare node:http ${figure('bare')}`,
        ratio: fmt.pct(ratio),
        budget: '≥ 70 %',
        met: ratio >= 0.7 && bad === 0,
        note:
          `${common}; answer ${answer.length} bytes, the bare server sends the same bytes. ` +
          `Server CPU per request: bare/coopctl ${fmt.pct(cpuRatio)}` +
          (bad ? `; ${bad} failed requests` : ''),
        data: { ratio, cpuRatio, rounds: measured },
      }),
      result({
        workload: 'P3 metrics on (the default) against --no-metrics',
        figure: figure('on'),
        baseline: `--no-metrics ${figure('off')}`,
        ratio: `${fmt.pct(metricsRatio)} req/s, ${fmt.pct(metricsCpu)} CPU/req`,
        budget: 'CPU/req ≤ 105 %',
        // Judged on the server's CPU per request: on 2 shared cores, requests/s swing by tens of % between runs.
        met: metricsCpu <= 1.05 && bad === 0,
        note: `${common}; medians of the rounds' ratios: requests/s on/off ${fmt.pct(metricsRatio)}, CPU per request on/off ${fmt.pct(metricsCpu)} (the budget's figure: requests/s are at the mercy of other load)`,
        data: { metricsRatio, metricsCpu },
      }),
      result({
        workload: 'P3 with --log-format json (a line a request)',
        figure: figure('json'),
        baseline: `text log off (-q) ${figure('on')}`,
        ratio: `${fmt.pct(jsonRatio)} req/s, ${fmt.pct(jsonCpu)} CPU/req`,
        budget: 'n/a',
        met: undefined,
        note: `${common}; the log goes to a pipe this harness reads; requests/s json/quiet ${fmt.pct(jsonRatio)}, CPU per request json/quiet ${fmt.pct(jsonCpu)}`,
        data: { jsonRatio, jsonCpu },
      }),
    ];
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
