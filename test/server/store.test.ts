import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkResponse, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sendJson } from './raw.js';
import { invalidCases } from './cases.js';

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

describe('with the real store', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  it.each(catalogue.map((op) => [op.id, op] as const))(
    '%s answers valid sample parameters with a well-formed 200',
    async (_id, op) => {
      const res = await call(srv, op, sampleParams(op));
      expect(res.status).toBe(200);
      const check = checkResponse(op, res.body);
      expect(check.ok, check.ok ? '' : check.problem).toBe(true);
    },
  );
});

describe('bad input with the real store', () => {
  let srv: TestServer;
  let card: string;
  /** What the reads answer: it must not change whatever bad input is sent. */
  const snapshot = async () =>
    Promise.all([
      call(srv, operation('registration.show'), { usuario_cartao: card }),
      call(srv, operation('schedule.list'), { usuario_cartao: card, ind_apenas_concluidas: 'N' }),
      call(srv, operation('enrol.contract.search'), {}),
    ]);
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    srv = await startTestServer();
    card = (await srv.store.describeDemo()).cards[0]!;
    before = await snapshot();
  });
  afterAll(() => srv.stop());

  it.each(invalidCases)('%s with %s = %j → 422, never a 5xx', async (_id, name, value, op) => {
    const params: Record<string, unknown> = { ...sampleParams(op), [name]: value };
    // Aim the other parameters at real data, so that only the bad value stands between the request and a change.
    if (name !== 'usuario_cartao' && 'usuario_cartao' in op.params) params['usuario_cartao'] = card;
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
    const id = (created.body as Array<{ contrato_id: number }>)[0]?.contrato_id;
    expect(id).toEqual(expect.any(Number));
    await first.close();

    const second = await startTestServer({ db: first.db });
    try {
      const search = operation('enrol.contract.search');
      const found = await call(second, search, { contrato_id: String(id) });
      expect(found.status).toBe(200);
      const check = checkResponse(search, found.body);
      expect(check.ok && check.records).toEqual([expect.objectContaining({ cv_nro: id })]);
    } finally {
      await second.close();
      await first.stop();
    }
  });
});
