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

export async function run({ duration = 3, connections = 10, rounds = 7 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
  rounds = Number(rounds);
  const tmp = tempDir();
  let serve;
  let bare;
  try {
    serve = await startServe({ db: demoDbPath(tmp.dir) });
    const target = `${serve.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const answer = await (await fetch(target)).text();
    if (!answer.includes('"confirma_operacao":2')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
    const bodyFile = join(tmp.dir, 'body.json');
    writeFileSync(bodyFile, answer);
    bare = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [bodyFile]);
    const bareTarget = `${bare.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    // Warm both (JIT, SQLite page cache).
    await cannon({ url: target, duration: 1, connections });
    await cannon({ url: bareTarget, duration: 1, connections });
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const b = await load(bare, bareTarget, { duration, connections });
      const r = await load(serve, target, { duration, connections });
      pairs.push({ r, b, ratio: r.rps / b.rps });
      log(
        `  P3 round ${i + 1}/${rounds}: coopctl ${fmt.n(r.rps)} req/s (p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}, ${fmt.us(r.cpuPerRequest)} CPU/req), ` +
          `bare ${fmt.n(b.rps)} req/s (p50 ${fmt.ms(b.p50)}, p99 ${fmt.ms(b.p99)}, ${fmt.us(b.cpuPerRequest)} CPU/req): ${fmt.pct(r.rps / b.rps)}`,
      );
    }
    const mid = (f) => median(pairs.map(f));
    const ratio = mid((p) => p.ratio);
    const cpuRatio = mid((p) => p.b.cpuPerRequest) / mid((p) => p.r.cpuPerRequest);
    const bad = pairs.reduce((n, p) => n + p.r.bad, 0);
    return [
      result({
        workload: 'P3 server reads (buscadadosusuario)',
        figure: `${fmt.n(mid((p) => p.r.rps))} req/s, p50 ${fmt.ms(mid((p) => p.r.p50))}, p99 ${fmt.ms(mid((p) => p.r.p99))}`,
        baseline: `bare node:http ${fmt.n(mid((p) => p.b.rps))} req/s, p50 ${fmt.ms(mid((p) => p.b.p50))}, p99 ${fmt.ms(mid((p) => p.b.p99))}`,
        ratio: fmt.pct(ratio),
        budget: '≥ 70 %',
        met: ratio >= 0.7 && bad === 0,
        note:
          `${connections} connections, ${rounds} alternating pairs of ${duration} s runs, medians; answer ${answer.length} bytes, the bare server sends the same bytes. ` +
          `Server CPU per request: coopctl ${fmt.us(mid((p) => p.r.cpuPerRequest))}, bare ${fmt.us(mid((p) => p.b.cpuPerRequest))} (bare/coopctl ${fmt.pct(cpuRatio)})` +
          (bad ? `; ${bad} failed requests` : ''),
        data: {
          ratio,
          cpuRatio,
          pairs: pairs.map((p) => ({
            rps: p.r.rps,
            bareRps: p.b.rps,
            cpu: p.r.cpuPerRequest,
            bareCpu: p.b.cpuPerRequest,
          })),
        },
      }),
    ];
  } finally {
    await bare?.stop();
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
