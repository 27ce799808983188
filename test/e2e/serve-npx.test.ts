/**
 * `coopctl serve` started as `npx ./coopctl-….tgz serve` is: npm runs it
 * through a shell, and a SIGTERM to npm kills the shell without passing it
 * on. Here the shell is killed the same way under `npm_command=exec` (what
 * npm exec sets): the server notices its parent has gone and stops. Without
 * it (`nohup coopctl serve &`), a parent that goes leaves the server running.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eLocale, inLang } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');
const dir = mkdtempSync(join(tmpdir(), 'coopctl-serve-npx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `sh -c 'node bin/coopctl serve …; :'` (the `:` keeps the shell as the server's parent, as npm's is), and the server's URL. */
async function underShell(
  name: string,
  env: Record<string, string>,
): Promise<{ sh: ChildProcess; url: string; log: () => string }> {
  const args = [bin, 'serve', '--demo', '--port', '0', '--db', join(dir, `${name}.db`)];
  const sh = spawn('sh', ['-c', '"$0" "$@"; :', process.execPath, ...args], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, ...e2eLocale(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  sh.stderr!.on('data', (d: Buffer) => {
    err += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    sh.stdout!.on('data', (d: Buffer) => {
      out += d;
      const first = /^(http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (first) resolve(first[1]!);
    });
    sh.once('exit', (code) => reject(new Error(`the shell exited (${code}) before the URL: ${out}${err}`)));
  });
  return { sh, url, log: () => err };
}

/** Whether the server answers its health probe. */
const answers = (url: string) =>
  fetch(`${url}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** The server process: the shell's child. */
function serverPid(sh: ChildProcess): number {
  const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(sh.pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim().split('\n')[0]);
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('coopctl serve under npm exec', () => {
  it('stops when the shell npm started it through is killed (a SIGTERM npm did not pass on)', async () => {
    const { sh, url, log } = await underShell('npx', { npm_command: 'exec' });
    expect(await answers(url)).toBe(true);
    sh.kill('SIGTERM');
    await until('the server to stop', async () => !(await answers(url)));
    await until('its last line', async () => log().includes(inLang({ en: 'stopped', pt: 'encerrado' })));
    expect(log()).toContain(
      inLang({
        en: 'coopctl serve: npm exec, which started it, has gone: stopping\n',
        pt: 'coopctl serve: o npm exec que o iniciou terminou: encerrando\n',
      }),
    );
  }, 60_000);

  it('started otherwise, keeps serving when its parent goes (as nohup coopctl serve & does)', async () => {
    const { sh, url } = await underShell('nohup', {});
    const pid = serverPid(sh);
    try {
      sh.kill('SIGTERM');
      await new Promise((r) => sh.once('exit', r));
      // Longer than the watch's interval: the server would have noticed.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await answers(url)).toBe(true);
    } finally {
      process.kill(pid, 'SIGTERM');
    }
  }, 60_000);
});
