// The benchmarks' surroundings: where the project and its CLI are, the demo's
// card, temporary folders and demo databases, TypeScript modules built into
// .bench/, the environment of a CLI run, and programs on the PATH.
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'coopctl');
export const NODE = process.execPath;
/** The single executable (`npm run build:exe`, which `npm run bench` runs first), measured beside the package when built. */
export const EXE = join(ROOT, 'coopctl-linux-x64');

/** The demo dataset's first card, provider and location (docs/server.md). */
export const DEMO_CARD = '00010001000001005';

/** A fresh temporary directory (under `base`, else $COOPCTL_BENCH_TMP, else the system's), removed by the returned function. */
export function tempDir(prefix = 'coopctl-bench-', base = process.env.COOPCTL_BENCH_TMP ?? tmpdir()) {
  const dir = mkdtempSync(join(base, prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bundles a TypeScript module of src/ into .bench/ (better-sqlite3 stays external); answers its file URL. */
export async function buildModule(entry, name) {
  const { build } = await import('esbuild');
  const outdir = join(ROOT, '.bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return new URL(`file://${outfile}`).href;
}

/**
 * An environment for CLI runs: the user's configuration, data and cache
 * folders are replaced by `dir` (so that no profile of the machine changes
 * what is run; the cache holds coopctl's code cache (bin/coopctl), filled by
 * the warm-up runs), colour off, no proxy, and `extra` on top.
 * NODE_EXTRA_CA_CERTS is removed unless `caCerts`: Node parses that file at
 * every start (on this machine about 35 ms, more than a one-shot command's own
 * work), which no user's machine does unless told to; see caCertsConditions.
 */
export function cliEnv(dir, extra = {}, { caCerts = false } = {}) {
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    NO_COLOR: '1',
    ...extra,
  };
  delete env.COOPCTL_PROFILE;
  delete env.FORCE_COLOR;
  for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'])
    delete env[name];
  if (!caCerts) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/**
 * The conditions P1 and P2 are measured in: without NODE_EXTRA_CA_CERTS (as
 * users run), and, when this environment sets it, with it too, so that the
 * figures of a machine that sets it can be compared with the others.
 */
export function caCertsConditions() {
  return [
    { label: '', caCerts: false },
    ...(process.env.NODE_EXTRA_CA_CERTS ? [{ label: ' (with NODE_EXTRA_CA_CERTS)', caCerts: true }] : []),
  ];
}

/** The first executable called `name` on the PATH, or undefined. */
export function which(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = join(dir || '.', name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A fresh demo database file: `coopctl serve --demo` creates it on its first start. */
export function demoDbPath(dir) {
  return join(dir, 'demo.db');
}
