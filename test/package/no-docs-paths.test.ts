/**
 * Nothing a person reads names a file of the repository's docs/ (the user
 * has the package or the executable, not the repository): the built bundles'
 * strings (every message, prompt and help text, in both languages), the
 * stored help pages, the man pages, and every help topic as the packed CLI
 * prints it in each language. The only docs/ strings left in the bundle are
 * the fixtures schema's annotations (`.describe("…")`), which are written to
 * a schema file, not shown.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const clone = () => process.env['COOPCTL_TEST_CLONE']!;
const DOCS = /docs\/[\w.-]+/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('no help text, message or prompt names a docs/ path', () => {
  it('in the bundles (but the fixtures schema annotations)', () => {
    for (const bundle of ['coopctl.cjs', 'help.cjs']) {
      const code = readFileSync(join(clone(), 'dist', bundle), 'latin1');
      const shown = [...code.matchAll(DOCS)].filter((m) => {
        const open = code.lastIndexOf('.describe("', m.index);
        return open < 0 || code.slice(open + 11, m.index).includes('"');
      });
      expect(shown.map((m) => code.slice(m.index - 80, m.index + 30))).toEqual([]);
    }
  });

  it('in the stored help pages and the man pages of both languages', () => {
    const all = [...files(join(clone(), 'dist', 'help')), ...files(join(clone(), 'dist', 'man'))];
    expect(all.length).toBeGreaterThan(200);
    for (const file of all) expect(readFileSync(file, 'utf8').match(DOCS), file).toBeNull();
  });

  it('in every help topic, in English and in Portuguese', () => {
    const bin = join(clone(), 'bin', 'coopctl');
    for (const [lang, topics] of [
      ['en', ['batch', 'codes', 'environment', 'exit-codes', 'masking', 'options', 'topics']],
      ['pt-BR', ['lote', 'codigos', 'ambiente', 'codigos-de-saida', 'mascara', 'opcoes', 'topicos']],
    ] as const)
      for (const topic of topics) {
        const r = spawnSync(process.execPath, [bin, '--lang', lang, 'help', topic], { encoding: 'utf8' });
        expect(r.status, topic).toBe(0);
        expect(r.stdout.length, topic).toBeGreaterThan(100);
        expect(r.stdout.match(DOCS), topic).toBeNull();
      }
  });
});
