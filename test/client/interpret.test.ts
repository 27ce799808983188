/** Reading a response: answers, refusals, and the one-line transport errors. */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/client/interpret.js';
import { TransportError, type HttpRequest, type HttpResponse } from '../../src/client/index.js';
import { operation, sampleRecord } from '../../src/catalogue/index.js';

const op = operation('record.allergies');
const get: HttpRequest = {
  method: 'GET',
  url: new URL('http://h/api/x?usuario_cartao=00010001000001005'),
  headers: {},
};
const res = (status: number, body: string, contentType = 'application/json'): HttpResponse => ({
  status,
  body,
  contentType,
  headers: {},
});

function transportError(r: HttpResponse, req = get): string {
  try {
    interpret(op, req, r);
  } catch (err) {
    expect(err).toBeInstanceOf(TransportError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a TransportError');
}

describe('interpret', () => {
  it('a 2xx of the documented shape is an answer with its outcome', () => {
    const r = interpret(op, get, res(200, JSON.stringify([sampleRecord(op)])));
    expect(r).toEqual({ kind: 'answer', status: 200, records: [sampleRecord(op)], outcome: 'found', message: '' });
  });

  it('a 4xx/5xx in JSON is a refusal carrying mensagem_erro', () => {
    expect(
      interpret(op, get, res(422, '[{"confirma_operacao":4,"mensagem_erro":"cep: must be 8 to 11 digits"}]')),
    ).toEqual({
      kind: 'refused',
      status: 422,
      message: 'cep: must be 8 to 11 digits',
    });
  });

  it('a 4xx/5xx without a body is a refusal named by its status', () => {
    expect(interpret(op, get, res(401, '', 'no content type'))).toEqual({
      kind: 'refused',
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('a 4xx/5xx page that is not JSON is a refusal named by its status', () => {
    expect(interpret(op, get, res(502, '<html>', 'text/html'))).toEqual({
      kind: 'refused',
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('a 2xx page that is not JSON is a transport error', () => {
    expect(transportError(res(200, '<html>', 'text/html'))).toBe(
      'GET http://h/api/x answered HTTP 200 (text/html): the body is not JSON',
    );
  });

  it('HEAD answers carry no body to read', () => {
    expect(interpret(op, { ...get, method: 'HEAD' }, res(200, ''))).toMatchObject({
      kind: 'answer',
      records: [],
      outcome: 'ok',
    });
  });

  it('names the first field that is wrong', () => {
    expect(transportError(res(200, JSON.stringify([{ ...sampleRecord(op), status: 7 }])))).toMatch(
      /^GET http:\/\/h\/api\/x answered HTTP 200 \(application\/json\): not the documented shape: record 0 field status: must be up to 255 characters; received a number \(7\)$/,
    );
  });
});
