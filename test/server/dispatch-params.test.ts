/**
 * `dispatch` called with plain request values: parameters from query and body
 * (read only as far as needed: the body's limit, the number of values) and
 * their validation before the handler.
 */
import { describe, expect, it } from 'vitest';
import { CARD, chunked, CONTACT, DOCUMENT, message, records, request, setup, SHOW } from './dispatch-setup.js';

describe('parameters and validation', () => {
  it('answers 422 naming a missing required parameter; the handler is not called', async () => {
    const { dispatch, calls } = setup();
    const res = await dispatch(request('GET', SHOW));
    expect(res.status).toBe(422);
    expect(message(res)).toContain('usuario_cartao: is required (17 digits)');
    expect(calls).toEqual([]);
  });

  it('hands the handler parsed values: a number, and a single query value for a list as a list of one', async () => {
    const { dispatch, calls } = setup();
    const query = 'beneficiario_id=7&tipo_documento=RG&numero=123&tipo_arquivo=pdf';
    const res = await dispatch(request('POST', `${DOCUMENT}?${query}`));
    expect(res.status).toBe(200);
    expect(records(res)).toEqual([{ confirma_operacao: 2, op: 'enrol.beneficiary.document' }]);
    expect(calls).toEqual([
      {
        id: 'enrol.beneficiary.document',
        params: { beneficiario_id: 7, tipo_documento: ['RG'], numero: '123', tipo_arquivo: 'pdf' },
      },
    ]);
  });

  it('reads a JSON body given as bytes; a body value wins over the query', async () => {
    const { dispatch, calls } = setup();
    const body = Buffer.from(JSON.stringify({ usuario_cartao: CARD, usuario_email: 'ana@example.com' }));
    const type = { 'content-type': 'application/json' };
    const res = await dispatch(request('POST', `${CONTACT}?usuario_cartao=11111111111111111`, type, { body }));
    expect(res.status).toBe(200);
    expect(res.close).toBe(false);
    expect(calls).toEqual([
      { id: 'registration.update-contact', params: { usuario_cartao: CARD, usuario_email: 'ana@example.com' } },
    ]);
  });

  it('reads a form body arriving in chunks, to its end', async () => {
    const { dispatch, calls } = setup();
    const body = chunked(['usuario_cartao=0001000100', '0001005&usuario_email=ana%40', 'example.com']);
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await dispatch(request('POST', CONTACT, type, { body: body.body }));
    expect(res.status).toBe(200);
    expect(body.ended()).toBe(true);
    expect(calls[0]?.params).toEqual({ usuario_cartao: CARD, usuario_email: 'ana@example.com' });
  });

  it('answers 400 for a malformed JSON body, keeping the connection', async () => {
    const { dispatch, calls } = setup();
    const res = await dispatch(
      request('POST', CONTACT, { 'content-type': 'application/json' }, { body: Buffer.from('{"usuario_cartao":') }),
    );
    expect(res.status).toBe(400);
    expect(message(res)).toBe('malformed JSON body');
    expect(res.close).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses a body announced over 1 MiB without reading any of it, and closes', async () => {
    const { dispatch } = setup();
    const body = chunked(['usuario_cartao=1']);
    const headers = { 'content-type': 'application/json', 'content-length': '1048577' };
    const res = await dispatch(request('POST', CONTACT, headers, { body: body.body }));
    expect(res.status).toBe(413);
    expect(message(res)).toBe('request body over 1 MiB');
    expect(res.close).toBe(true);
    expect(body.pulled()).toBe(0);
  });

  it('stops reading a body at the chunk that passes 1 MiB, and closes', async () => {
    const { dispatch } = setup();
    // 17 chunks of 64 KiB: the 17th passes 1,048,576 bytes; 3 more are never asked for.
    const body = chunked(Array.from({ length: 20 }, () => new Uint8Array(64 * 1024).fill(0x20)));
    const res = await dispatch(request('POST', CONTACT, { 'content-type': 'application/json' }, { body: body.body }));
    expect(res.status).toBe(413);
    expect(res.close).toBe(true);
    expect(body.pulled()).toBe(17);
    expect(body.ended()).toBe(false);
  });

  it('stops reading at the 101st value, leaving the rest unread, and closes', async () => {
    const { dispatch, calls } = setup();
    // 15 chunks of 10 pairs each: the 101st value starts in the 11th chunk.
    const body = chunked(Array.from({ length: 15 }, () => 'a=1&'.repeat(10)));
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await dispatch(request('POST', CONTACT, type, { body: body.body }));
    expect(res.status).toBe(422);
    expect(message(res)).toMatch(/^too many parameters: a request carries at most 100 values/);
    expect(res.close).toBe(true);
    expect(body.pulled()).toBe(11);
    expect(calls).toEqual([]);
  });

  it('answers 400 when the body stops coming', async () => {
    const { dispatch } = setup();
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('{"usuario_cartao":');
      throw new Error('aborted');
    }
    const res = await dispatch(request('POST', CONTACT, { 'content-type': 'application/json' }, { body: broken() }));
    expect(res.status).toBe(400);
    expect(message(res)).toBe('request body was not received');
  });
});
