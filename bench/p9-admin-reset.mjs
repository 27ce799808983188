// P9 admin reset: `POST /_coopctl/reset` on a spawned `coopctl serve --admin`
// (SQLite file, demo dataset), each after a write so that there is something
// to undo, timed from the request to its answer over loopback. Budget: the
// median ≤ 50 ms. Baseline, in the same run: what an app's test suite did
// before, a restart, i.e. a new `coopctl serve` on a new file with the demo
// dataset, from spawn to its URL line. Also a snapshot's restore, for the
// same state.
//
//   node bench/p9-admin-reset.mjs --rounds 30
import { join } from 'node:path';
import { fmt, log, median, percentile, request, result, standalone, startServe, tempDir } from './lib.mjs';

const CONTRACT = JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' });

export async function run({ rounds = 30, restarts = 5 } = {}) {
  rounds = Number(rounds);
  restarts = Number(restarts);
  const tmp = tempDir();
  const server = await startServe({ db: join(tmp.dir, 'admin.db'), args: ['--admin', '--no-audit'] });
  try {
    const post = async (path, body) => {
      const r = await request(`${server.url}${path}`, { method: 'POST', body });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
      return r.ms;
    };
    const resets = [];
    const restores = [];
    await post('/_coopctl/snapshots/start');
    for (let i = 0; i < rounds + 3; i++) {
      await post('/api/svcweb/contrato', CONTRACT);
      const ms = await post('/_coopctl/reset');
      await post('/api/svcweb/contrato', CONTRACT);
      const back = await post('/_coopctl/snapshots/start/restore');
      // The first rounds warm up (the dataset is made once a day, the statements compiled).
      if (i >= 3) {
        resets.push(ms);
        restores.push(back);
      }
    }
    const starts = [];
    for (let i = 0; i < restarts; i++) {
      const fresh = await startServe({ db: join(tmp.dir, `restart-${i}.db`), args: ['--no-audit'] });
      starts.push(fresh.startedMs);
      await fresh.stop();
    }
    const reset = median(resets);
    const restart = median(starts);
    log(
      `P9: reset p50 ${fmt.ms(reset)} p95 ${fmt.ms(percentile(resets, 95))}; restore p50 ${fmt.ms(median(restores))}; restart p50 ${fmt.ms(restart)}`,
    );
    return [
      result({
        workload: 'P9 admin reset of the demo dataset (SQLite)',
        figure: `p50 ${fmt.ms(reset)}, p95 ${fmt.ms(percentile(resets, 95))} (${rounds})`,
        baseline: `restart (spawn to URL, new file) p50 ${fmt.ms(restart)} (${restarts})`,
        ratio: fmt.x(reset / restart),
        budget: 'p50 ≤ 50 ms',
        met: reset <= 50,
        note: `snapshot restore of the same state p50 ${fmt.ms(median(restores))}`,
        data: { resets, restores, starts },
      }),
    ];
  } finally {
    await server.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
