import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkResponse, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { shapeText } from '../helpers/words.js';
import { sendJson } from './raw.js';
import { invalidCases } from './cases.js';
import { DEMO_CARD } from './store-calls.js';
import { DEMO_NOW, expectedOutcome, steps, type WalkState } from '../helpers/demo-walk/index.js';

async function call(
  srv: { url: string },
  op: Operation,
  params: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const res =
    op.methods[0] === 'POST'
      ? await fetch(`${srv.url}${op.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
      : await fetch(`${srv.url}${op.path}?${new URLSearchParams(params as Record<string, string>).toString()}`);
  return { status: res.status, body: await res.json() };
}

describe(`the ${catalogue.length} operations with the real store and the demo data`, () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ now: () => DEMO_NOW });
  });
  afterAll(() => srv.stop());

  it('the walk calls every operation of the catalogue', () => {
    expect(new Set(steps.map((s) => s.op))).toEqual(new Set(catalogue.map((op) => op.id)));
  });

  const state: WalkState = {};
  it.each(steps.map((step) => [step.op, step.title, step] as const))('%s: %s', async (_id, _title, step) => {
    const op = operation(step.op);
    const res = await call(srv, op, step.params(state));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const check = checkResponse(op, res.body);
    if (!check.ok) throw new Error(`not the documented shape: ${shapeText(check.fault)}`);
    expect(check.outcome, check.message).toBe(expectedOutcome(op));
    step.check(check.records, state);
  });
});

describe('bad input with the real store', () => {
  let srv: TestServer;
  /** What the reads answer: it must not change whatever bad input is sent. */
  const snapshot = async () =>
    Promise.all([
      call(srv, operation('registration.show'), { usuario_cartao: DEMO_CARD }),
      call(srv, operation('schedule.list'), { usuario_cartao: DEMO_CARD, ind_apenas_concluidas: 'N' }),
      call(srv, operation('enrol.contract.search'), {}),
    ]);
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    srv = await startTestServer();
    before = await snapshot();
  });
  afterAll(() => srv.stop());

  it.each(invalidCases)('%s with %s = %j → 422, never a 5xx', async (_id, name, value, op) => {
    const params: Record<string, unknown> = { ...sampleParams(op), [name]: value };
    // Aim the other parameters at real data, so that only the bad value stands between the request and a change.
    if (name !== 'usuario_cartao' && 'usuario_cartao' in op.params) params['usuario_cartao'] = DEMO_CARD;
    const res = await sendJson(srv.url, op, params);
    expect(res.status).toBe(422);
  });

  it('left every read as it was', async () => {
    expect(await snapshot()).toEqual(before);
  });
});

describe('persistence', () => {
  it('keeps what was written across a restart on the same file', async () => {
    const first = await startTestServer();
    const create = operation('enrol.contract.create');
    const created = await call(first, create, sampleParams(create));
    // The demo has contracts 1 to 7.
    expect(created.body).toEqual([{ confirma_operacao: 1, mensagem_erro: '', contrato_id: 8 }]);
    await first.close();

    const second = await startTestServer({ db: first.db });
    try {
      const search = operation('enrol.contract.search');
      const found = await call(second, search, { contrato_id: '8' });
      expect(found.status).toBe(200);
      const check = checkResponse(search, found.body);
      expect(check.ok && check.records).toEqual([expect.objectContaining({ cv_nro: 8, cv_situacao: 'proposta' })]);
    } finally {
      await second.close();
      await first.stop();
    }
  });
});
