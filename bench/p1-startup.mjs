// P1 start-up: `coopctl --help` (the built bundle, as `node bin/coopctl`)
// against `node -e 0`, interleaved run by run. Budget: ≤ 1.25× node -e 0.
// `/bin/true` is timed too and taken off both (the cost of spawning a process
// from this harness), so the ratio is that of the two programs alone.
// Measured without NODE_EXTRA_CA_CERTS, and with it too when it is set here
// (lib.mjs, caCertsConditions).
import {
  BIN,
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

export const BUDGET = 1.25;

export async function run({ runs = 40 } = {}) {
  const results = [];
  for (const { label, caCerts } of caCertsConditions()) {
    const tmp = tempDir();
    try {
      const env = cliEnv(tmp.dir, {}, { caCerts });
      const truePath = which('true');
      const commands = [
        { name: 'node', cmd: NODE, args: ['-e', '0'], env },
        { name: 'help', cmd: NODE, args: [BIN, '--help'], env },
        ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
      ];
      const t = await compareCommands(commands, { runs: Number(runs) });
      const ratio = spawnCorrected(t, 'help', 'node');
      results.push(
        result({
          workload: `P1 start-up (coopctl --help)${label}`,
          figure: `${fmt.ms(t.help.median)} (p90 ${fmt.ms(t.help.p90)})`,
          baseline: `node -e 0 ${fmt.ms(t.node.median)} (p90 ${fmt.ms(t.node.p90)})`,
          ratio: fmt.x(ratio),
          budget: `≤ ${BUDGET}×`,
          met: ratio <= BUDGET,
          note: `Node ${process.versions.node}, medians of ${runs} interleaved runs; spawning /bin/true costs ${t.true ? fmt.ms(t.true.median) : 'n/a'} here and is taken off both before the ratio (raw ratio ${fmt.x(t.help.median / t.node.median)})`,
          data: { times: t, ratio, caCerts },
        }),
      );
    } finally {
      tmp.remove();
    }
  }
  return results;
}

await standalone(import.meta, run);
