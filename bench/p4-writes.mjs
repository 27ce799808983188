// P4 durable writes: autocannon POSTs of `/api/svcweb/beneficiario` (a JSON
// body, valid CPF 529.982.247-25, demo contract 1) against a spawned `coopctl
// serve -q`, which keeps synchronous = FULL. Budget: ≥ 5,000 writes/s and
// p99 ≤ 10 ms. Next to it, what durability alone costs on this disk: a
// sqlite-only loop committing one row per transaction (fsync-loop.mjs).
// After the run, the database must hold one new beneficiary per 2xx answer.
// Then the cost of the access audit (a record per write, which the default
// server keeps): the default server and one with --no-audit, each on a
// database of its own, loaded at the same time (half the connections each)
// in `rounds` rounds, the median of the rounds' ratios (budget ≥ 90 %).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { cannon, cpuMs, demoDbPath, fmt, log, median, result, standalone, startServe, tempDir } from './lib.mjs';
import { fsyncLoop } from './fsync-loop.mjs';

export const PATH = '/api/svcweb/beneficiario';
export const BODY = {
  contrato_id: 1,
  cpf: '529.982.247-25',
  data_solicitacao: '01/02/2026',
  grau_dependencia: 'T',
  nome: 'Pedro Souza',
  nome_mae: 'Ana Souza',
  data_nascimento: '10/05/1990',
};

/** The default server against --no-audit, side by side: the rounds' writes/s of each. */
async function auditCost(dir, { duration, connections, rounds }) {
  const audited = await startServe({ db: join(dir, 'audited.db') });
  const unaudited = await startServe({ db: join(dir, 'unaudited.db'), args: ['--no-audit'] });
  try {
    const body = JSON.stringify(BODY);
    const half = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: Math.max(1, Math.floor(connections / 2)),
    };
    const target = (s) => ({ ...half, url: `${s.url}${PATH}` });
    await Promise.all([cannon({ ...target(audited), duration: 1 }), cannon({ ...target(unaudited), duration: 1 })]);
    const out = [];
    for (let i = 0; i < rounds; i++) {
      const [on, off] = await Promise.all([
        cannon({ ...target(audited), duration }),
        cannon({ ...target(unaudited), duration }),
      ]);
      out.push({ on, off });
      log(
        `  P4 audit round ${i + 1}/${rounds}: on ${fmt.n(on.rps)} / off ${fmt.n(off.rps)} writes/s (${fmt.pct(on.rps / off.rps)})`,
      );
    }
    return out;
  } finally {
    await audited.stop();
    await unaudited.stop();
  }
}

export async function run({ duration = 5, connections = 10, rounds = 5 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
  rounds = Number(rounds);
  const tmp = tempDir();
  let serve;
  try {
    const db = demoDbPath(tmp.dir);
    serve = await startServe({ db });
    const url = `${serve.url}${PATH}`;
    const body = JSON.stringify(BODY);
    const first = await (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).json();
    if (first[0]?.confirma_operacao !== 1) throw new Error(`unexpected answer: ${JSON.stringify(first)}`);
    const options = { url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections };
    await cannon({ ...options, duration: 1 });
    const cpuBefore = cpuMs(serve.pid);
    const r = await cannon({ ...options, duration });
    // The server's CPU time per write (µs): much less sensitive to other load than writes/s.
    const cpuPerWrite = ((cpuMs(serve.pid) - cpuBefore) * 1000) / r.total;
    await serve.stop();
    serve = undefined;
    // Every acknowledged write is there (1 + warm-up + measured; the warm-up's count is not kept, so ≥).
    const check = new Database(db, { readonly: true });
    const stored = check
      .prepare("SELECT count(*) FROM beneficiary WHERE contract_id = 1 AND nome = 'Pedro Souza' AND card IS NULL")
      .pluck()
      .get();
    check.close();
    const acknowledged = r.raw['2xx'];
    if (stored < acknowledged + 1)
      throw new Error(`only ${stored} beneficiaries stored for ${acknowledged + 1} acknowledged writes`);
    const loop = fsyncLoop(tmp.dir);
    const audits = await auditCost(tmp.dir, { duration: 3, connections, rounds });
    const auditRatio = median(audits.map((a) => a.on.rps / a.off.rps));
    const auditBad = audits.reduce((n, a) => n + a.on.bad + a.off.bad, 0);
    log(
      `  P4: ${fmt.n(r.rps)} writes/s, p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}, ${fmt.us(cpuPerWrite)} server CPU/write; ${stored} rows stored; sqlite-only loop ${fmt.n(loop.single.commitsPerSecond)} commits/s (${fmt.us(loop.single.usPerCommit)} each), ${fmt.n(loop.ten.rowsPerSecond)} rows/s at ten per commit`,
    );
    return [
      result({
        workload: 'P4 durable writes (POST beneficiario)',
        figure: `${fmt.n(r.rps)} writes/s, p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}`,
        baseline: `sqlite-only FULL loop ${fmt.n(loop.single.commitsPerSecond)} commits/s (${fmt.us(loop.single.usPerCommit)}/commit)`,
        ratio: fmt.x(r.rps / loop.single.commitsPerSecond),
        budget: '≥ 5,000/s, p99 ≤ 10 ms',
        met: r.rps >= 5000 && r.p99 <= 10 && r.bad === 0,
        note: `${connections} connections, ${duration} s; synchronous = FULL; group commit (one transaction and one fsync for the writes of one event-loop turn); ${stored} beneficiaries stored for ${acknowledged} acknowledged writes (+1 check, + warm-up)${r.bad ? `; ${r.bad} failed requests` : ''}`,
        data: { rps: r.rps, p50: r.p50, p99: r.p99, cpuPerWrite, loop },
      }),
      result({
        workload: 'P4 access audit on (the default) against --no-audit',
        figure: `${fmt.n(median(audits.map((a) => a.on.rps)))} writes/s, p99 ${fmt.ms(median(audits.map((a) => a.on.p99)))}`,
        baseline: `--no-audit ${fmt.n(median(audits.map((a) => a.off.rps)))} writes/s, p99 ${fmt.ms(median(audits.map((a) => a.off.p99)))}`,
        ratio: fmt.pct(auditRatio),
        budget: '≥ 90 %',
        met: auditRatio >= 0.9 && auditBad === 0,
        note: `${rounds} rounds of 3 s runs of both servers at once, ${Math.floor(connections / 2)} connections each, each on its own database, medians; a record per write, committed to the audit file after its answer (SQLite)`,
        data: { auditRatio, rounds: audits.map((a) => ({ on: a.on.rps, off: a.off.rps })) },
      }),
    ];
  } finally {
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
