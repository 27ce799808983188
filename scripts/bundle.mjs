// How the CLI (and the server it embeds) is bundled with esbuild; used by
// scripts/build.mjs for dist/ and by tests that need a bundle of their own.
// Code splitting keeps start-up small: prompts, tables, colour, the server and
// SQLite are separate chunks, loaded by dynamic import() only when used.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

// commander loads node:child_process at start-up for its stand-alone
// executable subcommands, which coopctl does not use; loading it costs about
// 3 ms of every start. commander's import gets a stand-in that loads the
// module on first use instead.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`${'node_modules'}/commander/`)
        ? { path: 'child_process', namespace: 'lazy-child-process' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles src/cli/main.ts into `outdir` (main.js and chunks/). */
export async function bundle(outdir) {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Native addon, the PostgreSQL driver (loaded only for a postgres:// --db) and jq's WebAssembly (found beside
    // its module): loaded from node_modules at run time.
    external: ['better-sqlite3', 'pg', 'jq-web'],
    // Some CommonJS dependencies call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __coopctlRequire } from 'node:module'; const require = __coopctlRequire(import.meta.url);",
    },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [lazyChildProcess],
    logLevel: 'warning',
  });
}
