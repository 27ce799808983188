/**
 * The catalogue's plain-text rule, as `validateParams` applies it to every
 * parameter (the server and the CLI alike): control characters, lone
 * surrogates and bytes the server could not decode are refused, naming the
 * field, the character and its position, and nothing else is said of that field.
 */
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, validateParams } from '../../src/catalogue/index.js';

const declaration = operation('enrol.beneficiary.declaration');
/** The errors for `descricao` (free text of up to 500 characters) holding `text`. */
const errorsFor = (text: string) => {
  const v = validateParams(declaration, { ...sampleParams(declaration), descricao: text });
  return v.ok ? [] : v.errors;
};
const control = (code: string, position: number) => [
  { code: 'control', field: 'descricao', char: `U+${code}`, at: position },
];

describe('refused', () => {
  it.each([
    ['NUL', 'abc\u0000', '0000'],
    ['TAB', 'abc\t', '0009'],
    ['LF', 'abc\n', '000A'],
    ['CR', 'abc\r', '000D'],
    ['ESC', 'abc\u001b', '001B'],
    ['U+001F', 'abc\u001f', '001F'],
    ['DEL', 'abc\u007f', '007F'],
    ['U+0080', 'abc\u0080', '0080'],
    ['CSI', 'abc\u009b', '009B'],
    ['U+009F', 'abc\u009f', '009F'],
  ])('%s', (_name, text, code) => {
    expect(errorsFor(text)).toEqual(control(code, 4));
  });

  it('a byte the server could not decode (kept as U+DC80 to U+DCFF): not valid UTF-8, naming the byte', () => {
    expect(errorsFor('abc\udcff')).toEqual([{ code: 'utf8', field: 'descricao', byte: '0xFF', at: 4 }]);
    expect(errorsFor('\udc80')).toEqual([{ code: 'utf8', field: 'descricao', byte: '0x80', at: 1 }]);
  });

  it('a lone surrogate from a JSON escape: not valid Unicode', () => {
    expect(errorsFor('abc\ud800x')).toEqual([{ code: 'surrogate', field: 'descricao', char: 'U+D800', at: 4 }]);
    expect(errorsFor('abc\udc00')).toEqual([{ code: 'surrogate', field: 'descricao', char: 'U+DC00', at: 4 }]);
  });

  it('counts the position in characters, an emoji as one', () => {
    expect(errorsFor('🏥🏥\u0000')).toEqual(control('0000', 3));
    expect(errorsFor(`${'x'.repeat(499)}\u0007`)).toEqual(control('0007', 500));
  });

  it('says only this of the field, even when its own rule is broken too', () => {
    const cep = operation('registration.cep');
    expect(validateParams(cep, { cep: '0131\t0100' })).toEqual({
      ok: false,
      errors: [{ code: 'control', field: 'cep', char: 'U+0009', at: 5 }],
    });
    expect(errorsFor(`${'x'.repeat(600)}\u0000`)).toEqual(control('0000', 601));
  });

  it('applies to every kind of field: integers, choices, lists (naming the element), dates', () => {
    const book = operation('schedule.book');
    const v = validateParams(book, {
      ...sampleParams(book),
      cd_local: '1\u0000',
      dt_hr_inicio: '2026-12-01\u000b09:00',
    });
    expect(v).toEqual({
      ok: false,
      errors: [
        { code: 'control', field: 'cd_local', char: 'U+0000', at: 2 },
        { code: 'control', field: 'dt_hr_inicio', char: 'U+000B', at: 11 },
      ],
    });
    const document = operation('enrol.beneficiary.document');
    expect(validateParams(document, { ...sampleParams(document), tipo_documento: ['RG', 'C\u0085PF'] })).toEqual({
      ok: false,
      errors: [{ code: 'control', field: 'tipo_documento[1]', char: 'U+0085', at: 2 }],
    });
    expect(validateParams(declaration, { ...sampleParams(declaration), resposta: 'S\u0000' })).toEqual({
      ok: false,
      errors: [{ code: 'control', field: 'resposta', char: 'U+0000', at: 2 }],
    });
  });
});

describe('accepted', () => {
  it.each([
    ['accented letters', 'Avenida São João, ação'],
    ['a no-break space', 'Praça\u00a0da Sé'],
    ['an emoji (a surrogate pair)', 'consulta 🏥 amanhã'],
    ['the replacement character itself', 'texto \ufffd'],
    ['U+00A0 to U+00FF', 'ª º « » ¿'],
  ])('%s', (_what, text) => {
    expect(errorsFor(text)).toEqual([]);
  });
});
