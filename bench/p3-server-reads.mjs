// P3 server reads: autocannon on `buscadadosusuario?usuario_cartao=<demo card>`
// against a spawned `coopctl serve --log-format json` (demo database; the access
// audit, the metrics and the JSON access log on, as the budget says: its lines
// go to a pipe this harness reads), next to a bare node:http server answering
// the same bytes as a constant JSON array, with the same connections and
// duration. Budget: ≥ 70 % of the bare server's requests/s. The same server
// without the log (`-q`) is measured in the same rounds too.
//
// The machine is shared and noisy, so the two servers are measured in
// alternating pairs of short runs; the ratio reported is the median of the
// pairs' ratios. The servers' CPU time per request (from /proc) is printed too:
// it is much less sensitive to other load than requests/s.
//
// Three more `coopctl serve` processes run in the same rounds, to price what
// operators turn on: one with --no-metrics (the cost of the metrics: the
// default server against it, budget ≤ 5 %), one logging every request as
// JSON lines (--log-format json, its stderr read by this harness), and one
// with --no-audit (the cost of the access audit, which the default server
// keeps: a record per read, budget ≤ 10 %). Each of these comparisons loads
// its two servers at the same time (half the connections each), so that
// whatever else runs on the machine slows both alike: measured one after the
// other on 2 shared cores, two runs of the same server differed by up to 2×.
// Each server has a database file of its own (the same demo data): a commit
// on a shared file (an audit record) would clear the other servers' caches.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cannon,
  cpuMs,
  DEMO_CARD,
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

/** Two servers loaded at the same time, half the connections each. */
async function side(a, b, target, options) {
  const half = { ...options, connections: Math.max(1, Math.floor(options.connections / 2)) };
  const [ra, rb] = await Promise.all([load(a, target(a), half), load(b, target(b), half)]);
  return [ra, rb];
}

export async function run({ duration = 3, connections = 10, rounds = 7 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
  rounds = Number(rounds);
  const tmp = tempDir();
  const servers = {};
  try {
    const db = (name) => join(tmp.dir, `${name}.db`);
    servers.on = await startServe({ db: db('on') });
    servers.off = await startServe({ db: db('off'), args: ['--no-metrics'] });
    servers.json = await startServe({ db: db('json'), args: ['--log-format', 'json'], quiet: false });
    servers.unaudited = await startServe({ db: db('unaudited'), args: ['--no-audit'] });
    const target = (s) => `${s.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const answer = await (await fetch(target(servers.on))).text();
    if (!answer.includes('"confirma_operacao":2')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
    const bodyFile = join(tmp.dir, 'body.json');
    writeFileSync(bodyFile, answer);
    servers.bare = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [bodyFile]);
    // Warm every server (JIT, SQLite page cache).
    for (const s of Object.values(servers)) await cannon({ url: target(s), duration: 1, connections });
    const options = { duration, connections };
    const pairs = [];
    const metrics = [];
    const logs = [];
    const audits = [];
    for (let i = 0; i < rounds; i++) {
      const b = await load(servers.bare, target(servers.bare), options);
      const r = await load(servers.json, target(servers.json), options);
      const q = await load(servers.on, target(servers.on), options);
      pairs.push({ r, b, q });
      const [on, off] = await side(servers.on, servers.off, target, options);
      metrics.push({ on, off });
      const [json, quiet] = await side(servers.json, servers.on, target, options);
      logs.push({ json, quiet });
      const [audited, unaudited] = await side(servers.on, servers.unaudited, target, options);
      audits.push({ audited, unaudited });
      log(
        `  P3 round ${i + 1}/${rounds}: coopctl ${fmt.n(r.rps)} req/s (p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}, ${fmt.us(r.cpuPerRequest)} CPU/req), ` +
          `bare ${fmt.n(b.rps)} req/s (p50 ${fmt.ms(b.p50)}, p99 ${fmt.ms(b.p99)}, ${fmt.us(b.cpuPerRequest)} CPU/req): ${fmt.pct(r.rps / b.rps)}; ` +
          `-q ${fmt.n(q.rps)} req/s (${fmt.us(q.cpuPerRequest)} CPU/req): ${fmt.pct(q.rps / b.rps)}; ` +
          `side by side: metrics on ${fmt.n(on.rps)} / off ${fmt.n(off.rps)} req/s (${fmt.pct(on.rps / off.rps)}), ` +
          `json log ${fmt.n(json.rps)} / quiet ${fmt.n(quiet.rps)} req/s (${fmt.pct(json.rps / quiet.rps)}), ` +
          `audit on ${fmt.n(audited.rps)} / off ${fmt.n(unaudited.rps)} req/s (${fmt.pct(audited.rps / unaudited.rps)})`,
      );
    }
    const mid = (list, f) => median(list.map(f));
    const ratio = mid(pairs, (p) => p.r.rps / p.b.rps);
    const quietRatio = mid(pairs, (p) => p.q.rps / p.b.rps);
    const cpuRatio = mid(pairs, (p) => p.b.cpuPerRequest) / mid(pairs, (p) => p.r.cpuPerRequest);
    const metricsRatio = mid(metrics, (m) => m.on.rps / m.off.rps);
    const metricsCpu = mid(metrics, (m) => m.on.cpuPerRequest / m.off.cpuPerRequest);
    const jsonRatio = mid(logs, (l) => l.json.rps / l.quiet.rps);
    const jsonCpu = mid(logs, (l) => l.json.cpuPerRequest / l.quiet.cpuPerRequest);
    const auditRatio = mid(audits, (a) => a.audited.rps / a.unaudited.rps);
    const auditCpu = mid(audits, (a) => a.audited.cpuPerRequest / a.unaudited.cpuPerRequest);
    const bad = [...pairs.flatMap((p) => [p.r, p.b, p.q]), ...metrics.flatMap((m) => [m.on, m.off])]
      .concat(
        logs.flatMap((l) => [l.json, l.quiet]),
        audits.flatMap((a) => [a.audited, a.unaudited]),
      )
      .reduce((n, x) => n + x.bad, 0);
    const figure = (list, f) =>
      `${fmt.n(mid(list, (x) => f(x).rps))} req/s, p99 ${fmt.ms(mid(list, (x) => f(x).p99))}, ${fmt.us(mid(list, (x) => f(x).cpuPerRequest))} CPU/req`;
    const sideBySide = `${rounds} rounds of ${duration} s runs of both servers at once, ${Math.floor(connections / 2)} connections each, medians of the rounds' ratios`;
    return [
      result({
        workload: 'P3 server reads (buscadadosusuario), audit, metrics and JSON log on',
        figure: `${fmt.n(mid(pairs, (p) => p.r.rps))} req/s, p50 ${fmt.ms(mid(pairs, (p) => p.r.p50))}, p99 ${fmt.ms(mid(pairs, (p) => p.r.p99))}`,
        baseline: `bare node:http ${fmt.n(mid(pairs, (p) => p.b.rps))} req/s, p50 ${fmt.ms(mid(pairs, (p) => p.b.p50))}, p99 ${fmt.ms(mid(pairs, (p) => p.b.p99))}`,
        ratio: fmt.pct(ratio),
        budget: '≥ 70 %',
        met: ratio >= 0.7 && bad === 0,
        note:
          `${connections} connections, ${rounds} alternating pairs of ${duration} s runs, medians; answer ${answer.length} bytes, the bare server sends the same bytes. ` +
          `Server CPU per request: coopctl ${fmt.us(mid(pairs, (p) => p.r.cpuPerRequest))}, bare ${fmt.us(mid(pairs, (p) => p.b.cpuPerRequest))} (bare/coopctl ${fmt.pct(cpuRatio)}); ` +
          `without the log (-q): ${fmt.n(mid(pairs, (p) => p.q.rps))} req/s, ${fmt.pct(quietRatio)} of bare, ${fmt.us(mid(pairs, (p) => p.q.cpuPerRequest))} CPU/req` +
          (bad ? `; ${bad} failed requests` : ''),
        data: {
          ratio,
          cpuRatio,
          quietRatio,
          pairs: pairs.map((p) => ({
            rps: p.r.rps,
            bareRps: p.b.rps,
            cpu: p.r.cpuPerRequest,
            bareCpu: p.b.cpuPerRequest,
            quietRps: p.q.rps,
            quietCpu: p.q.cpuPerRequest,
          })),
        },
      }),
      result({
        workload: 'P3 metrics on (the default) against --no-metrics',
        figure: figure(metrics, (m) => m.on),
        baseline: `--no-metrics ${figure(metrics, (m) => m.off)}`,
        ratio: fmt.pct(metricsRatio),
        budget: '≥ 95 %',
        met: metricsRatio >= 0.95 && bad === 0,
        note: `${sideBySide}: requests/s on/off ${fmt.pct(metricsRatio)}, CPU per request on/off ${fmt.pct(metricsCpu)}`,
        data: { metricsRatio, metricsCpu, rounds: metrics.map((m) => ({ on: m.on.rps, off: m.off.rps })) },
      }),
      result({
        workload: 'P3 with --log-format json (a line a request)',
        figure: figure(logs, (l) => l.json),
        baseline: `no log (-q) ${figure(logs, (l) => l.quiet)}`,
        ratio: fmt.pct(jsonRatio),
        budget: 'n/a',
        met: undefined,
        note: `${sideBySide}; the log goes to a pipe this harness reads: requests/s json/quiet ${fmt.pct(jsonRatio)}, CPU per request json/quiet ${fmt.pct(jsonCpu)}`,
        data: { jsonRatio, jsonCpu, rounds: logs.map((l) => ({ json: l.json.rps, quiet: l.quiet.rps })) },
      }),
      result({
        workload: 'P3 access audit on (the default) against --no-audit',
        figure: figure(audits, (a) => a.audited),
        baseline: `--no-audit ${figure(audits, (a) => a.unaudited)}`,
        ratio: fmt.pct(auditRatio),
        budget: '≥ 90 %',
        met: auditRatio >= 0.9 && bad === 0,
        note: `${sideBySide}: a record per read, committed to the audit file before the answer (SQLite: on the event loop's connection, its writer thread when the file's lock is held elsewhere); requests/s on/off ${fmt.pct(auditRatio)}, CPU per request on/off ${fmt.pct(auditCpu)}`,
        data: {
          auditRatio,
          auditCpu,
          rounds: audits.map((a) => ({ on: a.audited.rps, off: a.unaudited.rps })),
        },
      }),
    ];
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
