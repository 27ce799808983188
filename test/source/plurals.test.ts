/**
 * Counts are worded by the language's plural rules, through one function
 * (`plural`, src/catalogue/words/numbers.ts: Intl.PluralRules, and a zero form
 * as ICU's `=0`), never by a hand-made ending (`row${n === 1 ? '' : 's'}`),
 * which knows one language's rule and writes the number as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** An English ending chosen by hand, or a count's phrase for 1 written out. */
const BY_HAND = [/\? '' : 's'/, /\? 's' : ''/, /\? 'y' : 'ies'/, /\? 'ies' : 'y'/, /=== 1 \? '1 /];

/** Where a hand-made ending is right, and why. */
const ALLOWED = new Map([
  ['client/size.ts', 'a size as the settings write it (`1000 bytes`, read back by parseSize), not a phrase'],
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('counts go through plural()', () => {
  it('the check finds the hand-made endings', () => {
    const found = (line: string) => BY_HAND.some((re) => re.test(line));
    // The lines as a source file holds them (`$` + `{` written apart so that they are not templates here).
    const $ = '$';
    expect(found(`\`${$}{n} row${$}{n === 1 ? '' : 's'}\``)).toBe(true);
    expect(found(`\`${$}{n} field${$}{n > 1 ? 's' : ''}\``)).toBe(true);
    expect(found(`\`beneficiar${$}{n === 1 ? 'y' : 'ies'}\``)).toBe(true);
    expect(found(`n === 1 ? '1 linha' : \`${$}{n} linhas\``)).toBe(true);
    expect(found("plural('en', n, { one: '# row', other: '# rows' })")).toBe(false);
  });

  it('no source file words a count by hand', () => {
    const found = sources(SRC).flatMap((file) => {
      const name = relative(SRC, file);
      if (ALLOWED.has(name)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (BY_HAND.some((re) => re.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });
});
