/**
 * exact-json.ts: integers past a double's exact range read as bigints and
 * written back as the same number literals; every other value as JSON.parse
 * and JSON.stringify treat it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLongNumber, parseExact, stringifyExact } from '../../src/catalogue/exact-json.js';

/** Whether every integer in a JSON value is a safe integer (other numbers may be anything). */
function onlySafeIntegers(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isInteger(value) || Number.isSafeInteger(value);
  if (value === null || typeof value !== 'object') return true;
  return Object.values(value).every(onlySafeIntegers);
}

describe('parseExact', () => {
  it('reads an 18-digit integer exactly, as a bigint, and keeps small ones numbers', () => {
    const value = parseExact('[{"cd_local":123456789012345678,"cd_coop_prest":1,"nm_local":"12345678901234567890"}]');
    expect(value).toEqual([{ cd_local: 123456789012345678n, cd_coop_prest: 1, nm_local: '12345678901234567890' }]);
  });

  it('reads a 30-digit integer and a negative one exactly', () => {
    expect(parseExact('{"a":123456789012345678901234567890,"b":-9007199254740993}')).toEqual({
      a: 123456789012345678901234567890n,
      b: -9007199254740993n,
    });
  });

  it('reads 2^53 as a bigint: a double could not tell it from 2^53 + 1', () => {
    expect(parseExact('[9007199254740992,9007199254740993]')).toEqual([9007199254740992n, 9007199254740993n]);
  });

  it('keeps a 16-digit integer that a double holds as a number, and a long fraction as JSON.parse reads it', () => {
    const text = '[9007199254740991,1234567890.12345678,1.5e300]';
    expect(parseExact(text)).toEqual([9007199254740991, Number('1234567890.12345678'), 1.5e300]);
    expect(parseExact(text)).toEqual(JSON.parse(text));
  });

  it('reads __proto__ as a plain key and lets the last of duplicate keys win, as JSON.parse does', () => {
    const text = '{"__proto__":{"x":1},"k":1,"k":2,"n":12345678901234567890}';
    const value = parseExact(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'k', 'n']);
    expect(value['k']).toBe(2);
  });

  it.each(['{"a":12345678901234567890', '[12345678901234567890,]', '[012345678901234567890]', '', 'nul'])(
    'refuses %j with a SyntaxError',
    (text) => {
      expect(() => parseExact(text)).toThrow(SyntaxError);
    },
  );

  it('equals JSON.parse on any JSON text whose integers are safe (a double holds them and no neighbour)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        fc.pre(onlySafeIntegers(value));
        const text = JSON.stringify(value);
        expect(parseExact(text)).toEqual(JSON.parse(text));
      }),
    );
  });
});

describe('hasLongNumber', () => {
  it('sees 16 digits in a row outside strings only', () => {
    expect(hasLongNumber('[1234567890123456]')).toBe(true);
    expect(hasLongNumber('{"a":"1234567890123456"}')).toBe(false);
    expect(hasLongNumber('{"a\\"1234567890123456":1}')).toBe(false);
    expect(hasLongNumber('[123456789012345,123456789012345]')).toBe(false);
  });
});

describe('stringifyExact', () => {
  it('writes a bigint as its number literal, on one line or indented', () => {
    const value = [{ cd_local: 123456789012345678n, nm_local: 'Unidade' }];
    expect(stringifyExact(value)).toBe('[{"cd_local":123456789012345678,"nm_local":"Unidade"}]');
    expect(stringifyExact(value, 2)).toBe(
      '[\n  {\n    "cd_local": 123456789012345678,\n    "nm_local": "Unidade"\n  }\n]',
    );
  });

  it('round-trips any integer: the literal is its decimal digits, read back to the same value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.string(), (n, s) => {
        const fits = n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER);
        const value = { n: fits ? Number(n) : n, s };
        const text = stringifyExact(value);
        expect(text).toBe(`{"n":${n.toString()},"s":${JSON.stringify(s)}}`);
        expect(parseExact(text)).toEqual(value);
      }),
    );
  });
});
