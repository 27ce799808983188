/**
 * Counted words by each language's plural rules (src/catalogue/words/numbers.ts): Intl.PluralRules picks `one` or
 * `other`, 0 takes `zero` when given and `other` otherwise, and `#` is the count as the language writes numbers.
 */
import { describe, expect, it } from 'vitest';
import { plural } from '../../src/catalogue/words/numbers.js';

const rows = { one: '# row', other: '# rows' };
const linhas = { one: '# linha', other: '# linhas' };

describe('plural', () => {
  it.each([
    [0, '0 rows'],
    [1, '1 row'],
    [2, '2 rows'],
    [1.5, '1.5 rows'],
    [1234, '1,234 rows'],
  ])('English: %s', (n, expected) => {
    expect(plural('en', n, rows)).toBe(expected);
  });

  it.each([
    [0, '0 linhas'],
    [1, '1 linha'],
    [2, '2 linhas'],
    // CLDR: Portuguese's `one` is every number whose integer part is 0 or 1 (`1,5 litro`).
    [1.5, '1,5 linha'],
    [1234, '1.234 linhas'],
  ])('Portuguese: %s', (n, expected) => {
    expect(plural('pt-BR', n, linhas)).toBe(expected);
  });

  it('the zero form, when given, is said for 0 only', () => {
    const forms = { zero: 'nenhuma linha', one: '# linha', other: '# linhas' };
    expect(plural('pt-BR', 0, forms)).toBe('nenhuma linha');
    expect(plural('pt-BR', 1, forms)).toBe('1 linha');
    expect(plural('en', 0, { zero: 'No rows', ...rows })).toBe('No rows');
  });

  it('every # of the form is the count', () => {
    expect(plural('en', 3, { one: '# of # step', other: '# of # steps' })).toBe('3 of 3 steps');
  });
});
