// The quick start's main job: start the embedded server with the demo dataset
// (a throwaway database in a temp folder), wait until it answers, run a few
// commands against it, then keep serving until Ctrl-C so you can try more.
//
// The port is COOPCTL_DEMO_PORT, else 8787. When another program listens
// there, the demo says so and its server takes a free port instead (the
// commands then go to that port): it never talks to another server. The
// server prints its URL on stdout once it listens, which is how the demo
// learns the port and knows the server is its own. COOPCTL_DEMO_ONCE stops it
// after the commands (tests).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../bin/coopctl', import.meta.url).pathname;
const wanted = process.env.COOPCTL_DEMO_PORT ?? '8787';
const dir = mkdtempSync(join(tmpdir(), 'coopctl-demo-'));
const say = (text) => process.stderr.write(`${text}\n`);

/**
 * Starts `coopctl serve` on `port` and resolves with the server and its URL
 * once it listens, or with `busy` when the port is taken. The server's stderr
 * (its banner) is held until then, so that a refusal can be told apart.
 */
function start(port) {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [bin, 'serve', '--port', port, '--db', join(dir, 'demo.db'), '--demo'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let url;
    server.stderr.on('data', (chunk) => {
      if (url) process.stderr.write(chunk);
      else err += chunk;
    });
    server.stdout.on('data', (chunk) => {
      if (url) return process.stdout.write(chunk);
      out += chunk;
      const line = /^(http:\/\/\S+)\n/m.exec(out);
      if (!line) return;
      url = line[1];
      process.stderr.write(err);
      resolve({ server, url });
    });
    server.on('error', reject);
    server.on('exit', (code) => {
      if (url) return;
      if (/EADDRINUSE/.test(err)) resolve({ busy: true });
      else reject(new Error(`coopctl serve exited with ${code} before listening:\n${err}`));
    });
  });
}

let started = await start(wanted);
if (started.busy) {
  say(`Port ${wanted} is busy (another program listens there): the demo server takes a free port instead.`);
  started = await start('0');
}
const { server, url } = started;
const env = { ...process.env, COOPCTL_BASE_URL: url, COOPCTL_TEST_BASE_URL: url, XDG_CONFIG_HOME: dir };
// No pager for the demo's commands: the demo never stops at a pager's prompt, whatever the screen's height.
env.COOPCTL_PAGER = '';

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

function run(...args) {
  say(`\n$ coopctl ${args.join(' ')}`);
  spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env });
}

run('registration', 'show', '00010001000001005');
run('record', 'allergies', '00010001000001005');
run('schedule', 'locations', '--prest-cod-svc-card', '9001');
const own = url.endsWith(':8787')
  ? ''
  : ` (in another terminal, first: export COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url})`;
say(
  `\nThe server keeps running at ${url}; try more commands in another terminal${own} (coopctl --help). Ctrl-C stops it.`,
);
if (process.env.COOPCTL_DEMO_ONCE) stop();
