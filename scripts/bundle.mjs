// Builds the bundles with esbuild by the rules of src/boot/bundles.mjs (which bundles, what stays outside them,
// esbuild's settings); used by scripts/build.mjs for dist/, by scripts/build-exe.mjs and by tests that need a
// bundle of their own.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BUILD_LINE, BUNDLES, options as bundleOptions, root } from '../src/boot/bundles.mjs';

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
 * esbuild's settings for a CommonJS bundle of `entry` at `outfile` (src/boot/bundles.mjs); `form` is what `coopctl
 * --version` says it is (src/cli/version.ts): the npm package or the single executable (scripts/build-exe.mjs).
 */
export const options = (entry, outfile, plugins = [], form = 'package', commit = commitOf()) =>
  bundleOptions(entry, outfile, plugins, form, commit);

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
 * Bundles the CLI into `outdir`: the bundles of src/boot/bundles.mjs (boot.cjs, the launcher; coopctl.cjs, the CLI;
 * help.cjs, `--help` from the stored pages; audit-writer.cjs, a SQLite store's audit writer thread) and
 * help/<lang>/*.json (those pages), with the man pages.
 */
export async function bundle(outdir) {
  const commit = commitOf();
  await Promise.all([
    ...BUNDLES.map((b) => {
      const base = options(b.entry, join(outdir, b.name), b.plugins ?? [], 'package', commit);
      return build(b.keyed ? base : { ...base, banner: {} });
    }),
    storeHelpPages(outdir),
  ]);
  // The build's key over every file it made, written over the placeholders (same length: the source maps' lines
  // stay right). The launcher reads the keyed bundles as one-byte text (latin1), which is only right for ASCII.
  const files = BUNDLES.filter((b) => b.keyed).map((b) => join(outdir, b.name));
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
