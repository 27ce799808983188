/**
 * The man pages the build made (in the copy of the sources that was packed:
 * test/setup/package.ts) render with man-db (`man -l`; scripts/test-tools.sh
 * installs it), every page in both languages, with troff saying nothing, and
 * hold the same words as `--help`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const man = () => join(process.env['COOPCTL_TEST_CLONE']!, 'dist', 'man');
const render = (...files: string[]) =>
  spawnSync('man', ['-l', ...files], {
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', MANWIDTH: '80' },
  });

describe('the man pages', () => {
  it('are one per command in each language, and package.json lists the English ones', () => {
    const en = readdirSync(join(man(), 'man1')).sort();
    expect(readdirSync(join(man(), 'pt_BR', 'man1')).sort()).toEqual(en);
    expect(pkg.man.map((m) => m.replace('./dist/man/man1/', '')).sort()).toEqual(en);
    expect(en).toContain('coopctl.1');
    expect(en).toContain('coopctl-record-allergies.1');
    expect(en).toContain('coopctl-enrol-beneficiary-declaration.1');
  });

  it('render with man -l, troff silent, every page in both languages', () => {
    for (const dir of [join(man(), 'man1'), join(man(), 'pt_BR', 'man1')]) {
      const names = readdirSync(dir).sort();
      // One man for all the pages of a language (each is formatted on its own; the output is theirs in order).
      const r = render(...names.map((name) => join(dir, name)));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      // Each page's header line (a long name is shortened in it at 80 columns).
      const headers = r.stdout.split('\n').filter((line) => line.startsWith('COOPCTL'));
      expect(headers.length).toBe(names.length);
      for (const name of names) expect(r.stdout).toContain(name.replace(/\.1$/, '').toUpperCase().slice(0, 24));
    }
  }, 120_000);

  it('say what --help says: coopctl-record-allergies in English, and in Portuguese', () => {
    const en = render(join(man(), 'man1', 'coopctl-record-allergies.1')).stdout;
    expect(en).toMatch(/NAME\n\s+coopctl-record-allergies - List allergies/);
    expect(en).toMatch(/SYNOPSIS\n\s+coopctl record allergies \[options\] \[card\]/);
    expect(en).toMatch(/--usuario-cartao <value>\n\s+beneficiary's\s+card\s+number/);
    const pt = render(join(man(), 'pt_BR', 'man1', 'coopctl-record-allergies.1')).stdout;
    expect(pt).toMatch(/NOME\n\s+coopctl-record-allergies - Lista as alergias/);
    expect(pt).toMatch(/SINOPSE\n\s+coopctl record allergies \[opções\] \[cartão\]/);
    expect(pt).not.toMatch(/\b(List|Options|beneficiary's)\b/);
  });

  it('coopctl(1) holds the whole tree, each command with its description', () => {
    const root = render(join(man(), 'man1', 'coopctl.1')).stdout;
    const stored = readdirSync(join(man(), 'man1')).filter((n) => n !== 'coopctl.1');
    for (const name of stored) {
      const words = name.replace(/\.1$/, '').split('-');
      // coopctl-enrol-beneficiary-add: `coopctl enrol beneficiary add` (a name of several words keeps its hyphens).
      expect(root.replace(/\s+/g, ' ')).toMatch(new RegExp(`coopctl ${words.slice(1).join('[ -]')}`));
    }
    expect(readFileSync(join(man(), 'man1', 'coopctl.1'), 'utf8')).toContain('.SH COMMANDS OF COOPCTL');
  });
});
