/**
 * The plain-text rule on the real server, generated from the catalogue:
 * every parameter of every operation, given a NUL, an ESC, a C1 control, an
 * invisible format character (a zero-width space, a BOM, a soft hyphen, a
 * tag character), a line or paragraph separator, a character that shows as
 * nothing (a Hangul filler, a blank Braille pattern, a combining grapheme
 * joiner, a variation selector), a private-use character, a noncharacter, or
 * bytes that are not UTF-8, by the query string, a JSON
 * body or a form body, is refused with 422 naming that field and what is
 * wrong (the code point), and nothing is stored. Text is stored in NFC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams, type Field, type Operation } from '../../src/catalogue/index.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startFake } from './fake.js';
import { rawRequest } from './raw.js';

let server: TestServer;
let before: string;
beforeAll(async () => {
  server = await startTestServer();
  before = databaseChecksum(server.db);
});
afterAll(() => server.stop());

/** Stands for the offending bytes while a body is built as text. */
const MARK = '\u0001MARK\u0001';

interface Variant {
  readonly what: string;
  readonly via: 'query' | 'json' | 'form';
  /** The offending character or bytes as the channel carries them. */
  readonly query?: string;
  readonly json?: Buffer;
  readonly form?: string;
  readonly expected: (label: string, position: number) => string;
}

const control = (code: string) => (label: string, position: number) =>
  `${label}: must not contain control characters (found U+${code} at position ${position})`;
const notUtf8 = (byte: string) => (label: string, position: number) =>
  `${label}: is not valid UTF-8 (byte 0x${byte} at position ${position})`;
const format = (code: string) => (label: string, position: number) =>
  `${label}: must not contain invisible format characters (found U+${code} at position ${position})`;

const line = (code: string) => (label: string, position: number) =>
  `${label}: must be one line, without a line or paragraph separator (found U+${code} at position ${position})`;
const invisible = (code: string) => (label: string, position: number) =>
  `${label}: must not contain characters that show as nothing or a blank, private-use characters or noncharacters (found U+${code} at position ${position})`;

const variants: readonly Variant[] = [
  { what: 'NUL', via: 'query', query: '%00', expected: control('0000') },
  { what: 'ESC', via: 'json', json: Buffer.from('\\u001b'), expected: control('001B') },
  { what: 'C1 CSI', via: 'form', form: '%C2%9B', expected: control('009B') },
  { what: 'DEL', via: 'json', json: Buffer.from([0x7f]), expected: control('007F') },
  { what: 'invalid UTF-8', via: 'query', query: '%FF', expected: notUtf8('FF') },
  { what: 'invalid UTF-8', via: 'json', json: Buffer.from([0xff]), expected: notUtf8('FF') },
  { what: 'invalid UTF-8', via: 'form', form: '%C3(', expected: notUtf8('C3') },
  { what: 'overlong UTF-8', via: 'form', form: '\xc0\xaf', expected: notUtf8('C0') },
  { what: 'zero-width space', via: 'query', query: '%E2%80%8B', expected: format('200B') },
  { what: 'BOM', via: 'json', json: Buffer.from('\\ufeff'), expected: format('FEFF') },
  { what: 'soft hyphen', via: 'form', form: '%C2%AD', expected: format('00AD') },
  { what: 'tag character', via: 'json', json: Buffer.from('\u{E0041}'), expected: format('E0041') },
  { what: 'line separator', via: 'json', json: Buffer.from('\u2028'), expected: line('2028') },
  { what: 'paragraph separator', via: 'query', query: '%E2%80%A9', expected: line('2029') },
  { what: 'Hangul filler', via: 'form', form: '%E3%85%A4', expected: invisible('3164') },
  { what: 'blank Braille pattern', via: 'json', json: Buffer.from('\u2800'), expected: invisible('2800') },
  { what: 'combining grapheme joiner', via: 'query', query: '%CD%8F', expected: invisible('034F') },
  { what: 'variation selector', via: 'json', json: Buffer.from('\ufe0f'), expected: invisible('FE0F') },
  { what: 'private-use character', via: 'form', form: '%EE%80%80', expected: invisible('E000') },
  { what: 'noncharacter', via: 'json', json: Buffer.from('\uffff'), expected: invisible('FFFF') },
];

/** Urlencoded parameters, lists as `name[]=`; `bad` replaces MARK in the value that holds it. */
function urlencoded(params: Record<string, unknown>, bad: string): string {
  const pairs: string[] = [];
  const encode = (v: unknown) => String(v).split(MARK).map(encodeURIComponent).join(bad);
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const e of v) pairs.push(`${k}[]=${encode(e)}`);
    else pairs.push(`${k}=${encode(v)}`);
  }
  return pairs.join('&');
}

function send(op: Operation, params: Record<string, unknown>, v: Variant) {
  const path = `${server.url}${op.path}`;
  const method = op.methods[0];
  if (v.via === 'query') return rawRequest(`${path}?${urlencoded(params, v.query!)}`, { method });
  const body =
    v.via === 'json'
      ? Buffer.concat(
          JSON.stringify(params)
            .split(JSON.stringify(MARK).slice(1, -1))
            .flatMap((part, i) => (i ? [v.json!, Buffer.from(part)] : [Buffer.from(part)])),
        )
      : Buffer.from(urlencoded(params, v.form!), 'latin1');
  const type = v.via === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return rawRequest(path, { method, headers: { 'content-type': type, 'content-length': body.length }, body });
}

const table = catalogue.flatMap((op) => Object.entries(op.params).map(([name, f]) => [op.id, name, op, f] as const));

it.each(table)(
  '%s %s: NUL, ESC, C1, DEL, format characters and bytes that are not UTF-8, by query, JSON and form → 422 naming the field',
  async (_id, name, op: Operation, f: Field) => {
    // The offending character goes in the rule's own example, at its third character (or its end).
    const at = Math.min(2, f.example.length);
    const value = `${f.example.slice(0, at)}${MARK}${f.example.slice(at)}`;
    const params = { ...sampleParams(op), [name]: f.kind === 'array' ? [value] : value };
    const label = f.kind === 'array' ? `${name}[0]` : name;
    for (const v of variants) {
      const res = await send(op, params, v);
      expect({ what: `${v.what} by ${v.via}`, status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({
        what: `${v.what} by ${v.via}`,
        status: 422,
        body: [{ confirma_operacao: 4, mensagem_erro: v.expected(label, at + 1) }],
      });
    }
  },
);

it('stored nothing for any of them', () => {
  expect(table.length).toBe(138);
  expect(databaseChecksum(server.db)).toBe(before);
});

it('keeps text past ASCII as sent, by query, JSON, percent-encoded form and raw UTF-8 form', async () => {
  const own = await startTestServer();
  try {
    const op = operation('registration.save-address');
    const streets = ['Rua São João 🏥 1', 'Praça da Sé\u00a02', 'Largo do Arouche \ufffd 3', 'Alameda Santos ção 4'];
    const send = (params: Record<string, unknown>, how: number) => {
      const query = urlencoded(params, '');
      if (how === 0) return rawRequest(`${own.url}${op.path}?${query}`, { method: 'POST' });
      const body =
        how === 1
          ? Buffer.from(JSON.stringify(params))
          : how === 2
            ? Buffer.from(query)
            : Buffer.from(
                Object.entries(params)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .join('&'),
              );
      const type = how === 1 ? 'application/json' : 'application/x-www-form-urlencoded';
      return rawRequest(`${own.url}${op.path}`, {
        method: 'POST',
        headers: { 'content-type': type, 'content-length': body.length },
        body,
      });
    };
    for (const [how, street] of streets.entries()) {
      const res = await send({ ...sampleParams(op), endereco_ind: '0', endereco_logradouro: street }, how);
      expect(res.status, res.body).toBe(200);
    }
    const read = await rawRequest(
      `${own.url}/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=${String(sampleParams(op)['usuario_cartao'])}`,
    );
    const [record] = JSON.parse(read.body) as Array<{ endereco: Array<{ logradouro: string }> }>;
    expect(record!.endereco.map((a) => a.logradouro).slice(-4)).toEqual(streets);
    // Decomposed (a + U+0303), by JSON and by a raw UTF-8 form: stored composed (U+00E3).
    for (const how of [1, 3]) {
      const street = `Rua Sa\u0303o Joa\u0303o ${how}`;
      const res = await send({ ...sampleParams(op), endereco_ind: '0', endereco_logradouro: street }, how);
      expect(res.status, res.body).toBe(200);
    }
    const again = await rawRequest(
      `${own.url}/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=${String(sampleParams(op)['usuario_cartao'])}`,
    );
    const [reread] = JSON.parse(again.body) as Array<{ endereco: Array<{ logradouro: string }> }>;
    expect(reread!.endereco.map((a) => a.logradouro).slice(-2)).toEqual([
      'Rua S\u00e3o Jo\u00e3o 1',
      'Rua S\u00e3o Jo\u00e3o 3',
    ]);
  } finally {
    await own.stop();
  }
});

describe('valid urlencoded text reads as URLSearchParams reads it', () => {
  const op = operation('enrol.beneficiary.declaration');
  const values = [
    'a+b',
    'a%20b',
    'caf%C3%A9',
    '%F0%9F%8F%A5',
    '100%',
    '%zz',
    '%4',
    '%%41',
    'x=y=z',
    '%2B%26%3D',
    'S%C3%A3o+Paulo',
    '',
  ];

  it.each(values)('descricao=%s, by query and by form body', async (encoded) => {
    const fake = await startFake();
    try {
      const text = `${urlencoded(sampleParams(op, false), '')}&descricao=${encoded}`;
      const expected = new URLSearchParams(text).get('descricao');
      const query = await rawRequest(`${fake.url}${op.path}?${text}`, { method: 'POST' });
      const form = await rawRequest(`${fake.url}${op.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': text.length },
        body: text,
      });
      expect([query.status, form.status]).toEqual([200, 200]);
      expect(fake.calls.map((c) => c.params['descricao'])).toEqual([expected, expected]);
    } finally {
      await fake.close();
    }
  });
});
