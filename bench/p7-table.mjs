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
// - a calendar: `schedule dates` answering one free date a month from the
//   year 1026 to 9999 (107,688 records, ~7.7 MB), on a terminal of 80 columns
//   (src/cli/output/calendar.ts draws the nearest months and lists or counts
//   the rest: about 40 lines).
// Budget: a table ≤ 3× the JSON output of the same records (spawn-corrected,
// as P2); the calendar also ≤ 5 s in all. Before src/cli/output/box.ts,
// cli-table3 made these ~8× and ~14× (its row layout is quadratic in the rows).
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

/** One free date a month from the year 1026 to 9999: an answer spanning nine centuries. */
function spanningDates() {
  const p = (n, w = 2) => String(n).padStart(w, '0');
  const out = [];
  for (let y = 1026; y <= 9999; y++)
    for (let m = 1; m <= 12; m++)
      out.push({ data_consulta: `${p(y, 4)}-${p(m)}-15`, confirma_operacao: 2, mensagem_erro: '' });
  return out;
}

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
  {
    id: 'schedule.dates',
    label: 'calendar, schedule dates from 1026 to 9999 at 80 columns',
    args: ['schedule', 'dates', '--cd-local', '101', '--prest-cod-svc-card', '9001'],
    records: spanningDates,
    columns: '80',
    // The calendar's own bound: the whole command within 5 s.
    limitMs: 5000,
  },
];

async function shape(spec, s, dir, runs) {
  const body = join(dir, `${s.id}.json`);
  const records = s.records
    ? s.records()
    : Array.from({ length: RECORDS }, () => spec.sampleRecord(spec.operation(s.id)));
  writeFileSync(body, JSON.stringify(records));
  const server = await startScript(join(ROOT, 'bench', 'bare-server.mjs'), [body]);
  try {
    const env = cliEnv(dir, { COOPCTL_BASE_URL: server.url, COOPCTL_TEST_BASE_URL: server.url });
    const terminal = { ...env, COOPCTL_FORCE_TTY: '1', COLUMNS: s.columns ?? '120' };
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
      workload: `P7 ${fmt.n(records.length)} records as a table (${s.label})`,
      figure: `${fmt.ms(t.table.median)} (piped ${fmt.ms(t.tsv.median)}, csv ${fmt.ms(t.csv.median)})`,
      baseline: `--json ${fmt.ms(t.json.median)}`,
      ratio: `${fmt.x(table)} (piped ${fmt.x(tsv)}, csv ${fmt.x(csv)})`,
      budget: s.limitMs ? `≤ 3×, ≤ ${fmt.ms(s.limitMs)}` : '≤ 3×',
      met: table <= 3 && (!s.limitMs || t.table.median <= s.limitMs),
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
