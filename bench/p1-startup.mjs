// P1 start-up: `coopctl --help` and `coopctl record allergies --help` (the
// built bundle, as `node bin/coopctl`) against `node -e 0`, interleaved run by
// run. Budget (docs/performance.md, "Budgets"): each ≤ 1.15× node -e 0.
// `/bin/true` is timed too and taken off both (the cost of spawning a process
// from this harness), so the ratio is that of the two programs alone.
// Measured without NODE_EXTRA_CA_CERTS, and with it too when it is set here
// (lib.mjs, caCertsConditions).
import { existsSync } from 'node:fs';
import {
  BIN,
  EXE,
  caCertsConditions,
  cliEnv,
  compareCommands,
  fmt,
  NODE,
  result,
  spawnCorrected,
  standalone,
  tempDir,
  which,
} from './lib.mjs';

export const BUDGET = 1.15;

/** The pages timed: the root's, and a command's. */
const PAGES = [
  { name: 'help', args: ['--help'], label: 'coopctl --help' },
  { name: 'commandHelp', args: ['record', 'allergies', '--help'], label: 'coopctl record allergies --help' },
];

export async function run({ runs = 40 } = {}) {
  const results = [];
  for (const { label, caCerts } of caCertsConditions()) {
    const tmp = tempDir();
    try {
      const env = cliEnv(tmp.dir, {}, { caCerts });
      const truePath = which('true');
      const commands = [
        { name: 'node', cmd: NODE, args: ['-e', '0'], env },
        ...PAGES.map((p) => ({ name: p.name, cmd: NODE, args: [BIN, ...p.args], env })),
        // The single executable beside the package (npm run build:exe): the same pages, its own Node inside.
        ...(existsSync(EXE) ? PAGES.map((p) => ({ name: `exe ${p.name}`, cmd: EXE, args: p.args, env })) : []),
        ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
      ];
      const t = await compareCommands(commands, { runs: Number(runs) });
      for (const page of PAGES) {
        const ratio = spawnCorrected(t, page.name, 'node');
        const time = t[page.name];
        results.push(
          result({
            workload: `P1 start-up (${page.label})${label}`,
            figure: `${fmt.ms(time.median)} (p90 ${fmt.ms(time.p90)})`,
            baseline: `node -e 0 ${fmt.ms(t.node.median)} (p90 ${fmt.ms(t.node.p90)})`,
            ratio: fmt.x(ratio),
            budget: `≤ ${BUDGET}×`,
            met: ratio <= BUDGET,
            note: `Node ${process.versions.node}, medians of ${runs} interleaved runs; spawning /bin/true costs ${t.true ? fmt.ms(t.true.median) : 'n/a'} here and is taken off both before the ratio (raw ratio ${fmt.x(time.median / t.node.median)})`,
            data: { times: t, ratio, caCerts },
          }),
        );
        const exe = t[`exe ${page.name}`];
        if (!exe) continue;
        const exeRatio = spawnCorrected(t, `exe ${page.name}`, 'node');
        results.push(
          result({
            workload: `P1 start-up, executable (${page.label})${label}`,
            figure: `${fmt.ms(exe.median)} (p90 ${fmt.ms(exe.p90)})`,
            baseline: `node -e 0 ${fmt.ms(t.node.median)}; the package ${fmt.ms(time.median)}`,
            ratio: fmt.x(exeRatio),
            budget: `≤ ${BUDGET}×`,
            met: exeRatio <= BUDGET,
            note: `coopctl-linux-x64 (Node ${process.versions.node} built in, V8 code cache of the bundle), in the same interleaved runs; executable / package ${fmt.x((exe.median - (t.true?.median ?? 0)) / (time.median - (t.true?.median ?? 0)))}`,
            data: { times: t, ratio: exeRatio, caCerts },
          }),
        );
      }
    } finally {
      tmp.remove();
    }
  }
  return results;
}

await standalone(import.meta, run);
