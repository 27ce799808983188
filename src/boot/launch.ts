/**
 * coopctl's launcher (dist/boot.cjs, which bin/coopctl loads, and the single executable's main: scripts/build-exe.mjs).
 * It refuses a Node that is too old, starts `serve` again with a capped young generation, answers a plain
 * `--help` from the pages the build stored (stored-help.ts, the bundle dist/help.cjs), and runs the CLI's bundle
 * (dist/coopctl.cjs) in this process with a V8 code cache per command group (code-cache.ts). Nothing in src imports
 * it: it is built on its own (bundles.mjs), and knows the CLI only by its bundles.
 */
import { refuseOldNode } from './node-version.js';

refuseOldNode();

import { readFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheFile, readCache, saveCache } from './code-cache.js';

/** node:sea's part that the launcher uses. */
interface Sea {
  isSea(): boolean;
  getAsset(key: string, encoding: string): string;
}

/** node:sea when this is the single executable (scripts/build-exe.mjs: this file is its main, the bundles assets). */
function seaOf(): Sea | undefined {
  try {
    const sea = process.getBuiltinModule('node:sea') as Sea | undefined;
    return sea?.isSea() ? sea : undefined;
  } catch {
    return undefined;
  }
}

const sea = seaOf();
const argv = process.argv.slice(2);
// The first word of the command line that looks like one: the command group.
const word = argv.find((a) => !a.startsWith('-'));

/** Whether this process, or NODE_OPTIONS, already sets V8's young generation (the user's choice wins). */
function youngGenerationSet(): boolean {
  const set = (flags: string) => /--(max|min)[-_]semi[-_]space[-_]size\b/.test(flags);
  return set(process.execArgv.join(' ')) || set(process.env['NODE_OPTIONS'] ?? '');
}

type Execve = (file: string, args: readonly string[], env: NodeJS.ProcessEnv) => never;

// A server runs with a young generation of at most 4 MB a semi-space (docs/decisions.md, "serve: a capped young
// generation"): V8 otherwise grows it to 16 MB a semi-space under sustained requests (RSS +30 to +40 MB, the
// same CPU a request). The flag must be given when Node starts, so the process replaces itself (same pid, same
// stdio, nothing run yet) with one started with it, the same script (process.argv[1], bin/coopctl); where Node
// cannot (before 22.15, Windows), it runs as it is. (The executable is built with the flag: scripts/build-exe.mjs.)
const execve = (process as { execve?: Execve }).execve;
if (!sea && word === 'serve' && typeof execve === 'function' && !youngGenerationSet() && process.argv[1]) {
  try {
    const args = [...process.execArgv, '--max-semi-space-size=4', process.argv[1], ...argv];
    execve.call(process, process.execPath, [process.execPath, ...args], process.env);
  } catch {
    // Runs as it is.
  }
}

/** Runs the bundle `name` (beside this file in dist/, or the executable's asset) with the code cache of `group`; returns its exports. */
function run(name: string, group: string): Record<string, unknown> {
  const bundle = sea ? join(dirname(process.execPath), name) : join(import.meta.dirname, name);
  // ASCII only (scripts/bundle.mjs checks): read as one-byte text, without decoding UTF-8.
  const source = sea ? sea.getAsset(name, 'latin1') : readFileSync(bundle, 'latin1');
  const cache = cacheFile(source, group);
  const cachedData = cache && readCache(cache.file);
  // The bundles have no import() (bundles.mjs), so no loader for it is given.
  const script = new Script(wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  if (cache && (!cachedData || script.cachedDataRejected)) process.once('exit', () => saveCache(cache, script));
  const module = { exports: {}, filename: bundle, id: bundle };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    dirname(bundle),
  );
  return module.exports;
}

type PrintStoredHelp = (argv: readonly string[], env: NodeJS.ProcessEnv) => boolean;

// A plain request for help is answered from the pages the build stored (stored-help.ts); anything else, or help it
// declines, by the whole CLI, whose group is the first word of the command line that looks like one.
const last = argv[argv.length - 1];
const asksHelp = argv.length === 0 || last === '--help' || last === '-h';
if (!(asksHelp && (run('help.cjs', 'help')['printStoredHelp'] as PrintStoredHelp)(argv, process.env))) {
  run('coopctl.cjs', word && /^[a-z][a-z-]{0,15}$/.test(word) ? word : 'other');
}
