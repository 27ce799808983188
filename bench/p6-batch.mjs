// P6 batch: `coopctl enrol batch <file>` of 10,000 beneficiaries (one CSV, 10
// contracts of 1,000) against a spawned `coopctl serve` (demo database),
// timed from spawn to exit (budget ≤ 10 s), against a sequential loop of
// single calls for the same rows (budget: batch ≥ 8× faster).
//
// The loop is measured two ways, both reported:
// - CLI (the budget's baseline): what a user would do without the batch, one
//   `coopctl enrol beneficiary add` (and `enrol contract create`) per row. A
//   sample of --sample invocations (default 20) is timed and extrapolated to
//   every call the CSV needs (10 contract creations + 10,000 additions);
// - in-process: the same requests sent one after another from this process
//   with fetch (keep-alive), every row, nothing extrapolated: the floor of any
//   sequential loop, with no process start-up at all.
//
// Needs the `enrol batch` command; when the built CLI has none, says so.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BIN,
  cliEnv,
  demoDbPath,
  fmt,
  log,
  median,
  NODE,
  result,
  runTimed,
  standalone,
  startServe,
  tempDir,
} from './lib.mjs';

export const ROWS = 10_000;
export const CONTRACTS = 10;
const CONTRACT = { registro_ans: '419761', coop_id: 1, produto_tabela_id: 11, origem: 'WB' };

/** A valid CPF (check digits) from nine digits, masked 999.999.999-99. */
export function cpf(nine) {
  const d = String(nine).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** The beneficiary fields of row `i`. */
export function row(i) {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return {
    cpf: cpf(100_000_000 + i * 7),
    data_solicitacao: '01/02/2026',
    grau_dependencia: 'T',
    nome: `Beneficiário ${i}`,
    nome_mae: `Mãe ${i}`,
    data_nascimento: `${day}/${month}/${1950 + (i % 60)}`,
  };
}

/** The CSV: contract key, the contract's fields on its first row, then the beneficiary's fields. */
export function csv(rows = ROWS, contracts = CONTRACTS) {
  const fields = Object.keys(row(0));
  const contractCols = Object.keys(CONTRACT);
  const lines = [['contract', ...contractCols.map((c) => `contract.${c}`), ...fields].join(',')];
  const per = Math.ceil(rows / contracts);
  for (let i = 0; i < rows; i++) {
    const key = `c${Math.floor(i / per) + 1}`;
    const first = i % per === 0;
    const b = row(i);
    lines.push([key, ...contractCols.map((c) => (first ? CONTRACT[c] : '')), ...fields.map((f) => b[f])].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function hasBatch(env) {
  const r = await runTimed(NODE, [BIN, 'enrol', 'batch', '--help'], { env });
  return r.code === 0 && r.stdout.includes('batch');
}

/** Beneficiaries whose names the CSV gave, in the database. */
function countStored(db) {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare("SELECT count(*) FROM beneficiary WHERE nome LIKE 'Beneficiário %' AND card IS NULL")
      .pluck()
      .get();
  } finally {
    d.close();
  }
}

export async function run({ rows = ROWS, sample = 20, concurrency } = {}) {
  rows = Number(rows);
  sample = Number(sample);
  const tmp = tempDir();
  let serve;
  try {
    const db = demoDbPath(tmp.dir);
    serve = await startServe({ db });
    const env = cliEnv(tmp.dir, { COOPCTL_BASE_URL: serve.url, COOPCTL_TEST_BASE_URL: serve.url });
    if (!(await hasBatch(env))) {
      log('  P6: the built CLI has no `enrol batch` command: skipped (npm run build once it exists)');
      return [
        result({
          workload: 'P6 batch (enrol batch, 10,000 rows)',
          figure: 'skipped: no `enrol batch` command in dist/',
          budget: '≤ 10 s; ≥ 8× loop',
          met: undefined,
        }),
      ];
    }
    const file = join(tmp.dir, 'members.csv');
    writeFileSync(file, csv(rows));

    // The batch: spawn → exit.
    const args = [
      BIN,
      'enrol',
      'batch',
      file,
      '-o',
      'json',
      '--quiet',
      ...(concurrency ? ['--concurrency', String(concurrency)] : []),
    ];
    const batch = await runTimed(NODE, args, { env });
    if (batch.code !== 0) throw new Error(`enrol batch exited ${batch.code}\n${batch.stderr.slice(0, 2000)}`);
    const stored = countStored(db);
    if (stored < rows) throw new Error(`enrol batch stored ${stored} of ${rows} beneficiaries`);
    log(`  P6: enrol batch of ${fmt.n(rows)} rows: ${fmt.s(batch.ms)} (${fmt.n(stored)} stored)`);

    // CLI loop sample: one contract creation and `sample` additions, timed one by one.
    const create = await runTimed(
      NODE,
      [
        BIN,
        'enrol',
        'contract',
        'create',
        '--registro-ans',
        CONTRACT.registro_ans,
        '--coop-id',
        '1',
        '--produto-tabela-id',
        '11',
        '--origem',
        'WB',
        '-o',
        'json',
      ],
      { env },
    );
    if (create.code !== 0) throw new Error(`enrol contract create exited ${create.code}\n${create.stderr}`);
    const contrato = JSON.parse(create.stdout)[0]?.contrato_id ?? JSON.parse(create.stdout).contrato_id;
    const cliTimes = [];
    for (let i = 0; i < sample; i++) {
      const b = row(rows + i);
      const r = await runTimed(
        NODE,
        [
          BIN,
          'enrol',
          'beneficiary',
          'add',
          String(contrato),
          '--cpf',
          b.cpf,
          '--data-solicitacao',
          b.data_solicitacao,
          '--grau-dependencia',
          b.grau_dependencia,
          '--nome',
          b.nome,
          '--nome-mae',
          b.nome_mae,
          '--data-nascimento',
          b.data_nascimento,
          '-o',
          'json',
        ],
        { env },
      );
      if (r.code !== 0) throw new Error(`enrol beneficiary add exited ${r.code}\n${r.stderr}`);
      cliTimes.push(r.ms);
    }
    const perCall = median(cliTimes);
    // A contract creation costs about what an addition does: every call counts as one.
    const cliLoop = perCall * (rows + CONTRACTS);
    log(
      `  P6: CLI single call ${fmt.ms(perCall)} (median of ${sample}) → loop of ${fmt.n(rows + CONTRACTS)} calls ≈ ${fmt.s(cliLoop)}`,
    );

    // In-process sequential loop: every row, fetch with keep-alive.
    const post = async (path, body) => {
      const res = await fetch(`${serve.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const rec = (await res.json())[0];
      if (res.status !== 200 || rec?.confirma_operacao !== 1)
        throw new Error(`${path}: ${res.status} ${JSON.stringify(rec)}`);
      return rec;
    };
    const t0 = performance.now();
    const per = Math.ceil(rows / CONTRACTS);
    let contract;
    for (let i = 0; i < rows; i++) {
      if (i % per === 0) contract = (await post('/api/svcweb/contrato', CONTRACT)).contrato_id;
      await post('/api/svcweb/beneficiario', { contrato_id: contract, ...row(2 * rows + i) });
    }
    const inProcess = performance.now() - t0;
    log(`  P6: in-process sequential loop of ${fmt.n(rows + CONTRACTS)} requests: ${fmt.s(inProcess)}`);

    const ratio = cliLoop / batch.ms;
    return [
      result({
        workload: `P6 batch (enrol batch, ${fmt.n(rows)} rows)`,
        figure: `${fmt.s(batch.ms)} (${fmt.n((rows / batch.ms) * 1000)} rows/s)`,
        baseline: `CLI loop ≈ ${fmt.s(cliLoop)} (${fmt.ms(perCall)}/call × ${fmt.n(rows + CONTRACTS)}); in-process loop ${fmt.s(inProcess)}`,
        ratio: `${fmt.x(ratio)} (in-process ${fmt.x(inProcess / batch.ms)})`,
        budget: '≤ 10 s; ≥ 8× loop',
        met: batch.ms <= 10_000 && ratio >= 8,
        note:
          `spawn → exit of \`coopctl enrol batch\` (default concurrency${concurrency ? ` overridden: ${concurrency}` : ''}, journal beside the CSV); ` +
          `the budget's loop is the CLI one, extrapolated from ${sample} timed \`coopctl enrol beneficiary add\` invocations; the in-process loop sends every row with fetch, one after another`,
        data: { batchMs: batch.ms, perCall, cliLoop, inProcess },
      }),
    ];
  } finally {
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
