/**
 * Node's compile cache as `bin/coopctl` sets it up (Node ≥ 22.1; docs/decisions.md):
 * in a private folder (0700) of the user's cache, and a cache that cannot be
 * made is no failure. On a Node without the API nothing is created.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');
const run = promisify(execFile);
/** Whether this Node has the API (22.1 and later). */
const hasCache =
  typeof (process.getBuiltinModule('node:module') as { enableCompileCache?: unknown }).enableCompileCache ===
  'function';

let home: string;
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'main.js')))
    await run(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root });
  home = mkdtempSync(join(tmpdir(), 'coopctl-cache-'));
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const coopctl = (env: Record<string, string>) =>
  run(process.execPath, [bin, '--version'], {
    env: { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ...env },
  });

describe('the compile cache', () => {
  it(`${hasCache ? 'is a private folder under XDG_CACHE_HOME' : 'is not made on a Node without the API'}`, async () => {
    const cache = join(home, 'cache');
    const { stdout } = await coopctl({ XDG_CACHE_HOME: cache });
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const dir = join(cache, 'coopctl', 'compile-cache');
    expect(existsSync(dir)).toBe(hasCache);
    if (hasCache) expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('without XDG_CACHE_HOME, goes under ~/.cache', async () => {
    await coopctl({});
    expect(existsSync(join(home, '.cache', 'coopctl', 'compile-cache'))).toBe(hasCache);
  });

  it('a cache that cannot be made is no failure', async () => {
    const file = join(home, 'not-a-folder');
    writeFileSync(file, '');
    const { stdout, stderr } = await coopctl({ XDG_CACHE_HOME: file });
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(stderr).toBe('');
  });
});
