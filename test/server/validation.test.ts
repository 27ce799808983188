import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, describeErrors, sampleParams, validateParams, type Operation } from '../../src/catalogue/index.js';
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
    const params = { ...sampleParams(op), [name]: value };
    const before = srv.calls.length;
    const res = await call(op, params);
    expect(res.status).toBe(422);
    const check = validateParams(op, params);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: describeErrors(check.errors) }]);
    expect(JSON.stringify(res.body)).toContain(name);
    expect(srv.calls.length).toBe(before);
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
