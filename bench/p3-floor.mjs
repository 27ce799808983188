// P3's floor: how much of a bare node:http server's requests/s is left to any
// server that commits an access-audit record before each read's answer, on
// this machine, in the same run. Four servers, each its own process, loaded
// one after the other in alternating rounds, the same connections and
// duration (P3's), the same bytes answered:
//
// - bare: bare-server.mjs (P3's baseline);
// - bare + the record: audited-bare-server.mjs, the bare server with
//   coopctl's access-audit record and nothing else of coopctl, in its three
//   modes: sealed and kept nowhere (what making it costs), written with one
//   write(2) a turn (the least any store of it costs), committed to the
//   audit's own file before the answer (as `serve` commits a read's);
// - `coopctl serve --no-audit -q`: the whole server without the audit nor the
//   access log;
// - `coopctl serve --log-format json`: P3's server (audit, metrics, JSON log).
//
// Each is given as a share of the bare server's requests/s (the median of the
// rounds' ratios) and by its CPU time per request. The first says whether P3's
// budget (≥ 70 %) can be met with this audit on this machine by any server;
// the third, whether coopctl without it can. Nothing here is a budget.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildModule,
  cannon,
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
import { load, PATH } from './p3-server-reads.mjs';

/** The bare server with the audit's record: audited-bare-server.mjs's modes. */
const MODES = ['sealed', 'write', 'audit'];

export async function run({ duration = 3, connections = 10, rounds = 5 } = {}) {
  duration = Number(duration);
  connections = Number(connections);
  rounds = Number(rounds);
  const tmp = tempDir();
  const servers = {};
  try {
    const audit = await buildModule('bench/floor-audit.ts', 'floor-audit');
    // The audit's writer thread, beside the bundle as beside dist/coopctl.cjs (audit-file.ts `writerFile`).
    copyFileSync(join(ROOT, 'dist', 'audit-writer.cjs'), join(ROOT, '.bench', 'audit-writer.cjs'));
    servers.plain = await startServe({ db: join(tmp.dir, 'plain.db'), args: ['--no-audit'] });
    servers.budget = await startServe({ db: join(tmp.dir, 'budget.db'), args: ['--log-format', 'json'], quiet: false });
    const target = (s) => `${s.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const answer = await (await fetch(target(servers.budget))).text();
    if (!answer.includes('"confirma_operacao":2')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
    const bodyFile = join(tmp.dir, 'body.json');
    writeFileSync(bodyFile, answer);
    servers.bare = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [bodyFile]);
    for (const mode of MODES) {
      const s = await startScript(join(ROOT, 'bench', 'audited-bare-server.mjs'), [
        mode,
        bodyFile,
        join(tmp.dir, `${mode}.db`),
        audit,
      ]);
      servers[mode] = s;
      const check = await (await fetch(target(s))).text();
      if (check !== answer)
        throw new Error(`the bare server with the record (${mode}) answered ${check.slice(0, 200)}`);
    }
    for (const s of Object.values(servers)) await cannon({ url: target(s), duration: 1, connections });
    const names = ['bare', ...MODES, 'plain', 'budget'];
    const runs = [];
    for (let i = 0; i < rounds; i++) {
      const round = {};
      for (const name of names)
        round[name] = await load(servers[name], target(servers[name]), { duration, connections });
      runs.push(round);
      log(
        `  P3 floor round ${i + 1}/${rounds}: ` +
          names
            .map(
              (n) =>
                `${n} ${fmt.n(round[n].rps)} req/s, ${fmt.us(round[n].cpuPerRequest)} CPU/req (${fmt.pct(round[n].rps / round.bare.rps)})`,
            )
            .join('; '),
      );
    }
    const share = (name) => median(runs.map((r) => r[name].rps / r.bare.rps));
    const cpu = (name) => median(runs.map((r) => r[name].cpuPerRequest));
    const rps = (name) => median(runs.map((r) => r[name].rps));
    const bad = runs.reduce((n, r) => n + names.reduce((m, k) => m + r[k].bad, 0), 0);
    const bare = `bare node:http ${fmt.n(rps('bare'))} req/s, ${fmt.us(cpu('bare'))} CPU/req`;
    const row = (name, workload, note) =>
      result({
        workload,
        figure: `${fmt.n(rps(name))} req/s, ${fmt.us(cpu(name))} CPU/req`,
        baseline: bare,
        ratio: fmt.pct(share(name)),
        budget: 'n/a',
        met: undefined,
        note: `${connections} connections, ${rounds} rounds of ${duration} s runs one after the other, medians; ${note}${bad ? `; ${bad} failed requests` : ''}`,
        data: { share: share(name), cpu: cpu(name), bareCpu: cpu('bare') },
      });
    return [
      row(
        'sealed',
        "P3 floor: bare node:http + the audit's record, kept nowhere",
        'the record made and sealed, the answer on the next turn: what making it costs',
      ),
      row(
        'write',
        "P3 floor: bare node:http + the audit's record, one write(2) a turn",
        'the least any store of the records costs',
      ),
      row(
        'audit',
        "P3 floor: bare node:http + the audit's record committed (audit-file.ts)",
        'the record as `serve` keeps it: the most a server committing it before each answer gets',
      ),
      row('plain', 'P3 floor: coopctl serve --no-audit -q', 'coopctl without the audit nor the log'),
      row(
        'budget',
        "P3 floor: coopctl serve --log-format json (P3's server)",
        'the audit, the metrics and the JSON log on',
      ),
    ];
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
