// The quick start's main job: start the embedded server with the demo dataset
// (a throwaway database in a temp folder), wait until it answers, run a few
// commands against it, then keep serving until Ctrl-C so you can try more.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const bin = new URL('../bin/coopctl', import.meta.url).pathname;
const port = process.env.COOPCTL_DEMO_PORT ?? '8787';
const url = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'coopctl-demo-'));
const env = { ...process.env, COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url, XDG_CONFIG_HOME: dir };

const server = spawn(process.execPath, [bin, 'serve', '--port', port, '--db', join(dir, 'demo.db'), '--demo'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

async function ready() {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/api/svcweb/contrato/search`);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`the server did not answer at ${url}`);
}

function run(...args) {
  process.stderr.write(`\n$ coopctl ${args.join(' ')}\n`);
  spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env });
}

await ready();
run('registration', 'show', '00010001000001005');
run('record', 'allergies', '00010001000001005');
run('schedule', 'locations', '--prest-cod-svc-card', '9001');
process.stderr.write(
  `\nThe server keeps running at ${url}; try more commands in another terminal (coopctl --help). Ctrl-C stops it.\n`,
);
if (process.env.COOPCTL_DEMO_ONCE) stop();
