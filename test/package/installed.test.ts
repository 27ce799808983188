/**
 * The npm package as a user without the repository gets it: the tarball that
 * `npm pack` makes in a copy of the sources (test/setup/package.ts) installed
 * into a throwaway prefix with --omit=dev from npm's cache (--offline; once
 * --prefer-offline, when the cache lacks a package's metadata), then run from
 * another folder: help, `serve --demo` and a read in both languages, the
 * version, and the man pages installed beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { at, runIn, serveDemo, userEnv, userFolder } from './processes.js';

const DEMO_CARD = '00010001000001005';
const user = userFolder();
const prefix = join(user.dir, 'prefix');
const coopctl = join(prefix, 'bin', 'coopctl');
let path: string;

function install(mode: '--offline' | '--prefer-offline') {
  const tarball = process.env['COOPCTL_TEST_TARBALL']!;
  return spawnSync(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--omit=dev',
      mode,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      tarball,
    ],
    { cwd: user.dir, encoding: 'utf8', timeout: 120_000 },
  );
}

beforeAll(() => {
  let r = install('--offline');
  // The cache has the packages' tarballs (npm ci) but maybe not their metadata: fetched once, then kept.
  if (r.status !== 0 && /ENOTCACHED/.test(r.stderr)) r = install('--prefer-offline');
  if (r.status !== 0) throw new Error(`npm install of the tarball failed: ${r.stderr}`);
  path = `${prefix}/bin:${dirname(process.execPath)}:/usr/bin:/bin`;
}, 180_000);
afterAll(() => user.remove());

const env = (extra: Record<string, string> = {}) => userEnv(user.dir, { PATH: path, ...extra });

describe('the installed npm package', () => {
  it('holds what runs and nothing of the sources, tests or benchmarks', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'coopctl');
    const top = readdirSync(installed).sort();
    expect(top).toEqual(['README.md', 'bin', 'dist', 'node_modules', 'package.json']);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual([
      'audit-writer.cjs',
      'boot.cjs',
      'coopctl.cjs',
      'help',
      'help.cjs',
      'man',
    ]);
    // Production dependencies only.
    expect(existsSync(join(installed, 'node_modules', 'better-sqlite3'))).toBe(true);
    for (const dev of ['vitest', 'esbuild', 'typescript', '@biomejs'])
      expect(existsSync(join(installed, 'node_modules', dev))).toBe(false);
  });

  it('answers --help from another folder, in English and in Portuguese', () => {
    const en = runIn(user.dir, coopctl, ['--help'], env({ LANG: 'C' }));
    expect(en.status).toBe(0);
    expect(en.stdout).toMatch(/^Usage: coopctl \[options\] \[command\]/);
    expect(en.stderr).toBe('');
    const pt = runIn(user.dir, coopctl, ['record', 'allergies', '--help'], env({ LANG: 'pt_BR.UTF-8' }));
    expect(pt.status).toBe(0);
    expect(pt.stdout).toMatch(/^Uso: coopctl record allergies \[opções\]/);
  });

  it('says it is the npm package, with the commit it was built from', () => {
    const r = runIn(user.dir, coopctl, ['--version'], env({ LANG: 'C' }));
    const commit = process.env['COOPCTL_TEST_COMMIT'];
    expect(r.stdout).toBe(`coopctl ${pkg.version} (commit ${commit}; npm package, on Node ${process.version})\n`);
  });

  it('serves the demo and reads from it, in both languages', async () => {
    const serve = await serveDemo(user.dir, coopctl, [], env({ LANG: 'C' }));
    try {
      const en = runIn(
        user.dir,
        coopctl,
        ['registration', 'show', DEMO_CARD, '--json'],
        env({ LANG: 'C', ...at(serve.url) }),
      );
      expect(en.stderr).toBe('');
      expect(en.status).toBe(0);
      expect(JSON.parse(en.stdout)).toMatchObject([{ nome: 'Ana Beatriz Souza', cpf: '52998224725' }]);
      const pt = runIn(
        user.dir,
        coopctl,
        ['record', 'allergies', '0001000100000100'],
        env({ LANG: 'pt_BR.UTF-8', ...at(serve.url) }),
      );
      expect(pt.status).toBe(2);
      expect(pt.stderr).toMatch(/17 dígitos/);
    } finally {
      await serve.stop();
    }
  });

  it('installs its man pages, which man renders: coopctl(1) with the tree, and one per command', () => {
    const manDir = join(prefix, 'share', 'man');
    const page = (name: string) =>
      spawnSync('man', ['-M', manDir, name], {
        encoding: 'utf8',
        env: { ...env({ LANG: 'C.UTF-8' }), MANWIDTH: '80', MAN_KEEP_FORMATTING: '' },
      });
    const root = page('coopctl');
    expect(root.status).toBe(0);
    expect(root.stdout).toMatch(/^COOPCTL\(1\)/);
    expect(root.stdout).toContain('coopctl record allergies');
    expect(root.stdout).toContain('coopctl enrol beneficiary declaration');
    const allergies = page('coopctl-record-allergies');
    expect(allergies.status).toBe(0);
    expect(allergies.stdout).toMatch(/SYNOPSIS\n\s+coopctl record allergies \[options\] \[card\]/);
    expect(allergies.stdout).toContain('--usuario-cartao <value>');
    // Every page of the package.json's man list was installed.
    expect(readdirSync(join(manDir, 'man1')).sort()).toEqual(pkg.man.map((m) => m.split('/').pop()).sort());
    const pt = readFileSync(
      join(prefix, 'lib', 'node_modules', 'coopctl', 'dist', 'man', 'pt_BR', 'man1', 'coopctl.1'),
      'utf8',
    );
    expect(pt).toContain('.SH SINOPSE');
  });
});
