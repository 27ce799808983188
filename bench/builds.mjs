// P1 and P2 of two builds side by side, in one run: this checkout's (bin/coopctl
// with its dist/) and another checkout's, both already built (`npm run build`
// in each), every command interleaved run by run with the baselines, so that
// the machine's load hits all of them alike. For a change's price in start-up
// and in a read: the other checkout is the change's base (a `git worktree` or
// an unpacked `git archive` of it, with node_modules).
//
//   node bench/builds.mjs --other /path/to/base [--runs 40] [--json]
//
// P1: `coopctl --help` against `node -e 0`; P2: `coopctl record allergies
// <demo card> --json` against a bare node:http GET of the same URL, both
// reads against one `coopctl serve` of this build. `/bin/true` is taken off
// every figure before a ratio (lib.mjs spawnCorrected).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGET as P1_BUDGET } from './p1-startup.mjs';
import { bareGet, BUDGET as P2_BUDGET, PATH } from './p2-read.mjs';
import {
  BIN,
  cliEnv,
  compareCommands,
  DEMO_CARD,
  demoDbPath,
  flags,
  fmt,
  log,
  NODE,
  printTable,
  result,
  spawnCorrected,
  startServe,
  tempDir,
  which,
} from './lib.mjs';

const opts = flags();
const other = opts.other;
if (typeof other !== 'string' || !existsSync(join(other, 'bin', 'coopctl')) || !existsSync(join(other, 'dist'))) {
  log('usage: node bench/builds.mjs --other <checkout with bin/coopctl and a built dist/> [--runs N] [--json]');
  process.exit(2);
}
const runs = Number(opts.runs ?? 40);
const otherBin = join(other, 'bin', 'coopctl');

const tmp = tempDir();
let serve;
try {
  serve = await startServe({ db: demoDbPath(tmp.dir) });
  const url = `${serve.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
  const env = cliEnv(tmp.dir, { COOPCTL_BASE_URL: serve.url, COOPCTL_TEST_BASE_URL: serve.url });
  const truePath = which('true');
  const read = ['record', 'allergies', DEMO_CARD, '--json'];
  const t = await compareCommands(
    [
      { name: 'node', cmd: NODE, args: ['-e', '0'], env },
      { name: 'helpBase', cmd: NODE, args: [otherBin, '--help'], env },
      { name: 'help', cmd: NODE, args: [BIN, '--help'], env },
      { name: 'bare', cmd: NODE, args: ['-e', bareGet(url)], env },
      { name: 'readBase', cmd: NODE, args: [otherBin, ...read], env },
      { name: 'read', cmd: NODE, args: [BIN, ...read], env },
      ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
    ],
    { runs },
  );
  const side = (workload, name, base, baseline, budget) => {
    const ratio = spawnCorrected(t, name, base);
    return result({
      workload,
      figure: `${fmt.ms(t[name].median)} (p90 ${fmt.ms(t[name].p90)})`,
      baseline: `${baseline} ${fmt.ms(t[base].median)}`,
      ratio: fmt.x(ratio),
      budget: `≤ ${budget}×`,
      met: ratio <= budget,
      note: `Node ${process.versions.node}, medians of ${runs} interleaved runs`,
      data: { times: t[name], ratio },
    });
  };
  const results = [
    side(`P1 --help, ${other}`, 'helpBase', 'node', 'node -e 0', P1_BUDGET),
    side('P1 --help, this build', 'help', 'node', 'node -e 0', P1_BUDGET),
    side(`P2 a read, ${other}`, 'readBase', 'bare', 'bare GET', P2_BUDGET),
    side('P2 a read, this build', 'read', 'bare', 'bare GET', P2_BUDGET),
  ];
  if (opts.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else printTable(results);
  log(`/bin/true ${t.true ? fmt.ms(t.true.median) : 'n/a'}, taken off both sides of every ratio`);
} finally {
  await serve?.stop();
  tmp.remove();
}
