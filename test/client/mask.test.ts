/** Personal data and secrets are masked wherever coopctl prints a request. */
import { describe, expect, it } from 'vitest';
import { maskValue, maskedUrl, requestLabel } from '../../src/client/index.js';
import { catalogue } from '../../src/catalogue/index.js';
import { maskPersonalNumbers } from '../../src/catalogue/mask.js';

describe('masking', () => {
  const fields = catalogue.flatMap((op) => Object.entries(op.params).map(([name, f]) => ({ name, f })));

  it.each(
    fields
      .filter(({ f }) => (f.rule.code === 'digits' && f.rule.want === 17) || f.rule.code === 'cpf')
      .map(({ name, f }) => [name, f.example] as const),
  )('masks %s (a card or a CPF) but its last 4 characters', (name, example) => {
    const masked = maskValue(name, example);
    expect(masked).toHaveLength(example.length);
    expect(masked.slice(0, -4)).toMatch(/^\*+$/);
    expect(masked.slice(-4)).toBe(example.slice(-4));
  });

  it.each(fields.filter(({ name }) => name.includes('token')).map(({ name }) => [name] as const))(
    'masks %s (a token) whole',
    (name) => {
      expect(maskValue(name, 'abcdef')).toBe('***');
    },
  );

  it('leaves other values alone', () => {
    expect(maskValue('cd_local', '101')).toBe('101');
  });

  it('masks the query of a URL, list fields included', () => {
    expect(maskedUrl(new URL('http://h/p?usuario_cartao=00010001000001005&cd_local=1'))).toBe(
      'http://h/p?usuario_cartao=*************1005&cd_local=1',
    );
    expect(maskedUrl(new URL('http://h/p'))).toBe('http://h/p');
  });

  it('labels a request without its query', () => {
    expect(requestLabel('GET', new URL('http://h:1/p?usuario_cartao=00010001000001005'))).toBe('GET http://h:1/p');
  });
});

describe('cards and CPFs in any form', () => {
  it.each([
    ['a card', '00010001000001005', '*************1005'],
    ['a card with spaces', '0001 0001 000001 00 5', '**** **** *****1 00 5'],
    ['a card with dots and a hyphen', '0001.0001.000001.00-5', '****.****.*****1.00-5'],
    ['a card with %20 between the groups', '0001%200001%20000001%2000%205', '****%20****%20*****1%2000%205'],
    ['a card with + between the groups', '0001+0001+000001+00+5', '****+****+*****1+00+5'],
    ['a card with commas between the groups', '0001,0001,000001,00,5', '****,****,*****1,00,5'],
    ['a card with colons between the groups', '0001:0001:000001:00:5', '****:****:*****1:00:5'],
    ['a card with %2C and %3A between the groups', '0001%2C0001%3a000001%2c00%3A5', '****%2C****%3a*****1%2c00%3A5'],
    [
      'a card in percent-encoded digits',
      '%30%30%30%31%30%30%30%31%30%30%30%30%30%31%30%30%35',
      '*************%31%30%30%35',
    ],
    ['a CPF', '52998224725', '*******4725'],
    ['a formatted CPF', '529.982.247-25', '***.***.*47-25'],
    ['a formatted CPF with %2E and %2D', '529%2E982%2E247%2D25', '***%2E***%2E*47%2D25'],
    ['a CPF in a path', '/api/x/529.982.247-25/y', '/api/x/***.***.*47-25/y'],
    ['a CPF in a query string', 'a=1&cpf=52998224725&b=2', 'a=1&cpf=*******4725&b=2'],
    [
      'a card in a JSON body',
      '{"usuario_cartao":"00010001000001005","cd_local":101}',
      '{"usuario_cartao":"*************1005","cd_local":101}',
    ],
  ])('masks %s but its last 4 digits', (_name, text, masked) => {
    expect(maskPersonalNumbers(text)).toBe(masked);
  });

  it.each([
    ['a date', '2024-05-01'],
    ['a code', 'cd_local=101&cd_especialidade=25'],
    ['ten digits', '1234567890'],
    ['digits in a word', 'v1/x2'],
  ])('leaves %s alone', (_name, text) => {
    expect(maskPersonalNumbers(text)).toBe(text);
  });

  it('masks the path and the query of a URL by value, whatever the parameter is called', () => {
    expect(
      maskedUrl(new URL('http://h/api/x/0001%200001%20000001%2000%205?doc=529.982.247-25&n=0001+0001+000001+00+5')),
    ).toBe('http://h/api/x/****%20****%20*****1%2000%205?doc=***.***.*47-25&n=****%20****%20*****1%2000%205');
    expect(requestLabel('GET', new URL('http://h:1/p/52998224725?x=1'))).toBe('GET http://h:1/p/*******4725');
  });
});
