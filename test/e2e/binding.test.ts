/**
 * `coopctl serve` when its SQLite binding cannot be loaded, as the real
 * process: a copy of bin/ and dist/ next to a better-sqlite3 whose binaries
 * are not binaries (a deliberately unloadable addon), or whose loading throws
 * an error of several lines (as Node's own error for an addon built for
 * another Node). It says why in full and what to run, and exits 1.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeProblem } from '../../src/server/store/sqlite/binding.js';
import { e2eLocale, inLang } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The message of the simulated failure: three lines, as Node words an addon built for another Node. */
const THREE_LINES = [
  "The module '/opt/coopctl/better_sqlite3.node'",
  'was compiled against a different Node.js version using NODE_MODULE_VERSION 115.',
  'This version of Node.js requires NODE_MODULE_VERSION 137.',
];

let copies: string;
beforeAll(async () => {
  // Under node_modules, so that the bundle's other dependencies still resolve from the copies.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  copies = mkdtempSync(join(cache, 'coopctl-binding-'));
});
afterAll(() => rmSync(copies, { recursive: true, force: true }));

/**
 * bin/coopctl and dist/ in a folder of their own, with a copy of better-sqlite3 beside them (its JavaScript and
 * package.json) that `breakIt` spoils; answers the folder.
 */
function copyWith(name: string, breakIt: (pkg: string) => void): string {
  const dir = join(copies, name);
  cpSync(join(root, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  const real = join(root, 'node_modules', 'better-sqlite3');
  const pkg = join(dir, 'node_modules', 'better-sqlite3');
  for (const part of ['package.json', 'lib']) cpSync(join(real, part), join(pkg, part), { recursive: true });
  breakIt(pkg);
  return dir;
}

async function serve(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = join(dir, 'home');
  const env = { PATH: process.env['PATH'], HOME: home, XDG_DATA_HOME: home, ...e2eLocale() };
  const args = [join(dir, 'bin', 'coopctl'), 'serve', '--port', '0', '--db', join(home, 'coopctl.db')];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { env, timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The lines after the loader's message: what to run. */
function remedies(dir: string): string[] {
  const folder = join(dir, 'node_modules', 'better-sqlite3');
  return [
    inLang({
      en: `Reinstall coopctl's dependencies: cd ${dir} && npm ci`,
      pt: `Reinstale as dependências do coopctl: cd ${dir} && npm ci`,
    }),
    inLang({
      en: `better-sqlite3 comes with its binary for Linux, macOS and Windows on x64 and arm64; on another platform, build it from source (python3, make and a C++ compiler): cd ${folder} && npx node-gyp rebuild --release --force_build=1`,
      pt: `o better-sqlite3 traz o seu binário para Linux, macOS e Windows em x64 e arm64; em outra plataforma, compile-o a partir do código-fonte (python3, make e um compilador C++): cd ${folder} && npx node-gyp rebuild --release --force_build=1`,
    }),
  ];
}

const saysCannotLoad = inLang({
  en: 'error: coopctl serve cannot load its SQLite binding (better-sqlite3). The loader said:',
  pt: 'erro: o coopctl serve não conseguiu carregar o seu acesso ao SQLite (better-sqlite3). O carregador disse:',
});

describe('coopctl serve without a loadable SQLite binding', () => {
  it('an addon that is no binary: says what the loader said, and what to run; exit 1, nothing listens', async () => {
    const dir = copyWith('not-elf', (pkg) => {
      mkdirSync(join(pkg, 'prebuilds'));
      for (const file of readdirSync(join(root, 'node_modules', 'better-sqlite3', 'prebuilds')))
        writeFileSync(join(pkg, 'prebuilds', file), 'not a shared library\n');
    });
    const r = await serve(dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(saysCannotLoad);
    expect(lines[1]).toMatch(/^ {2}\S.*prebuilds\/[a-z0-9-]+\.node: (invalid ELF header|file too short)$/);
    expect(lines.slice(2)).toEqual(remedies(dir));
  });

  it('a failure of several lines: every line is shown', async () => {
    const dir = copyWith('three-lines', (pkg) => {
      writeFileSync(join(pkg, 'lib', 'index.js'), `throw new Error(${JSON.stringify(THREE_LINES.join('\n'))});\n`);
    });
    const r = await serve(dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      saysCannotLoad,
      ...THREE_LINES.map((line) => `  ${line}`),
      ...remedies(dir),
    ]);
  });
});

describe('the Node that the binding needs', () => {
  it('is one with Node-API 10 (Node 22.14 or newer)', () => {
    expect(nodeProblem({ ...process.versions, napi: '9' }, 'v20.20.2')).toEqual({
      kind: 'node',
      node: 'v20.20.2',
      napi: '9',
    });
    expect(nodeProblem({ ...process.versions, napi: '10' }, 'v22.14.0')).toBeUndefined();
    expect(nodeProblem(process.versions, process.version)).toBeUndefined();
  });
});
