/** Personal data and secrets are masked wherever coopctl prints a request. */
import { describe, expect, it } from 'vitest';
import { maskValue, maskedUrl, requestLabel } from '../../src/client/index.js';
import { catalogue } from '../../src/spec/index.js';

describe('masking', () => {
  const fields = catalogue.flatMap((op) => Object.entries(op.params).map(([name, f]) => ({ name, f })));

  it.each(fields.filter(({ f }) => f.rule === '17 digits' || /CPF/.test(f.rule)).map(({ name, f }) => [name, f.example] as const))(
    'masks %s (a card or a CPF) but its last 4 characters',
    (name, example) => {
      const masked = maskValue(name, example);
      expect(masked).toHaveLength(example.length);
      expect(masked.slice(0, -4)).toMatch(/^\*+$/);
      expect(masked.slice(-4)).toBe(example.slice(-4));
    },
  );

  it.each(fields.filter(({ name }) => name.includes('token')).map(({ name }) => [name] as const))('masks %s (a token) whole', (name) => {
    expect(maskValue(name, 'abcdef')).toBe('***');
  });

  it('leaves other values alone', () => {
    expect(maskValue('cd_local', '101')).toBe('101');
  });

  it('masks the query of a URL, list fields included', () => {
    expect(maskedUrl(new URL('http://h/p?usuario_cartao=00010001000001005&cd_local=1'))).toBe('http://h/p?usuario_cartao=*************1005&cd_local=1');
    expect(maskedUrl(new URL('http://h/p'))).toBe('http://h/p');
  });

  it('labels a request without its query', () => {
    expect(requestLabel('GET', new URL('http://h:1/p?usuario_cartao=00010001000001005'))).toBe('GET http://h:1/p');
  });
});
