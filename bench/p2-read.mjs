// P2 a read: `coopctl record allergies <demo card> --json` against a local
// `coopctl serve` (demo database), next to a bare node:http GET of the same URL
// (one line of JavaScript: the floor of any Node client), `curl` and httpie of
// the same URL, and `node -e 0`, interleaved run by run. Budgets: ≤ 1.3× the
// bare GET, and at least 2× faster than httpie (when httpie is installed:
// `apt-get install httpie`; else that part is skipped and said so). `/bin/true`
// is timed too and taken off every figure before a ratio (the harness's cost
// of spawning a process). Measured without NODE_EXTRA_CA_CERTS, and with it
// too when it is set here (lib.mjs, caCertsConditions).
import { existsSync } from 'node:fs';
import {
  BIN,
  EXE,
  caCertsConditions,
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
export const BUDGET = 1.3;
/** coopctl's read must take at most this share of httpie's time (2× faster). */
export const HTTPIE_BUDGET = 0.5;

/** The one-line bare GET: node:http, the body read and dropped. */
export const bareGet = (url) => `require('node:http').get(${JSON.stringify(url)}, (r) => r.resume())`;

export async function run({ runs = 20 } = {}) {
  const tmp = tempDir();
  let serve;
  try {
    serve = await startServe({ db: demoDbPath(tmp.dir) });
    const url = `${serve.url}${PATH}?usuario_cartao=${DEMO_CARD}`;
    const curl = which('curl');
    const httpie = which('http');
    const truePath = which('true');
    const results = [];
    for (const { label, caCerts } of caCertsConditions()) {
      const env = cliEnv(tmp.dir, { COOPCTL_BASE_URL: serve.url, COOPCTL_TEST_BASE_URL: serve.url }, { caCerts });
      const commands = [
        { name: 'node', cmd: NODE, args: ['-e', '0'], env },
        { name: 'bare', cmd: NODE, args: ['-e', bareGet(url)], env },
        { name: 'read', cmd: NODE, args: [BIN, 'record', 'allergies', DEMO_CARD, '--json'], env },
        // The single executable beside the package (npm run build:exe).
        ...(existsSync(EXE)
          ? [{ name: 'exe', cmd: EXE, args: ['record', 'allergies', DEMO_CARD, '--json'], env }]
          : []),
        ...(curl ? [{ name: 'curl', cmd: curl, args: ['-sf', '-o', '/dev/null', url], env }] : []),
        ...(httpie ? [{ name: 'httpie', cmd: httpie, args: ['--ignore-stdin', '--check-status', url], env }] : []),
        ...(truePath ? [{ name: 'true', cmd: truePath, args: [], env }] : []),
      ];
      const t = await compareCommands(commands, { runs: Number(runs) });
      const ratio = spawnCorrected(t, 'read', 'bare');
      const vsHttpie = t.httpie ? spawnCorrected(t, 'read', 'httpie') : undefined;
      const ms = (name) => (t[name] ? fmt.ms(t[name].median) : 'not installed');
      results.push(
        result({
          workload: `P2 a read (record allergies --json)${label}`,
          figure: `${fmt.ms(t.read.median)} (p90 ${fmt.ms(t.read.p90)})`,
          baseline: `bare node:http GET ${ms('bare')}; curl ${ms('curl')}; httpie ${ms('httpie')}`,
          ratio: `${fmt.x(ratio)} bare GET; ${vsHttpie === undefined ? 'httpie skipped' : `${fmt.x(vsHttpie)} httpie`}`,
          budget: `≤ ${BUDGET}× bare GET; ≤ ${HTTPIE_BUDGET}× httpie`,
          met: ratio <= BUDGET && (vsHttpie === undefined || vsHttpie <= HTTPIE_BUDGET),
          note:
            `Node ${process.versions.node}, medians of ${runs} interleaved runs against a local server; node -e 0 ${ms('node')}; ` +
            `/bin/true (${ms('true')}) taken off before the ratios (raw ratio to the bare GET ${fmt.x(t.read.median / t.bare.median)}); ` +
            `the read less the bare GET is ${fmt.ms(t.read.median - t.bare.median)}` +
            (httpie ? '' : '; skipped: httpie not installed (apt-get install httpie)'),
          data: { times: t, ratio, vsHttpie, caCerts },
        }),
      );
      if (t.exe) {
        const exeRatio = spawnCorrected(t, 'exe', 'bare');
        results.push(
          result({
            workload: `P2 a read, executable (record allergies --json)${label}`,
            figure: `${fmt.ms(t.exe.median)} (p90 ${fmt.ms(t.exe.p90)})`,
            baseline: `bare node:http GET ${ms('bare')}; the package ${ms('read')}`,
            ratio: `${fmt.x(exeRatio)} bare GET`,
            budget: `≤ ${BUDGET}× bare GET`,
            met: exeRatio <= BUDGET,
            note: `coopctl-linux-x64 in the same interleaved runs; executable / package ${fmt.x((t.exe.median - (t.true?.median ?? 0)) / (t.read.median - (t.true?.median ?? 0)))}`,
            data: { times: t, ratio: exeRatio, caCerts },
          }),
        );
      }
    }
    return results;
  } finally {
    await serve?.stop();
    tmp.remove();
  }
}

await standalone(import.meta, run);
