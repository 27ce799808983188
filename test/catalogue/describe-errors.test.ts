/**
 * Error messages stay short whatever the parameters: at most 20 problems
 * described and the rest counted, names that are no parameter repeated only
 * briefly (40 characters, card numbers and CPFs masked, printable ASCII),
 * values never; and lists are capped. In English and in Portuguese.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  catalogueWords,
  describeProblems,
  operation,
  sampleParams,
  validateParams,
  type Problem,
} from '../../src/catalogue/index.js';

const en = catalogueWords('en');
const pt = catalogueWords('pt-BR');
const describeErrors = (problems: readonly Problem[]) => describeProblems(en, problems);
const cep = operation('registration.cep');
const messageFor = (raw: Record<string, unknown>) => {
  const v = validateParams(cep, raw);
  if (v.ok) throw new Error('expected errors');
  return describeErrors(v.errors);
};

describe('describeProblems', () => {
  it('describes the first 20 problems and counts the rest', () => {
    const errors: Problem[] = Array.from({ length: 25 }, (_, i) => ({ code: 'invalid', field: `f${i}` }));
    const text = describeErrors(errors);
    expect(text.split('; ')).toHaveLength(21);
    expect(text.startsWith('f0: is not valid; f1: is not valid;')).toBe(true);
    expect(text.endsWith('; f19: is not valid; and 5 more')).toBe(true);
    expect(describeErrors(errors.slice(0, 20)).endsWith('f19: is not valid')).toBe(true);
    expect(describeProblems(pt, errors).endsWith('; f19: não é válido; e mais 5')).toBe(true);
  });

  it('describes every parameter of the largest operation when all are wrong, counting none away', () => {
    const largest = catalogue.reduce((a, b) => (Object.keys(b.params).length > Object.keys(a.params).length ? b : a));
    const names = Object.keys(largest.params);
    const raw = Object.fromEntries(names.map((name) => [name, largest.params[name]!.invalid[0]]));
    const v = validateParams(largest, raw);
    if (v.ok) throw new Error('expected errors');
    const text = describeErrors(v.errors);
    expect(text).not.toMatch(/and \d+ more$/);
    for (const name of names) expect(text).toContain(`${name}: `);
  });

  it('says a request-wide problem without a field', () => {
    expect(describeErrors([{ code: 'too-many', field: '', most: 100 }])).toMatch(/^too many parameters: /);
    expect(describeProblems(pt, [{ code: 'too-many', field: '', most: 100 }])).toMatch(/^parâmetros demais: /);
  });

  it('names the parameters first, then the made-up names', () => {
    expect(messageFor({ zzz: '1', cep: '1' })).toBe('cep: must be 8 to 11 digits; zzz: is not a parameter of buscacep');
    const v = validateParams(cep, { zzz: '1', cep: '1' });
    expect(v.ok ? [] : v.errors).toEqual([
      { code: 'cep', field: 'cep', min: 8, max: 11 },
      { code: 'unknown', field: 'zzz', operation: 'buscacep' },
    ]);
    expect(v.ok ? '' : describeProblems(pt, v.errors)).toBe(
      'cep: deve ter de 8 a 11 dígitos; zzz: não é um parâmetro de buscacep',
    );
  });

  it('repeats a made-up name only briefly: 40 characters then …', () => {
    expect(messageFor({ cep: '01310100', [`campo_${'a'.repeat(200)}`]: '1' })).toBe(
      `campo_${'a'.repeat(34)}…: is not a parameter of buscacep`,
    );
    expect(messageFor({ cep: '01310100', [`b${'c'.repeat(39)}`]: '1' })).toBe(
      `b${'c'.repeat(39)}: is not a parameter of buscacep`,
    );
  });

  it('masks a card number or CPF in a made-up name, and shows other characters as ?', () => {
    expect(messageFor({ cep: '01310100', '00010001000001005': '1' })).toBe(
      '*************1005: is not a parameter of buscacep',
    );
    expect(messageFor({ cep: '01310100', 'cpf 529.982.247-25': '1' })).toBe(
      'cpf ***.***.*47-25: is not a parameter of buscacep',
    );
    expect(messageFor({ cep: '01310100', 'a\u0000b\nc\u00e9d\u202ee': '1' })).toBe(
      'a?b?c?d?e: is not a parameter of buscacep',
    );
  });

  it('never repeats a value', () => {
    const text = messageFor({ cep: '529.982.247-25', outro: '00010001000001005' });
    expect(text).toBe('cep: must be 8 to 11 digits; outro: is not a parameter of buscacep');
  });

  it('stays short for a thousand made-up names of a thousand characters', () => {
    const raw: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) raw[`${i}_${'n'.repeat(1000)}`] = 'v'.repeat(1000);
    const text = messageFor(raw);
    expect(text.length).toBeLessThanOrEqual(2048);
    expect(text.endsWith('; and 981 more')).toBe(true);
  });
});

describe('lists', () => {
  const document = operation('enrol.beneficiary.document');
  const withCodes = (n: number) =>
    validateParams(document, { ...sampleParams(document), tipo_documento: Array.from({ length: n }, () => 'RG') });

  it('take up to 16 elements', () => {
    expect(withCodes(16).ok).toBe(true);
    expect(withCodes(17)).toEqual({ ok: false, errors: [{ code: 'list-long', field: 'tipo_documento', most: 16 }] });
    const v = withCodes(17);
    expect(v.ok ? '' : describeErrors(v.errors)).toBe('tipo_documento: must be a list of at most 16 codes');
  });
});
