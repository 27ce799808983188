/**
 * What `npm publish` would send (`--dry-run`, in the copy of the sources the
 * package was packed from: test/setup/package.ts): the files that run and
 * those help refers to, and no source, test, benchmark, script, document or
 * source map.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

describe('npm publish --dry-run', () => {
  it('lists the bundles, the stored help and the man pages, and nothing of the sources', () => {
    const r = spawnSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
      cwd: process.env['COOPCTL_TEST_CLONE']!,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    const files: string[] = (JSON.parse(r.stdout) as Record<string, { files: { path: string }[] }>)[
      pkg.name
    ]!.files.map((f) => f.path);
    for (const file of files) {
      expect(file).not.toMatch(/^(src|test|bench|scripts|docs|\.ci)\//);
      expect(file).not.toMatch(/\.(ts|map|mts)$/);
    }
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/coopctl',
        'dist/boot.cjs',
        'dist/coopctl.cjs',
        'dist/help.cjs',
        'dist/help/en/coopctl.json',
        'dist/help/pt-BR/coopctl.record.allergies.json',
        'dist/man/man1/coopctl.1',
        'dist/man/man1/coopctl-record-allergies.1',
        'dist/man/pt_BR/man1/coopctl-record-allergies.1',
        'package.json',
        'README.md',
      ]),
    );
    // Nothing but these parts.
    for (const file of files)
      expect(file).toMatch(
        /^(bin\/|dist\/(boot|coopctl|help|audit-writer)\.cjs$|dist\/(help|man)\/|package\.json$|README\.md$)/,
      );
  });
});
