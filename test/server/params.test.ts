import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { startFake, type FakeServer } from './fake.js';
import { rawRequest } from './raw.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake();
});
afterAll(() => srv.close());

const documentOp = operation('enrol.beneficiary.document');
const bookOp = operation('schedule.book');
const listOp = operation('schedule.list');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** Posts `body` and answers the parameters the handler received (or the error status). */
async function send(
  path: string,
  init: RequestInit & { query?: string },
): Promise<{ status: number; params?: Record<string, unknown>; body: unknown }> {
  const before = srv.calls.length;
  const res = await fetch(`${srv.url}${path}${init.query ? `?${init.query}` : ''}`, { method: 'POST', ...init });
  const body: unknown = await res.json();
  const call = srv.calls.slice(before)[0];
  return { status: res.status, params: call ? { ...call.params } : undefined, body };
}

function form(params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const e of v) out.append(`${k}[]`, String(e));
    else out.append(k, String(v));
  }
  return out.toString();
}

describe('parameters', () => {
  it('reads a GET from its query string, with the catalogue parsing values', async () => {
    const params: Record<string, unknown> = { ...sampleParams(listOp), prest_cod_svc_card: '000123' };
    const before = srv.calls.length;
    const res = await fetch(`${srv.url}${listOp.path}?${form(params)}`);
    expect(res.status).toBe(200);
    expect(srv.calls.slice(before)[0]?.params).toMatchObject({
      usuario_cartao: params['usuario_cartao'],
      prest_cod_svc_card: '123',
    });
  });

  it('reads a JSON body, query string and form body alike', async () => {
    const params = sampleParams(bookOp);
    const json = await send(bookOp.path, { headers: JSON_TYPE, body: JSON.stringify(params) });
    const urlenc = await send(bookOp.path, { headers: FORM, body: form(params) });
    const query = await send(bookOp.path, { query: form(params) });
    expect(json.status).toBe(200);
    expect(json.params).toMatchObject({ usuario_cartao: params['usuario_cartao'], nr_celular: 987654321 });
    expect(urlenc.params).toEqual(json.params);
    expect(query.params).toEqual(json.params);
  });

  it('takes JSON numbers and digit strings for integers', async () => {
    const params = { ...sampleParams(bookOp), nr_ddd_celular: 21 };
    const res = await send(bookOp.path, { headers: JSON_TYPE, body: JSON.stringify(params) });
    expect(res.params?.['nr_ddd_celular']).toBe(21);
  });

  it('merges the query string with the body, the body winning for the same name', async () => {
    const { ds_email, ...rest } = sampleParams(bookOp);
    const res = await send(bookOp.path, {
      query: `ds_email=${encodeURIComponent(String(ds_email))}&nr_ddd_celular=11`,
      headers: JSON_TYPE,
      body: JSON.stringify({ ...rest, nr_ddd_celular: '31' }),
    });
    expect(res.status).toBe(200);
    expect(res.params).toMatchObject({ ds_email, nr_ddd_celular: 31 });
  });

  it.each([
    [
      'a JSON array',
      JSON_TYPE,
      (p: Record<string, unknown>) => JSON.stringify({ ...p, tipo_documento: ['RG', 'CPF'] }),
    ],
    ['name[]= pairs', FORM, (p: Record<string, unknown>) => form({ ...p, tipo_documento: ['RG', 'CPF'] })],
    [
      'a repeated name=',
      FORM,
      (p: Record<string, unknown>) => `${form({ ...p, tipo_documento: 'RG' })}&tipo_documento=CPF`,
    ],
  ])('reads a list from %s', async (_how, headers, body) => {
    const res = await send(documentOp.path, { headers, body: body(sampleParams(documentOp)) });
    expect(res.status).toBe(200);
    expect(res.params?.['tipo_documento']).toEqual(['RG', 'CPF']);
  });

  it('reads a single form value of a list parameter as a list of one', async () => {
    const res = await send(documentOp.path, {
      headers: FORM,
      body: form({ ...sampleParams(documentOp), tipo_documento: 'RG' }),
    });
    expect(res.params?.['tipo_documento']).toEqual(['RG']);
  });

  it('refuses a repeated name for a single-valued parameter (422)', async () => {
    const res = await send(bookOp.path, { headers: FORM, body: `${form(sampleParams(bookOp))}&cd_local=7` });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('cd_local');
    expect(res.params).toBeUndefined();
  });

  it('ignores a __proto__ key instead of letting it shape the parameters', async () => {
    const res = await send(bookOp.path, { headers: FORM, body: `${form(sampleParams(bookOp))}&__proto__[]=x` });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('__proto__');
  });

  it.each([
    ['malformed JSON', JSON_TYPE, '{"usuario_cartao": '],
    ['a JSON array body', JSON_TYPE, '[1,2]'],
    ['a JSON string body', JSON_TYPE, '"x"'],
  ])('answers 400 for %s, without calling the handler', async (_what, headers, body) => {
    const res = await send(bookOp.path, { headers, body: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringMatching(/JSON/) }]);
    expect(res.params).toBeUndefined();
  });

  it.each([
    ['an unsupported content type (RFC 9110)', { 'content-type': 'text/plain' }, 'usuario_cartao=1'],
    ['a body with no content type', {}, 'usuario_cartao=1'],
  ])('answers 415 for %s, without calling the handler', async (_what, headers, body) => {
    const res = await send(bookOp.path, { headers, body: body });
    expect(res.status).toBe(415);
    expect(res.body).toEqual([
      { confirma_operacao: 4, mensagem_erro: expect.stringMatching(/^unsupported content type/) },
    ]);
    expect(res.params).toBeUndefined();
  });

  it('accepts a JSON body with a charset and an empty JSON body', async () => {
    const ok = await send(bookOp.path, {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(sampleParams(bookOp)),
    });
    expect(ok.status).toBe(200);
    const empty = await send(bookOp.path, { query: form(sampleParams(bookOp)), headers: JSON_TYPE, body: '' });
    expect(empty.status).toBe(200);
  });

  it('reads a body sent with a GET', async () => {
    const body = JSON.stringify(sampleParams(listOp));
    const before = srv.calls.length;
    const res = await rawRequest(`${srv.url}${listOp.path}`, {
      headers: { ...JSON_TYPE, 'content-length': Buffer.byteLength(body) },
      body,
    });
    expect(res.status).toBe(200);
    expect(srv.calls.slice(before)[0]?.params).toMatchObject({
      usuario_cartao: sampleParams(listOp)['usuario_cartao'],
    });
  });
});

describe('body size', () => {
  const MiB = 1024 * 1024;

  it('accepts a body of exactly 1 MiB', async () => {
    const params = sampleParams(documentOp);
    const json = JSON.stringify(params);
    const padded = `${json.slice(0, -1)}${' '.repeat(MiB - json.length)}}`;
    expect(Buffer.byteLength(padded)).toBe(MiB);
    const res = await send(documentOp.path, { headers: JSON_TYPE, body: padded });
    expect(res.status).toBe(200);
  });

  it('answers 413 to a Content-Length over 1 MiB without reading the body', async () => {
    const before = srv.calls.length;
    const res = await new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
      (resolve, reject) => {
        const req = http.request(`${srv.url}${documentOp.path}`, {
          method: 'POST',
          agent: false,
          headers: { ...JSON_TYPE, 'content-length': String(MiB + 1) },
        });
        req.on('response', (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => {
            resolve({ status: r.statusCode ?? 0, body, headers: r.headers });
            req.destroy();
          });
        });
        req.on('error', reject);
        // Only a few bytes are ever sent: the answer cannot come from reading the body.
        req.write('{"a":');
      },
    );
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringContaining('1 MiB') }]);
    expect(srv.calls.length).toBe(before);
  });

  it('survives a client that leaves halfway through its body', async () => {
    const before = srv.calls.length;
    await new Promise<void>((resolve) => {
      const req = http.request(`${srv.url}${documentOp.path}`, {
        method: 'POST',
        agent: false,
        headers: { ...JSON_TYPE, 'content-length': '100' },
      });
      req.on('error', () => resolve());
      req.write('{"beneficiario_id":', () => setImmediate(() => req.destroy()));
    });
    const res = await send(documentOp.path, { headers: JSON_TYPE, body: JSON.stringify(sampleParams(documentOp)) });
    expect(res.status).toBe(200);
    expect(srv.calls.length).toBe(before + 1);
  });

  it('answers 413 to a chunked body once it passes 1 MiB, and stops reading', async () => {
    const before = srv.calls.length;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const res = await new Promise<{ status: number }>((resolve, reject) => {
      const req = http.request(`${srv.url}${documentOp.path}`, { method: 'POST', agent: false, headers: JSON_TYPE });
      let answered = false;
      req.on('response', (r) => {
        answered = true;
        r.resume();
        resolve({ status: r.statusCode ?? 0 });
        req.destroy();
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      const pump = () => {
        // Keep sending (up to 8 MiB) until the server answers.
        while (!answered && sent < 8 * MiB) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(8 * MiB);
    expect(srv.calls.length).toBe(before);
  });
});
