/** Building the request of an operation: host, method, where the parameters go. */
import { describe, expect, it } from 'vitest';
import { buildRequest, formEncode, type Target } from '../../src/client/index.js';
import { catalogue, operation, sampleParams, validateParams, type Params } from '../../src/catalogue/index.js';

const target: Target = {
  baseUrl: 'https://base.example/prefix/',
  testBaseUrl: 'https://test.example',
  body: 'json',
  userAgent: 'coopctl/test',
};
const valid = (id: string): Params => {
  const op = operation(id);
  const v = validateParams(op, sampleParams(op));
  if (!v.ok) throw new Error('sample parameters must be valid');
  return v.value;
};

describe('buildRequest', () => {
  it.each(catalogue.map((op) => [op.id, op] as const))(
    '%s goes to its host and path with its first method',
    (_id, op) => {
      const req = buildRequest(op, valid(op.id), target);
      expect(req.method).toBe(op.methods[0]);
      expect(`${req.url.origin}${req.url.pathname}`).toBe(
        op.host === 'test' ? `https://test.example${op.path}` : `https://base.example/prefix${op.path}`,
      );
      // A write sends its parameters in the body, a read in the query string.
      const write = op.methods.includes('POST');
      expect([req.url.search === '', req.body === undefined]).toEqual(write ? [true, false] : [false, true]);
    },
  );

  it('puts read parameters in the query string', () => {
    const req = buildRequest(
      operation('schedule.list'),
      { usuario_cartao: '00010001000001005', ind_apenas_concluidas: 'N' },
      target,
    );
    expect(req.url.search).toBe('?usuario_cartao=00010001000001005&ind_apenas_concluidas=N');
  });

  it('sends write parameters as JSON, ints as JSON numbers (long codes as exact number literals)', () => {
    const req = buildRequest(operation('schedule.cancel'), valid('schedule.cancel'), target);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toBe('{"cd_evento":880044}');
    const big = buildRequest(operation('schedule.cancel'), { cd_evento: '123456789012345678' }, target);
    expect(big.body).toBe('{"cd_evento":123456789012345678}');
  });

  it('sends a form body with body: form, lists as name[]', () => {
    const req = buildRequest(
      operation('enrol.beneficiary.address'),
      { beneficiario_id: 1, finalidade: ['RES', 'COB'] },
      { ...target, body: 'form' },
    );
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toBe('beneficiario_id=1&finalidade%5B%5D=RES&finalidade%5B%5D=COB');
  });

  it("sends Authorization only with a token for the operation's host", () => {
    const op = operation('record.allergies');
    const show = operation('registration.show');
    expect(buildRequest(op, {}, target).headers['authorization']).toBeUndefined();
    expect(buildRequest(op, {}, { ...target, tokens: { base: 't0k' } }).headers['authorization']).toBe('Bearer t0k');
    expect(buildRequest(show, {}, { ...target, tokens: { base: 't0k' } }).headers['authorization']).toBeUndefined();
    expect(buildRequest(show, {}, { ...target, tokens: { test: 't3st' } }).headers['authorization']).toBe(
      'Bearer t3st',
    );
  });
});

describe('formEncode', () => {
  it('leaves out absent values and repeats lists', () => {
    expect(formEncode({ a: 1, b: undefined, c: null, d: ['x', 'y z'] }).toString()).toBe('a=1&d%5B%5D=x&d%5B%5D=y+z');
  });

  it('names list elements by the list style: brackets (the default) or the bare name repeated', () => {
    const params = { a: 1, d: ['x', 'y z'] };
    expect(formEncode(params, 'brackets').toString()).toBe('a=1&d%5B%5D=x&d%5B%5D=y+z');
    expect(formEncode(params, 'repeat').toString()).toBe('a=1&d=x&d=y+z');
  });
});
