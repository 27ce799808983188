// How the CLI (and the server it embeds) is bundled with esbuild; used by
// scripts/build.mjs for dist/ and by tests that need a bundle of their own.
//
// One CommonJS file, dist/coopctl.cjs, that bin/coopctl runs through
// node:vm with a V8 code cache (docs/decisions.md, "Start-up: one bundle and
// a code cache"): on Node 20 an ES module cannot use a code cache, and
// compiling the code was a third of a one-shot read. Modules that the sources
// import() on demand (tables, the server, the batch) stay uninitialised until
// used: esbuild wraps each in a function run on first use. Large dependencies
// that only some commands use are not bundled but loaded from node_modules
// when used (EXTERNAL), so that every start reads and maps less code; the
// bundle is ASCII only, without comments, so that it is read as one-byte text.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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

// The stored help (src/cli/help/stored.ts) uses only commander's Help class, for its wrapping: in its bundle,
// commander is its lib/help.js alone (which commander's package exports do not name), not the whole of commander
// (its Command class is most of it).
const commanderHelpOnly = {
  name: 'commander-help-only',
  setup(b) {
    b.onResolve({ filter: /^commander$/ }, () => ({
      path: fileURLToPath(new URL('../node_modules/commander/lib/help.js', import.meta.url)),
    }));
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));

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
const EXTERNAL = [
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

/** Each bundle's first line: `// coopctl build <key>`, the key of its code cache (bin/coopctl): the build's sha1. */
const BUILD_LINE = `// coopctl build ${'0'.repeat(40)}`;

/**
 * The commit the sources are at (12 hex digits, `-dirty` when tracked files differ from it), $COOPCTL_BUILD_COMMIT
 * when set, else "unknown" (outside git).
 */
export function commitOf() {
  // A copy of the sources outside git (the package test packs one) is told its commit.
  if (process.env.COOPCTL_BUILD_COMMIT) return process.env.COOPCTL_BUILD_COMMIT;
  try {
    const git = (...args) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const commit = git('rev-parse', '--short=12', 'HEAD').trim();
    return git('status', '--porcelain', '--untracked-files=no').trim() ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * esbuild's settings for a CommonJS bundle of `entry` at `outfile`; `form` is what `coopctl --version` says it is
 * (src/cli/version.ts): the npm package or the single executable (scripts/build-exe.mjs).
 */
export const options = (entry, outfile, plugins = [], form = 'package', commit = commitOf()) => ({
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
 * Every command's help page in each language, as src/cli/help/pages.ts makes them, written to `outdir`/help/<lang>/,
 * and the man pages made from them (src/cli/help/man.ts) to `outdir`/man/man1/ (English) and man/pt_BR/man1/.
 */
async function storeHelpPages(outdir) {
  const generator = join(outdir, `.help-pages-${process.pid}.cjs`);
  try {
    await build({ ...options('src/cli/help/pages.ts', generator), sourcemap: false });
    const { helpPages, manPages } = createRequire(import.meta.url)(generator);
    for (const lang of ['en', 'pt-BR']) {
      mkdirSync(join(outdir, 'help', lang), { recursive: true });
      for (const [name, page] of Object.entries(await helpPages(lang)))
        writeFileSync(join(outdir, 'help', lang, name), JSON.stringify(page));
      const man = join(outdir, 'man', ...(lang === 'en' ? [] : ['pt_BR']), 'man1');
      mkdirSync(man, { recursive: true });
      for (const [name, text] of Object.entries(await manPages(lang))) writeFileSync(join(man, name), text);
    }
  } finally {
    rmSync(generator, { force: true });
  }
}

/**
 * Bundles the CLI into `outdir`: coopctl.cjs (src/cli/main.ts), help.cjs (src/cli/help/stored.ts: `--help` from
 * the stored pages), audit-writer.cjs (a SQLite store's audit writer thread) and help/<lang>/*.json (those pages).
 */
export async function bundle(outdir) {
  const files = [join(outdir, 'coopctl.cjs'), join(outdir, 'help.cjs')];
  const commit = commitOf();
  await Promise.all([
    build(options('src/cli/main.ts', files[0], [], 'package', commit)),
    build(options('src/cli/help/stored.ts', files[1], [commanderHelpOnly], 'package', commit)),
    // The access audit's writer, a worker thread's file of its own (src/server/store/sqlite/audit-file.ts).
    build({ ...options('src/server/store/sqlite/audit-writer.ts', join(outdir, 'audit-writer.cjs')), banner: {} }),
    storeHelpPages(outdir),
  ]);
  // The build's key over every file it made, written over the placeholders (same length: the source maps' lines
  // stay right). bin/coopctl reads the bundles as one-byte text (latin1), which is only right for ASCII.
  const hash = createHash('sha1');
  const codes = files.map((file) => readFileSync(file, 'utf8'));
  for (const code of codes) {
    const wide = /[\u0080-\uffff]/.exec(code);
    if (wide) throw new Error(`a bundle has a character beyond ASCII: ${code.slice(wide.index - 40, wide.index + 20)}`);
    hash.update(code);
  }
  for (const lang of ['en', 'pt-BR'])
    for (const name of readdirSync(join(outdir, 'help', lang)).sort())
      hash.update(readFileSync(join(outdir, 'help', lang, name)));
  const key = hash.digest('hex');
  files.forEach((file, i) => {
    writeFileSync(file, BUILD_LINE.replace(/0{40}$/, key) + codes[i].slice(BUILD_LINE.length));
  });
}
