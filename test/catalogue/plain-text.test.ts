/**
 * The catalogue's plain-text rule, as `validateParams` applies it to every
 * parameter (the server and the CLI alike): control characters, invisible
 * format characters (Unicode category Cf), lone surrogates and bytes the
 * server could not decode are refused, naming the field, the character and
 * its position, and nothing else is said of that field; text is taken in NFC.
 */
import { describe, expect, it } from 'vitest';
import { catalogueWords, operation, problemLine, sampleParams, validateParams } from '../../src/catalogue/index.js';

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

describe('invisible format characters (category Cf): refused, naming the code point', () => {
  const format = (code: string, position: number) => [
    { code: 'format', field: 'descricao', char: `U+${code}`, at: position },
  ];
  it.each([
    ['a zero-width space', 'Rua\u200bA', '200B', 4],
    ['a zero-width non-joiner', 'ab\u200c', '200C', 3],
    ['a zero-width joiner', '\u200dab', '200D', 1],
    ['a word joiner', 'a\u2060b', '2060', 2],
    ['a BOM (zero-width no-break space)', '\ufeffMaria', 'FEFF', 1],
    ['a soft hyphen', 'Ma\u00adria', '00AD', 3],
    ['a right-to-left override', 'abc\u202etxt', '202E', 4],
    ['a left-to-right mark', 'x\u200e', '200E', 2],
    ['the Arabic letter mark', 'x\u061c', '061C', 2],
    ['a language tag (beyond the BMP)', 'S\u{E0001}N', 'E0001', 2],
    ['a tag letter after an emoji', '🏥\u{E0041}', 'E0041', 2],
    ['an interlinear annotation anchor', '\ufff9', 'FFF9', 1],
  ])('%s', (_what, text, code, position) => {
    expect(errorsFor(text)).toEqual(format(code, position));
  });

  it('the first offending character is the one named, whatever its kind', () => {
    expect(errorsFor('a\u200b\u0000')).toEqual(format('200B', 2));
    expect(errorsFor('a\u0000\u200b')).toEqual(control('0000', 2));
  });

  it('applies to every kind of field, lists naming the element', () => {
    const document = operation('enrol.beneficiary.document');
    expect(validateParams(document, { ...sampleParams(document), tipo_documento: ['RG', 'C\u200bPF'] })).toEqual({
      ok: false,
      errors: [{ code: 'format', field: 'tipo_documento[1]', char: 'U+200B', at: 2 }],
    });
  });

  it('is said in both languages, naming the code point and its position', () => {
    const [problem] = errorsFor('Rua\u200bA');
    expect(problemLine(catalogueWords('en'), problem!)).toBe(
      'descricao: must not contain invisible format characters (found U+200B at position 4)',
    );
    expect(problemLine(catalogueWords('pt-BR'), problem!)).toBe(
      'descricao: não pode ter caracteres invisíveis de formatação (U+200B na posição 4)',
    );
  });
});

describe('line separators and characters that show as nothing: refused, naming the code point', () => {
  const problem = (code: 'line' | 'invisible', char: string, at: number) => [
    { code, field: 'descricao', char: `U+${char}`, at },
  ];
  it.each([
    ['the line separator', 'Rua A\u2028Rua B', 'line', '2028', 6],
    ['the paragraph separator', '\u2029x', 'line', '2029', 1],
    ['the Hangul choseong filler', 'a\u115f', 'invisible', '115F', 2],
    ['the Hangul jungseong filler', 'a\u1160', 'invisible', '1160', 2],
    ['the Hangul filler (a name that looks empty)', '\u3164', 'invisible', '3164', 1],
    ['the halfwidth Hangul filler', 'Ana\uffa0', 'invisible', 'FFA0', 4],
    ['the blank Braille pattern', 'Ana\u2800Souza', 'invisible', '2800', 4],
    ['the combining grapheme joiner', 'Ana\u034f', 'invisible', '034F', 4],
    ['a variation selector after a letter', 'Ana\ufe0f', 'invisible', 'FE0F', 4],
    ['a variation selector alone', '\ufe0e', 'invisible', 'FE0E', 1],
    ['variation selector 1', 'a\ufe00', 'invisible', 'FE00', 2],
    ['a Mongolian free variation selector', 'a\u180b', 'invisible', '180B', 2],
    ['a supplementary variation selector', 'a\u{e0100}', 'invisible', 'E0100', 2],
    ['a variation selector after a digit (a keycap without its emoji)', '1\ufe0f23', 'invisible', 'FE0F', 2],
    ['a private-use character', 'a\ue000', 'invisible', 'E000', 2],
    ['a private-use character of plane 15', 'a\u{f0000}', 'invisible', 'F0000', 2],
    ['the noncharacter U+FFFF', 'a\uffff', 'invisible', 'FFFF', 2],
    ['the noncharacter U+FFFE', '\ufffe', 'invisible', 'FFFE', 1],
    ['a noncharacter of U+FDD0–U+FDEF', 'a\ufdd0', 'invisible', 'FDD0', 2],
    ['the last noncharacter, U+10FFFF', 'a\u{10ffff}', 'invisible', '10FFFF', 2],
  ] as const)('%s', (_what, text, code, char, at) => {
    expect(errorsFor(text)).toEqual(problem(code, char, at));
  });

  it('an emoji drawn with its variation selector is accepted (❤️, ☎️)', () => {
    expect(errorsFor('obrigado ❤\ufe0f')).toEqual([]);
    expect(errorsFor('☎\ufe0f (11) 3650-0353')).toEqual([]);
  });

  it('is said in both languages', () => {
    const [sep] = errorsFor('a\u2028');
    const [filler] = errorsFor('\u3164');
    expect(problemLine(catalogueWords('en'), sep!)).toBe(
      'descricao: must be one line, without a line or paragraph separator (found U+2028 at position 2)',
    );
    expect(problemLine(catalogueWords('pt-BR'), sep!)).toBe(
      'descricao: deve ser uma só linha, sem separador de linha ou de parágrafo (U+2028 na posição 2)',
    );
    expect(problemLine(catalogueWords('en'), filler!)).toBe(
      'descricao: must not contain characters that show as nothing or a blank, private-use characters or noncharacters (found U+3164 at position 1)',
    );
    expect(problemLine(catalogueWords('pt-BR'), filler!)).toBe(
      'descricao: não pode ter caracteres que aparecem como nada ou como espaço, de uso privado ou não caracteres (U+3164 na posição 1)',
    );
  });
});

describe('text in NFC', () => {
  const composedOf = (text: string) => {
    const v = validateParams(declaration, { ...sampleParams(declaration), descricao: text });
    return v.ok ? v.value.descricao : v.errors;
  };

  it('a decomposed São (a + U+0303) is taken composed (ã, U+00E3)', () => {
    expect(composedOf('Sa\u0303o Paulo')).toBe('S\u00e3o Paulo');
    expect(composedOf('Jose\u0301 Conceic\u0327a\u0303o')).toBe('Jos\u00e9 Concei\u00e7\u00e3o');
  });

  it('composed text and plain ASCII are kept as they are', () => {
    expect(composedOf('S\u00e3o Paulo')).toBe('S\u00e3o Paulo');
    expect(composedOf('Rua Augusta, 100')).toBe('Rua Augusta, 100');
  });

  it('the length is counted on the composed text: 500 ã written decomposed (1,000 characters) fit 500', () => {
    expect(composedOf('a\u0303'.repeat(500))).toBe('\u00e3'.repeat(500));
  });

  it('a list element is composed too', () => {
    const document = operation('enrol.beneficiary.document');
    const v = validateParams(document, { ...sampleParams(document), tipo_documento: ['RG', 'C\u0327'] });
    expect(v.ok ? v.value.tipo_documento : v.errors).toEqual(['RG', '\u00c7']);
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
