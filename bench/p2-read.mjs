// P2 a read: `coopctl record allergies <demo card> --json` against a local
// `coopctl serve` (demo database), next to `node -e 0` and to `curl` of the
// same URL, interleaved run by run. Budget: ≤ 1.5× node -e 0. `/bin/true` is
// timed too and taken off every figure before the ratio (the harness's cost of
// spawning a process).
import {
  BIN,
  cliEnv,
  compareCommands,
  DEMO_CARD,
  demoDbPath,
  fmt,
  NODE,
  result,
  spawnCorrected,
  standalone,
  startServe,
  tempDir,
  which,
} from './lib.mjs';

export const PATH = '/api/svcmobile/prontuario/buscaalergias';

export async function run({ runs = 20 } = {}) {
  const tmp = tempDir();
  let serve;
  try {
    serve = await startServe({ db: demoDbPath(tmp.dir) });
    const env = cliEnv(tmp.dir, { COOPCTL_BASE_URL: serve.url, COOPCTL_TEST_BASE_URL: serve.url });
    const curl = which('curl');
    const truePath = which('true');
    const url = `${serve.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const commands = [
      { name: 'node', cmd: NODE, args: ['-e', '0'], env },
      { name: 'read', cmd: NODE, args: [BIN, 'record', 'allergies', DEMO_CARD, '--json'], env },
      ...(curl ? [{ name: 'curl', cmd: curl, args: ['-sf', '-o', '/dev/null', url], env }] : []),
      ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
    ];
    const t = await compareCommands(commands, { runs: Number(runs) });
    const ratio = spawnCorrected(t, 'read', 'node');
    return [
      result({
        workload: 'P2 a read (record allergies --json)',
        figure: `${fmt.ms(t.read.median)} (p90 ${fmt.ms(t.read.p90)})`,
        baseline: `node -e 0 ${fmt.ms(t.node.median)}; curl ${t.curl ? fmt.ms(t.curl.median) : 'not installed'}`,
        ratio: fmt.x(ratio),
        budget: '≤ 1.5×',
        met: ratio <= 1.5,
        note: `medians of ${runs} interleaved runs against a local server; /bin/true (${t.true ? fmt.ms(t.true.median) : 'n/a'}) taken off before the ratio (raw ratio ${fmt.x(t.read.median / t.node.median)}); the read less node -e 0 is ${fmt.ms(t.read.median - t.node.median)}`,
        data: { times: t, ratio },
      }),
    ];
  } finally {
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
