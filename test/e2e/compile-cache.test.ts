/**
 * The code cache as `bin/coopctl` keeps it (docs/decisions.md, "Start-up: one
 * bundle and a code cache"): a private folder (0700) of the user's cache, one
 * private file (0600) per build, Node and command group, written by the first
 * run that lacks it and then left alone; a damaged file is replaced; files of
 * other builds are removed; a cache that cannot be made is no failure, and
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'coopctl');
const run = promisify(execFile);

let home: string;
let build: string;
beforeAll(async () => {
  build = /^\/\/ coopctl build ([0-9a-f]{40})\n/.exec(readFileSync(join(root, 'dist', 'coopctl.cjs'), 'latin1'))![1]!;
  home = mkdtempSync(join(tmpdir(), 'coopctl-cache-'));
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const coopctl = (env: Record<string, string>, args: readonly string[] = ['--version']) =>
  run(process.execPath, [bin, ...args], {
    env: { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: join(home, 'config'), LANG: 'C', ...env },
  });

const fileName = (group: string) => `${build}-${process.version}-${process.arch}-${group}.bin`;

describe('the code cache', () => {
  it('is a private folder under XDG_CACHE_HOME with a private file per command group', async () => {
    const cache = join(home, 'xdg');
    const { stdout } = await coopctl({ XDG_CACHE_HOME: cache });
    expect(stdout).toMatch(/^coopctl \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-dirty)?; /);
    await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    const dir = join(cache, 'coopctl', 'code-cache');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).sort()).toEqual([fileName('config'), fileName('other')]);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
  });

  it('is written once, used afterwards with the same output, and replaced when damaged', async () => {
    const cache = join(home, 'reuse');
    const file = join(cache, 'coopctl', 'code-cache', fileName('config'));
    const first = await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    const made = statSync(file).ino;
    const second = await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
    // V8 took it: the launcher writes (a new file, renamed over the old) only a missing or refused cache.
    expect(statSync(file).ino).toBe(made);
    writeFileSync(file, 'not a code cache');
    const third = await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    expect(third.stdout).toBe(first.stdout);
    expect(statSync(file).ino).not.toBe(made);
    expect(readFileSync(file).length).toBeGreaterThan(1000);
  });

  it('removes the files of other builds when it writes one', async () => {
    const cache = join(home, 'upgrade');
    const dir = join(cache, 'coopctl', 'code-cache');
    await coopctl({ XDG_CACHE_HOME: cache });
    const old = join(dir, `${'f'.repeat(40)}-v20.0.0-x64-record.bin`);
    writeFileSync(old, 'an older build');
    await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    expect(existsSync(old)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([fileName('config'), fileName('other')]);
  });

  it('makes a folder that others can write private again', async () => {
    const cache = join(home, 'opened');
    const dir = join(cache, 'coopctl', 'code-cache');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    await coopctl({ XDG_CACHE_HOME: cache });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([fileName('other')]);
  });

  // Its files are code this process runs: a folder of another user is neither read nor written. Only root can
  // give a folder to another user here.
  it.runIf(process.getuid?.() === 0)("leaves alone a folder that is another user's", async () => {
    const cache = join(home, 'foreign');
    const dir = join(cache, 'coopctl', 'code-cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const planted = join(dir, fileName('other'));
    writeFileSync(planted, 'not V8 code');
    chownSync(dir, 65534, 65534);
    const { stdout, stderr } = await coopctl({ XDG_CACHE_HOME: cache });
    expect(stdout).toMatch(/^coopctl \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-dirty)?; /);
    expect(stderr).toBe('');
    // Not replaced (a refused cache is written again when the folder is this user's).
    expect(readFileSync(planted, 'utf8')).toBe('not V8 code');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  // A shared XDG_CACHE_HOME: another user plants a symlink where the cache's folder goes, towards a folder of the
  // victim's. The launcher neither changes its mode nor removes what is in it, and runs without the cache.
  it.each([
    ['code-cache', (cache: string) => join(cache, 'coopctl', 'code-cache')],
    ['coopctl', (cache: string) => join(cache, 'coopctl')],
  ])('never follows a symlink planted as its %s folder', async (_name, link) => {
    const cache = join(home, `planted-${_name}`);
    const target = join(home, `victim-${_name}`);
    mkdirSync(target, { mode: 0o755 });
    const kept = [`${'f'.repeat(40)}-v20.0.0-x64-record.bin`, 'notes.txt'];
    for (const name of kept) writeFileSync(join(target, name), 'the victim’s');
    mkdirSync(join(link(cache), '..'), { recursive: true });
    symlinkSync(target, link(cache));
    const { stdout, stderr } = await coopctl({ XDG_CACHE_HOME: cache });
    expect(stdout).toMatch(/^coopctl \d+\.\d+\.\d+ \(/);
    expect(stderr).toBe('');
    expect(statSync(target).mode & 0o777).toBe(0o755);
    expect(readdirSync(target).sort()).toEqual(kept.sort());
    expect(readdirSync(join(target, '..')).filter((n) => n.startsWith(build))).toEqual([]);
  });

  it('removes only the cache files it names, not other files of the folder', async () => {
    const cache = join(home, 'others');
    const dir = join(cache, 'coopctl', 'code-cache');
    await coopctl({ XDG_CACHE_HOME: cache });
    const mine = join(dir, `${'e'.repeat(40)}-v24.1.0-x64-config.bin`);
    const other = [join(dir, 'README'), join(dir, `${'e'.repeat(40)}.json`)];
    for (const f of [mine, ...other]) writeFileSync(f, 'x');
    const victim = join(home, 'victim-file.bin');
    writeFileSync(victim, 'the victim’s');
    // A symlink named as a cache file: removed as a link, its target left alone.
    const linked = join(dir, `${'d'.repeat(40)}-v24.1.0-x64-config.bin`);
    symlinkSync(victim, linked);
    await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    expect(existsSync(mine)).toBe(false);
    for (const f of other) expect(existsSync(f)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('the victim’s');
  });

  it.runIf(process.getuid?.() === 0)("removes no cache file that is another user's", async () => {
    const cache = join(home, 'foreign-file');
    const dir = join(cache, 'coopctl', 'code-cache');
    await coopctl({ XDG_CACHE_HOME: cache });
    const theirs = join(dir, `${'c'.repeat(40)}-v24.1.0-x64-config.bin`);
    writeFileSync(theirs, 'x');
    chownSync(theirs, 65534, 65534);
    await coopctl({ XDG_CACHE_HOME: cache }, ['config', 'path']);
    expect(existsSync(theirs)).toBe(true);
  });

  it('without XDG_CACHE_HOME, goes under ~/.cache', async () => {
    await coopctl({});
    expect(readdirSync(join(home, '.cache', 'coopctl', 'code-cache'))).toEqual([fileName('other')]);
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off', async () => {
    const cache = join(home, 'off');
    const { stdout } = await coopctl({ XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(stdout).toMatch(/^coopctl \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-dirty)?; /);
    expect(existsSync(cache)).toBe(false);
  });

  it('a cache that cannot be made is no failure', async () => {
    const file = join(home, 'not-a-folder');
    writeFileSync(file, '');
    const { stdout, stderr } = await coopctl({ XDG_CACHE_HOME: file });
    expect(stdout).toMatch(/^coopctl \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-dirty)?; /);
    expect(stderr).toBe('');
  });
});
