/**
 * The V8 code cache of the launcher's bundles (docs/decisions.md, "Start-up: one bundle and a code cache"), so that
 * a one-shot command does not compile coopctl's code again at every start. The cache is a private folder (0700) of
 * the user's cache, $XDG_CACHE_HOME/coopctl/code-cache (an absolute XDG_CACHE_HOME) or ~/.cache/coopctl/code-cache,
 * with one file (0600) per build of coopctl, Node version and command group (the functions a command compiles are
 * those its group uses), written once, at the end of the first run that lacks it. V8 checks each file against its
 * own version and flags and refuses one that does not match; the build's key (the bundle's first line) tells
 * builds apart. Any failure (no home, a read-only disk) leaves the command as it was, without the cache;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import * as fs from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import type { Script } from 'node:vm';

/** The flags that open a path without following a symlink at its last component (0 where the platform has none). */
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/** Whether a file's owner is this user (always, where the platform has no user ids). */
const mine = (stat: fs.Stats): boolean => !process.getuid || stat.uid === process.getuid();

/**
 * `dir` (coopctl's own folder of the cache, or its code-cache folder) as this user's private folder, made if
 * missing, or undefined. Another user may share the cache's folder: a symlink there is never followed (opened with
 * O_NOFOLLOW, so what is checked and made private is the folder itself, not a target), and a folder that is not
 * this user's is not used.
 */
function ownFolder(dir: string): string | undefined {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const fd = fs.openSync(dir, fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | NOFOLLOW);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isDirectory() || !mine(stat)) return undefined;
    if (stat.mode & 0o077) fs.fchmodSync(fd, 0o700);
    return dir;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The cache's folder, made if missing, or undefined: without a home, or when it or coopctl's folder above it is a
 * symlink or not this user's (its files are code that this process runs).
 */
function cacheFolder(): string | undefined {
  if (process.env['NODE_DISABLE_COMPILE_CACHE']) return undefined;
  try {
    const xdg = process.env['XDG_CACHE_HOME'];
    const home = xdg?.startsWith('/') ? xdg : path.join(homedir(), '.cache');
    fs.mkdirSync(home, { recursive: true, mode: 0o700 });
    const own = ownFolder(path.join(home, 'coopctl'));
    return own && ownFolder(path.join(own, 'code-cache'));
  } catch {
    return undefined;
  }
}

/** The name of a cache file this launcher writes: `<build>-<node version>-<arch>-<group>.bin`, `.<pid>.tmp` while written. */
const CACHE_NAME = /^[0-9a-f]{40}-v\d+\.\d+\.\d+[\w.-]*-[a-z0-9]+-[a-z][a-z-]{0,15}\.bin(?:\.\d+\.tmp)?$/;

/** A bundle's cache file for this run. */
export interface CacheFile {
  readonly dir: string;
  readonly build: string;
  readonly file: string;
}

/** The cache file of a bundle for this run: the build (the bundle's first line), the Node, and the command group. */
export function cacheFile(source: string, group: string): CacheFile | undefined {
  const build = /^\/\/ coopctl build ([0-9a-f]{40})\n/.exec(source)?.[1];
  const dir = build && cacheFolder();
  if (!build || !dir) return undefined;
  return { dir, build, file: path.join(dir, `${build}-${process.version}-${process.arch}-${group}.bin`) };
}

/** The cache file's bytes: a regular file of this user's only (never through a symlink), else undefined. */
export function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || !mine(stat)) return undefined;
    return fs.readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes the cache (private, whole or not at all: a new file, never one that exists or a symlink's target) and
 * removes the cache files of other builds: only files named as this launcher names them and owned by this user.
 */
export function saveCache(cache: CacheFile, script: Script): void {
  try {
    const tmp = `${cache.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, cache.file);
    for (const name of fs.readdirSync(cache.dir)) {
      if (name.startsWith(cache.build) || !CACHE_NAME.test(name)) continue;
      const file = path.join(cache.dir, name);
      const stat = fs.lstatSync(file);
      if (stat.isFile() && mine(stat)) fs.rmSync(file);
    }
  } catch {
    // Without the cache.
  }
}
