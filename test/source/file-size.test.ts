/**
 * Files small and named for what they hold: no source, test, benchmark or
 * script file of the repository is over 350 lines. Every such file git tracks
 * is read, so a new folder is covered without being listed here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = /^(?:src|test|bench|scripts)\/.*\.(?:ts|mts|cts|js|mjs|cjs)$|^bin\/[^/]+$/;
const MOST = 350;

/** The lines of a text (a last line without its newline counts). */
const linesOf = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('file size', () => {
  it('counts lines as wc -l does, and a last line without a newline', () => {
    expect([linesOf(''), linesOf('a\n'), linesOf('a\nb'), linesOf('a\nb\n')]).toEqual([0, 1, 2, 2]);
  });

  it(`no code file is over ${MOST} lines`, () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => CODE.test(f));
    expect(files.length).toBeGreaterThan(700);
    const long = files
      .map((f) => `${f}: ${linesOf(readFileSync(join(ROOT, f), 'utf8'))}`)
      .filter((entry) => Number(entry.split(': ')[1]) > MOST);
    expect(long).toEqual([]);
  });
});
