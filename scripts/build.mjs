// Bundles the CLI (and the server it embeds) into dist/ with esbuild.
// Code splitting keeps start-up small: prompts, tables, colour, the server and
// SQLite are separate chunks, loaded by dynamic import() only when used.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Native addon: loaded from node_modules at run time.
  external: ['better-sqlite3'],
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __coopctlRequire } from 'node:module'; const require = __coopctlRequire(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
