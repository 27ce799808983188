/**
 * The fuzz tests' generated parameter objects (fast-check), built from the
 * catalogue: each field absent, valid, one of its `invalid` samples or an
 * arbitrary JSON value, plus unknown keys, sent as a query string, a JSON body
 * or a form body; every case carries at least one field that must be refused
 * (`forced`). And how a case's entries are written as a form or as JSON.
 */
import fc from 'fast-check';
import type { Field, Operation } from '../../src/catalogue/index.js';

export type Encoding = 'query' | 'json' | 'form';
const ABSENT = Symbol('absent');

/** How the case is made to be refused: a bad value, a missing required field, or unknown keys. */
export type Forced =
  | { kind: 'invalid'; name: string; value: unknown }
  | { kind: 'missing'; name: string }
  | { kind: 'unknown' };

export interface Case {
  readonly encoding: Encoding;
  /** Entries in sending order (a plain object could not hold `__proto__`). */
  readonly entries: ReadonlyArray<readonly [string, unknown]>;
  /** The unknown keys as the server reads them (a form's `x[]=v` is the list `x`). */
  readonly unknownKeys: readonly string[];
  readonly forced: Forced;
}

/** Values that stay invalid whatever the encoding (a JSON number 12 for a text field becomes the valid text "12" in a form). */
function invalidFor(f: Field, encoding: Encoding): unknown[] {
  if (encoding === 'json') return [...f.invalid];
  return f.invalid.filter(
    (v) => typeof v === 'string' || Array.isArray(v) || (typeof v === 'number' && f.kind === 'int'),
  );
}

function validArb(f: Field): fc.Arbitrary<unknown> {
  if (f.kind === 'array') return fc.constant([f.example]);
  if (f.kind === 'int') return fc.constantFrom(f.example, Number(f.example));
  if (f.choices) return fc.constantFrom(...f.choices);
  return fc.constant(f.example);
}

/** Arbitrary values, with near misses of the spec's layouts (digit runs, dates, phones, CPFs). */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 400 }),
  fc.stringMatching(/^-?\d{0,22}$/),
  fc.integer({ min: -1_000_000, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/),
  fc.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
  fc.stringMatching(/^\(\d{1,3}\)\d{7,10}$/),
  fc.stringMatching(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.constantFrom(true, false, null, '', ' ', '0', '00', 'S', 'N', 'R', 'null', 'undefined', '[]', '{}'),
);

const oddKeys = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'nao_existe',
  'a b',
  'ç',
  '%zz',
  '.',
  'x[y]',
  'x[]',
  '0',
];

export function caseArb(op: Operation, encodings: readonly Encoding[]): fc.Arbitrary<Case> {
  const names = Object.keys(op.params);
  const isParam = (k: string) => Object.hasOwn(op.params, k) || Object.hasOwn(op.params, k.replace(/\[\]$/, ''));
  const key = fc.oneof(
    fc.constantFrom(...oddKeys),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,24}$/),
    fc.constantFrom(...names.map((n) => n.toUpperCase()), ...names.map((n) => `${n} `)),
  );
  const fields = fc.record(
    Object.fromEntries(
      Object.entries(op.params).map(([name, f]) => [
        name,
        fc.oneof(fc.constant<unknown>(ABSENT), validArb(f), fc.constantFrom(...f.invalid), anyValue),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  // An empty list would send no pair at all in a form: unknown keys always carry something.
  const unknown = fc.uniqueArray(
    fc.tuple(
      key.filter((k) => !isParam(k)),
      anyValue.filter((v) => !(Array.isArray(v) && v.length === 0)),
    ),
    { maxLength: 3, selector: ([k]) => k.replace(/\[\]$/, '') },
  );
  const required = names.filter((n) => op.params[n]!.required);
  return fc.constantFrom(...encodings).chain((encoding) => {
    const forcedChoices: Array<fc.Arbitrary<Forced>> = [fc.constant<Forced>({ kind: 'unknown' })];
    const invalidNames = names.filter((n) => invalidFor(op.params[n]!, encoding).length > 0);
    if (invalidNames.length) {
      forcedChoices.push(
        fc
          .constantFrom(...invalidNames)
          .chain((name) =>
            fc
              .constantFrom(...invalidFor(op.params[name]!, encoding))
              .map((value): Forced => ({ kind: 'invalid', name, value })),
          ),
      );
    }
    if (required.length)
      forcedChoices.push(fc.constantFrom(...required).map((name): Forced => ({ kind: 'missing', name })));
    return fc
      .tuple(
        fields,
        unknown,
        fc.oneof(...forcedChoices),
        fc.shuffledSubarray(names.concat(['']), { minLength: names.length + 1 }),
      )
      .map(([values, extra, forced, order]) => {
        const chosen: Array<[string, unknown]> = [];
        for (const name of order) {
          if (name === '') {
            chosen.push(...extra);
            continue;
          }
          let value = values[name];
          if (forced.kind !== 'unknown' && forced.name === name)
            value = forced.kind === 'invalid' ? forced.value : ABSENT;
          if (value !== ABSENT) chosen.push([name, value]);
        }
        // A form sends a list as `k[]=…` and a single value as `k=…`; the server drops one trailing `[]`.
        let unknownKeys = extra.map(([k, v]) => (encoding === 'json' || Array.isArray(v) ? k : k.replace(/\[\]$/, '')));
        if (forced.kind === 'unknown' && unknownKeys.length === 0) {
          chosen.push(['nao_existe', 'x']);
          unknownKeys = ['nao_existe'];
        }
        return { encoding, entries: chosen, unknownKeys, forced };
      });
  });
}

/** The value as a form field: strings as they are, lists as repeated `name[]`, anything else as JSON text. */
export function formPairs(entries: Case['entries']): URLSearchParams {
  const out = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));
  for (const [k, v] of entries) {
    if (Array.isArray(v)) for (const el of v) out.append(`${k}[]`, text(el));
    else out.append(k, text(v));
  }
  return out;
}

export function jsonText(entries: Case['entries']): string {
  const obj = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) obj[k] = v;
  return JSON.stringify(obj);
}
