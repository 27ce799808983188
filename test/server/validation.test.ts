import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startFake, type FakeServer } from './fake.js';
import { sendJson } from './raw.js';
import { invalidCases } from './cases.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake();
});
afterAll(() => srv.close());

const call = (op: Operation, params: Record<string, unknown>) => sendJson(srv.url, op, params);

describe('rejections', () => {
  it.each(invalidCases)('%s with %s = %j → 422 naming the field, handler not called', async (_id, name, value, op) => {
    const before = srv.calls.length;
    const res = await call(op, { ...sampleParams(op), [name]: value });
    expect(res.status).toBe(422);
    // One envelope record whose message names this field (or an element of it) alone, and what it must be.
    const named = new RegExp(`^${name}(\\[\\d+\\])?: must be [^;]+$`);
    expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringMatching(named) }]);
    expect(srv.calls.length).toBe(before);
  });

  it.each([
    ['registration.show', 'usuario_cartao', '123', 'usuario_cartao: must be 17 digits'],
    ['registration.cep', 'cep', '01310-100', 'cep: must be 8 to 11 digits, no hyphen'],
    ['schedule.times', 'data_consulta', '2026-02-30', 'data_consulta: must be a real calendar date, a date yyyy-mm-dd'],
    ['enrol.payer', 'cpf', '529.982.247-26', 'cpf: must be a CPF with valid check digits'],
    [
      'enrol.beneficiary.document',
      'tipo_documento',
      ['RG', 'ABCD'],
      'tipo_documento[1]: must be a code of 1 to 3 characters',
    ],
  ])('%s with %s = %j → 422 "%s"', async (id, name, value, message) => {
    const op = operation(id);
    const res = await call(op, { ...sampleParams(op), [name]: value });
    expect([res.status, res.body]).toEqual([422, [{ confirma_operacao: 4, mensagem_erro: message }]]);
  });

  it.each(catalogue.map((op) => [op.id, op] as const))('%s refuses a parameter it does not have', async (_id, op) => {
    const res = await call(op, { ...sampleParams(op), nao_existe: '1' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('nao_existe');
  });

  const withRequired = catalogue.filter((op) => Object.values(op.params).some((f) => f.required));
  it.each(withRequired.map((op) => [op.id, op] as const))(
    '%s: no parameters → 422 naming every required field and its rule',
    async (_id, op) => {
      const before = srv.calls.length;
      const res = await call(op, {});
      expect(res.status).toBe(422);
      const [record] = res.body as Array<{ mensagem_erro: string }>;
      for (const [name, f] of Object.entries(op.params)) {
        if (f.required) expect(record?.mensagem_erro).toContain(`${name}: is required (${f.rule})`);
        else expect(record?.mensagem_erro).not.toMatch(new RegExp(`(^|; )${name}:`));
      }
      expect(srv.calls.length).toBe(before);
    },
  );
});
