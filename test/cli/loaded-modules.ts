/**
 * Which of coopctl's own modules a run initialises: a bundle of src/cli/main.ts built as scripts/bundle.mjs builds
 * it, with one line added at the top of every source module that records its path when the module runs, and the
 * list written to $COOPCTL_MODULES_FILE when the process exits (docs/architecture.md, "What a command loads").
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { options } from '../../scripts/bundle.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SET = 'globalThis.__coopctlModules';

const recorder: Plugin = {
  name: 'record-loaded-modules',
  setup(b) {
    b.onLoad({ filter: /[/\\]src[/\\].*\.ts$/ }, async (args) => {
      const path = relative(ROOT, args.path).split('\\').join('/');
      const source = await readFile(args.path, 'utf8');
      return { contents: `(${SET} ??= new Set()).add(${JSON.stringify(path)});\n${source}`, loader: 'ts' };
    });
  },
};

/** Node's own public modules the run loaded, as `node:<name>` (its internal ones left out). */
const BUILTINS = `process.moduleLoadList.filter((m) => m.startsWith('NativeModule ') && !m.includes('internal/')).map((m) => 'node:' + m.slice(13))`;

const DUMP = `process.on('exit', () => { const f = process.env.COOPCTL_MODULES_FILE; if (f) require('node:fs').writeFileSync(f, JSON.stringify([...(${SET} ?? []), ...${BUILTINS}])); });`;

export interface ModuleRecorder {
  /**
   * The source modules (paths from the repository's root) that a run of `argv` initialised, then Node's own public
   * modules it loaded (`node:fs`), and its exit code.
   */
  run(argv: readonly string[], env: Record<string, string>): Promise<{ code: number; modules: string[] }>;
  close(): void;
}

/** Builds the recording bundle in node_modules/.cache (where the bundle's dependencies left outside resolve). */
export async function moduleRecorder(): Promise<ModuleRecorder> {
  const cache = join(ROOT, 'node_modules', '.cache');
  // A fresh `npm ci` makes no .cache folder.
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'coopctl-modules-'));
  const bundle = join(dir, 'coopctl.cjs');
  const base = options('src/cli/main.ts', bundle, [recorder]);
  await build({ ...base, sourcemap: false, banner: { js: `${base.banner.js}\n${DUMP}` } });
  const run = promisify(execFile);
  return {
    async run(argv, env) {
      const file = join(dir, `modules-${Math.random().toString(36).slice(2)}.json`);
      const done = await run(process.execPath, [bundle, ...argv], {
        env: { PATH: process.env['PATH'] ?? '', HOME: dir, XDG_CONFIG_HOME: dir, ...env, COOPCTL_MODULES_FILE: file },
      }).then(
        () => 0,
        (err: { code?: number }) => err.code ?? 1,
      );
      return { code: done, modules: JSON.parse(readFileSync(file, 'utf8')) as string[] };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
