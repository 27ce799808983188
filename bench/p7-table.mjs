// P7 big answers as tables: 5,000 records printed by the built CLI as a table
// (`-o table`, the default) for a person on a terminal of 120 columns
// (COOPCTL_FORCE_TTY=1 COLUMNS=120: labels, the language's formats, the width), as the
// tab-separated lines of a pipe, and as CSV, next to the same command with
// --json (the baseline, same run, interleaved), each served by a bare
// node:http server answering the same 5,000 records (bench/bare-server.mjs).
// Two shapes:
// - rows and columns: `enrol contract search` (6 columns, a rule between rows);
// - expanded: `registration show` (15 fields, wider than the terminal, so one
//   field/value table per record, plus the address and contact tables).
// Budget: a table ≤ 3× the JSON output of the same records (spawn-corrected,
// as P2). Before src/cli/output/box.ts, cli-table3 made these ~8× and ~14×
// (its row layout is quadratic in the rows).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BIN,
  buildModule,
  cliEnv,
  compareCommands,
  fmt,
  log,
  NODE,
  result,
  ROOT,
  spawnCorrected,
  standalone,
  startScript,
  tempDir,
  which,
} from './lib.mjs';

export const RECORDS = 5000;

const SHAPES = [
  {
    id: 'enrol.contract.search',
    label: 'rows and columns, enrol contract search',
    args: ['enrol', 'contract', 'search', '--contrato-id', '1'],
  },
  {
    id: 'registration.show',
    label: 'expanded, registration show',
    args: ['registration', 'show', '00010001000001005'],
  },
];

async function shape(spec, s, dir, runs) {
  const body = join(dir, `${s.id}.json`);
  writeFileSync(body, JSON.stringify(Array.from({ length: RECORDS }, () => spec.sampleRecord(spec.operation(s.id)))));
  const server = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [body]);
  try {
    const env = cliEnv(dir, { COOPCTL_BASE_URL: server.url, COOPCTL_TEST_BASE_URL: server.url });
    const terminal = { ...env, COOPCTL_FORCE_TTY: '1', COLUMNS: '120' };
    const truePath = which('true');
    const t = await compareCommands(
      [
        { name: 'json', cmd: NODE, args: [BIN, ...s.args, '--json'], env },
        { name: 'table', cmd: NODE, args: [BIN, ...s.args], env: terminal },
        { name: 'tsv', cmd: NODE, args: [BIN, ...s.args], env },
        { name: 'csv', cmd: NODE, args: [BIN, ...s.args, '-o', 'csv'], env },
        ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
      ],
      { runs: Number(runs), warmup: 2 },
    );
    const table = spawnCorrected(t, 'table', 'json');
    const tsv = spawnCorrected(t, 'tsv', 'json');
    const csv = spawnCorrected(t, 'csv', 'json');
    return result({
      workload: `P7 ${fmt.n(RECORDS)} records as a table (${s.label})`,
      figure: `${fmt.ms(t.table.median)} (piped ${fmt.ms(t.tsv.median)}, csv ${fmt.ms(t.csv.median)})`,
      baseline: `--json ${fmt.ms(t.json.median)}`,
      ratio: `${fmt.x(table)} (piped ${fmt.x(tsv)}, csv ${fmt.x(csv)})`,
      budget: '≤ 3×',
      met: table <= 3,
      note: `medians of ${runs} interleaved runs, each command's output to /dev/null; /bin/true (${t.true ? fmt.ms(t.true.median) : 'n/a'}) taken off before the ratio`,
      data: { times: t, ratio: { table, tsv, csv } },
    });
  } finally {
    await server.stop();
  }
}

export async function run({ runs = 10 } = {}) {
  const spec = await import(await buildModule('src/catalogue/index.ts', 'spec'));
  const tmp = tempDir();
  try {
    const results = [];
    for (const s of SHAPES) {
      log(`  P7: ${s.label}`);
      results.push(await shape(spec, s, tmp.dir, runs));
    }
    return results;
  } finally {
    tmp.remove();
  }
}

await standalone(import.meta, run);
