// P4 durable writes: autocannon POSTs of `/api/svcweb/beneficiario` (a JSON
// body, valid CPF 529.982.247-25, demo contract 1) against a spawned `coopctl
// serve -q`, which keeps synchronous = FULL. Budget: ≥ 5,000 writes/s and
// p99 ≤ 10 ms. Next to it, what durability alone costs on this disk: a
// sqlite-only loop committing one row per transaction (fsync-loop.mjs).
// After the run, the database must hold one new beneficiary per 2xx answer.
import Database from 'better-sqlite3';
import { cannon, cpuMs, demoDbPath, fmt, log, result, standalone, startServe, tempDir } from './lib.mjs';
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

export async function run({ duration = 5, connections = 10 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
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
    ];
  } finally {
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
