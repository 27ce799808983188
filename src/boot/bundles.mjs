// The bundle rules: which bundles the build makes (BUNDLES), what stays outside them (EXTERNAL), and esbuild's
// settings for them (options). scripts/bundle.mjs builds them into dist/, scripts/build-exe.mjs into the single
// executable; nothing in src imports this folder (test/cli/source-rules.test.ts).
//
// dist/coopctl.cjs is one CommonJS file that the launcher (launch.ts) runs through node:vm with a V8 code cache
// (docs/decisions.md, "Start-up: one bundle and a code cache"): on Node 20 an ES module cannot use a code cache,
// and compiling the code was a third of a one-shot read. Modules that the sources import() on demand (src/cli/lazy.ts,
// src/server/lazy.ts) stay uninitialised until used: esbuild wraps each in a function run on first use. Large
// dependencies that only some commands use are not bundled but loaded from node_modules when used (EXTERNAL), so that
// every start reads and maps less code; the bundles the launcher reads are ASCII only, without comments, so that it
// reads them as one-byte text.
import { fileURLToPath } from 'node:url';

// commander loads node:child_process at start-up for its stand-alone
// executable subcommands, which coopctl does not use; loading it costs about
// 3 ms of every start. commander's import gets a stand-in that loads the
// module on first use instead.
export const lazyChildProcess = {
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

// The stored help (stored-help.ts) uses only commander's Help class, for its wrapping: in its bundle,
// commander is its lib/help.js alone (which commander's package exports do not name), not the whole of commander
// (its Command class is most of it).
export const commanderHelpOnly = {
  name: 'commander-help-only',
  setup(b) {
    b.onResolve({ filter: /^commander$/ }, () => ({
      path: fileURLToPath(new URL('../../node_modules/commander/lib/help.js', import.meta.url)),
    }));
  },
};

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Loaded from node_modules at run time: the native addon, the PostgreSQL driver (only for a postgres:// --db) and
 * jq's WebAssembly (found beside its module) must be; the prompts (@inquirer, 0.8 MB bundled), undici (0.5 MB:
 * proxies and the batch), conf with ajv (0.4 MB: configuration commands and saved profiles), csv-parse (the
 * batch), prom-client (0.1 MB with @opentelemetry/api: a server's first GET /metrics) and string-width (it makes
 * an Intl.Segmenter when loaded, 20–50 ms: only for text beyond Latin-1, src/cli/output/width.ts) and tldts (the
 * public suffix list, 0.1 MB: a serve --allowed-host with a leading dot) are loaded only
 * by the commands that use them. The ES-module packages among them (@inquirer/prompts, conf, string-width) are
 * loaded by the sources with createRequire (Node ≥ 20.19): esbuild's own require() of an ES module
 * would take its namespace for the default export.
 */
export const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'jq-web',
  '@inquirer/*',
  'undici',
  'conf',
  'csv-parse',
  'csv-parse/*',
  'prom-client',
  'string-width',
  'tldts',
];

/** Each bundle's first line: `// coopctl build <key>`, the key of its code cache (code-cache.ts): the build's sha1. */
export const BUILD_LINE = `// coopctl build ${'0'.repeat(40)}`;

/**
 * esbuild's settings for a CommonJS bundle of `entry` at `outfile`; `form` is what `coopctl --version` says it is
 * (src/cli/version.ts): the npm package or the single executable (scripts/build-exe.mjs).
 */
export const options = (entry, outfile, plugins, form, commit) => ({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: EXTERNAL,
  minifyWhitespace: true,
  charset: 'ascii',
  // Every import() becomes require(): an import() in code that node:vm runs needs an experimental loader on Node
  // 20 to 24 (which prints a warning). ES-module packages left outside are required by the sources themselves.
  supported: { 'dynamic-import': false },
  // The sources are ES modules; in the CommonJS bundle their import.meta.dirname and .filename are the bundle's.
  define: {
    'import.meta.dirname': '__dirname',
    'import.meta.filename': '__filename',
    COOPCTL_COMMIT: JSON.stringify(commit),
    COOPCTL_FORM: JSON.stringify(form),
  },
  banner: { js: BUILD_LINE },
  plugins: [lazyChildProcess, ...plugins],
  logLevel: 'warning',
});

/**
 * The bundles of dist/: `keyed` ones are read by the launcher as one-byte text with a code cache (ASCII only, their
 * first line the build's key); the launcher itself is loaded by bin/coopctl with require(); the audit's writer is a
 * worker thread's file of its own (src/server/store/sqlite/audit-file.ts).
 */
export const BUNDLES = [
  { name: 'boot.cjs', entry: 'src/boot/launch.ts', keyed: false },
  { name: 'coopctl.cjs', entry: 'src/cli/main.ts', keyed: true },
  // --help from the stored pages, without the command tree, the catalogue or the messages.
  { name: 'help.cjs', entry: 'src/boot/stored-help.ts', keyed: true, plugins: [commanderHelpOnly] },
  { name: 'audit-writer.cjs', entry: 'src/server/store/sqlite/audit-writer.ts', keyed: false },
];
