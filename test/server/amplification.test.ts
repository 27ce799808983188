/**
 * Bounded refusals on the real server: a request of a megabyte of made-up
 * names (or list elements, or nesting) is refused after reading at most
 * MAX_VALUES values, every 422 stays under 4 KiB whatever was sent, made-up
 * names are repeated only briefly and values never; and a flood of such
 * requests leaves a legitimate client's reads fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { percentile, scheduledReads, startFlood } from './flood.js';
import { rawRequest, type RawResponse } from './raw.js';

const MiB = 1024 * 1024;
const KiB4 = 4096;
const CARD = '00010001000001005';
const CPF = '529.982.247-25';
const TOO_MANY =
  'too many parameters: a request carries at most 100 values (name=value pairs, JSON members and list elements, query and body together)';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const documentOp = operation('enrol.beneficiary.document');
const payerOp = operation('enrol.payer');
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function post(path: string, type: string, body: string | Buffer, query = ''): Promise<RawResponse> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return rawRequest(`${server.url}${path}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': type, 'content-length': bytes.length },
    body: bytes,
  });
}

/** The message of a one-record error answer. */
function messageOf(res: RawResponse): string {
  const records = JSON.parse(res.body) as Array<{ confirma_operacao: number; mensagem_erro: string }>;
  expect(records).toHaveLength(1);
  expect(records[0]!.confirma_operacao).toBe(4);
  return records[0]!.mensagem_erro;
}

/** Short made-up names (`0`, `1`, … in base 36) filling `bytes` as `a&b&c` or as a JSON object of ones. */
function madeUpNames(bytes: number, json: boolean): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; ; i++) {
    const name = i.toString(36);
    const cost = name.length + (json ? 5 : 1);
    if (size + cost > bytes) break;
    parts.push(json ? `"${name}":1` : name);
    size += cost;
  }
  return json ? `{${parts.join(',')}}` : parts.join('&');
}

describe('too many values', () => {
  const nested = (depth: number) => `{"tipo_documento":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const cases: Array<[string, () => Promise<RawResponse>]> = [
    ['a 1 MiB form body of made-up names', () => post(documentOp.path, FORM, madeUpNames(MiB, false))],
    ['a 1 MiB JSON body of made-up names', () => post(documentOp.path, JSON_TYPE, madeUpNames(MiB, true))],
    [
      'a query string of 2,000 made-up names',
      () => rawRequest(`${server.url}${documentOp.path}?${madeUpNames(8_000, false)}`, { method: 'POST' }),
    ],
    [
      'a JSON list of 200,000 codes',
      () =>
        post(
          documentOp.path,
          JSON_TYPE,
          JSON.stringify({ ...sampleParams(documentOp), tipo_documento: Array.from({ length: 200_000 }, () => 'RG') }),
        ),
    ],
    ['a form list of 50,000 codes', () => post(documentOp.path, FORM, 'tipo_documento[]=RG&'.repeat(50_000))],
    ['JSON nested 400,000 deep', () => post(documentOp.path, JSON_TYPE, nested(400_000))],
    [
      '60 values in the query and 60 in the body',
      () => post(documentOp.path, FORM, madeUpNames(200, false), madeUpNames(200, false)),
    ],
  ];

  it.each(cases)('%s: 422 "too many parameters", nothing else said', async (_what, send) => {
    const res = await send();
    expect(res.status).toBe(422);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(KiB4);
    expect(messageOf(res)).toBe(TOO_MANY);
  });

  it('counts exactly: 100 values are read and described, the 101st refuses the request', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `extra_${i}=1`).join('&');
    const hundred = await post(documentOp.path, FORM, names(100));
    expect(hundred.status).toBe(422);
    expect(messageOf(hundred)).toMatch(
      /^beneficiario_id: is required .*; extra_0: is not a parameter of beneficiario\/documento; .*; and 84 more$/,
    );
    const over = await post(documentOp.path, FORM, names(101));
    expect(messageOf(over)).toBe(TOO_MANY);
  });

  it('counts values, not the commas and brackets inside JSON strings', async () => {
    const op = operation('enrol.beneficiary.declaration');
    const descricao = '",[{'.repeat(120);
    const res = await post(op.path, JSON_TYPE, JSON.stringify({ ...sampleParams(op), descricao }));
    expect(res.status).toBe(200);
  });
});

describe('the worst 422 within the limit', () => {
  it('100 long made-up names carrying a card number, with card values: 16 required named, 4 names cut to 40 characters, "and 96 more", under 4 KiB', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `"\\<${i}>${CARD}${'"\\'.repeat(2_000)}`);
    const res = await post(payerOp.path, JSON_TYPE, JSON.stringify(Object.fromEntries(names.map((n) => [n, CARD]))));
    expect(res.status).toBe(422);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(KiB4);
    const message = messageOf(res);
    const parts = message.split('; ');
    expect(parts).toHaveLength(21);
    expect(parts.filter((p) => / is required \(/.test(p))).toHaveLength(16);
    // The name's first 40 characters, its card number masked: `"\<0>`, the card, then nine times `"\`.
    expect(parts[16]).toBe(
      `"\\<0>*************1005${'"\\'.repeat(9)}…: is not a parameter of contrato/responsavel_financeiro`,
    );
    expect(parts[20]).toBe('and 96 more');
    expect(res.body).not.toContain(CARD);
  });

  it('every field of the largest operation broken far into a long value, and 80 made-up names: 20 described, "and 80 more", under 4 KiB, no value repeated', async () => {
    const long = `${CPF} ${'x'.repeat(8_000)}\u0000`;
    const params: Record<string, unknown> = {};
    for (const name of Object.keys(payerOp.params)) params[name] = long;
    for (let i = 0; i < 80; i++) params[`${CPF}_${i}_${'y'.repeat(60)}`] = long;
    const res = await post(payerOp.path, JSON_TYPE, JSON.stringify(params));
    expect(res.status).toBe(422);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(KiB4);
    const parts = messageOf(res).split('; ');
    expect(parts).toHaveLength(21);
    expect(parts[0]).toBe('contrato_id: must not contain control characters (found U+0000 at position 8016)');
    expect(parts[20]).toBe('and 80 more');
    expect(res.body).not.toContain(CPF);
    expect(res.body).not.toContain('xxxxxxxxxx');
  });

  it('repeats a content type it does not take only briefly', async () => {
    const res = await post(documentOp.path, `text/${'z'.repeat(5_000)}`, 'a=1');
    expect(res.status).toBe(415);
    expect(messageOf(res)).toBe(
      `unsupported content type "text/${'z'.repeat(35)}…": send application/json or application/x-www-form-urlencoded`,
    );
  });

  it('caps a list at 16 elements', async () => {
    const list = (n: number) => ({
      ...sampleParams(documentOp),
      tipo_documento: Array.from({ length: n }, () => 'RG'),
    });
    const seventeen = await post(documentOp.path, JSON_TYPE, JSON.stringify(list(17)));
    expect(seventeen.status).toBe(422);
    expect(messageOf(seventeen)).toBe('tipo_documento: must be a list of at most 16 codes');
    const sixteen = await post(documentOp.path, JSON_TYPE, JSON.stringify(list(16)));
    expect(sixteen.status).toBe(200);
  });
});

describe('a flood of 1 MiB requests of made-up names', () => {
  it('leaves a legitimate client reading alongside within 100× its quiet median (×13,000 before the bound); every flood answer a 422 under 4 KiB; nothing stored', async () => {
    const stored = databaseChecksum(server.db);
    const readUrl = `${server.url}${operation('registration.show').path}?usuario_cartao=${CARD}`;
    const expected = (await rawRequest(readUrl)).body;
    expect(expected).toContain('"confirma_operacao":2');

    await scheduledReads(readUrl, 200, 1, expected);
    const quiet = await scheduledReads(readUrl, 500, 2, expected);

    const bodies: Array<[string, string]> = [
      [madeUpNames(MiB, false), FORM],
      [madeUpNames(MiB, true), JSON_TYPE],
    ];
    const flood = startFlood(`${server.url}${documentOp.path}`, bodies, 4, 8_000);
    await flood.sending;
    const loud = await scheduledReads(readUrl, 500, 2, expected);
    const stats = await flood.stop();

    const [q50, q99, l50, l99] = [
      percentile(quiet, 0.5),
      percentile(quiet, 0.99),
      percentile(loud, 0.5),
      percentile(loud, 0.99),
    ];
    console.log(
      `legitimate reads: quiet p50 ${q50.toFixed(2)} ms, p99 ${q99.toFixed(2)} ms (${quiet.length}); ` +
        `under flood p50 ${l50.toFixed(2)} ms, p99 ${l99.toFixed(2)} ms (${loud.length}); p50 ×${(l50 / q50).toFixed(1)}, p99 ×${(l99 / q99).toFixed(1)}; ` +
        `flood answers ${stats.answers} (${stats.dropped} dropped before an answer), largest ${stats.maxBytes} bytes`,
    );
    // A ratio in one run, not a time: before the bound it was about ×13,000; the
    // margin absorbs a loaded machine (2 cores shared with the rest of the suite).
    expect(l50 / q50).toBeLessThanOrEqual(100);
    expect(stats.answers).toBeGreaterThanOrEqual(8);
    expect(stats.statuses).toEqual([422]);
    expect(stats.maxBytes).toBeLessThanOrEqual(KiB4);
    expect(stats.messages.map((m) => (JSON.parse(m) as Array<{ mensagem_erro: string }>)[0]!.mensagem_erro)).toEqual([
      TOO_MANY,
    ]);
    expect(databaseChecksum(server.db)).toBe(stored);
  });
});
