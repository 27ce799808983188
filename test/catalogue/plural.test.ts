/**
 * Counted words by each language's plural rules (src/catalogue/words/numbers.ts): Intl.PluralRules picks `one` or
 * `other`, 0 takes `zero` when given and `other` otherwise, and `#` is the count as the language writes numbers.
 */
import { describe, expect, it } from 'vitest';
import { counted, formatNumber, plural } from '../../src/catalogue/words/numbers.js';

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

describe('formatNumber', () => {
  it('writes every whole number under 1,000 as Intl.NumberFormat does, in both languages', () => {
    for (const [lang, locale] of [
      ['en', 'en-GB'],
      ['pt-BR', 'pt-BR'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale);
      for (let n = -999; n <= 999; n++) expect(formatNumber(lang, n)).toBe(intl.format(n));
      expect(formatNumber(lang, 999n)).toBe(intl.format(999n));
    }
  });

  it.each([
    ['en', 1000, '1,000'],
    ['pt-BR', 1000, '1.000'],
    ['en', -1000, '-1,000'],
    ['pt-BR', 2.5, '2,5'],
    ['en', 0.5, '0.5'],
    ['pt-BR', 1234567n, '1.234.567'],
  ] as const)('%s %s: %s', (lang, n, expected) => {
    expect(formatNumber(lang, n)).toBe(expected);
  });
});

describe('counted', () => {
  it('is the count and its noun, in each language', () => {
    expect(counted('en', 1, 'recipient', 'recipients')).toBe('1 recipient');
    expect(counted('pt-BR', 1200, 'destinatário', 'destinatários')).toBe('1.200 destinatários');
    expect(counted('pt-BR', 0, 'alergia', 'alergias')).toBe('0 alergias');
  });
});
