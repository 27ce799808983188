import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/spec/index.js';
import { startFake, type FakeServer } from './fake.js';

const CARD = '12345678901234567';
const TOKEN = 'tok-never-logged';
const show = operation('registration.show');
const contact = operation('registration.update-contact');
let srv: FakeServer;
beforeAll(async () => {
  srv = await startFake({
    token: TOKEN,
    override: {
      'record.allergies': async (params) => {
        throw new TypeError(`broken for ${String(params['usuario_cartao'])}`);
      },
    },
  });
});
afterAll(() => srv.close());

const auth = { authorization: `Bearer ${TOKEN}` };

describe('access log', () => {
  it('writes method, path, status and milliseconds; never query values, bodies, cards or tokens', async () => {
    await fetch(`${srv.url}${show.path}?usuario_cartao=${CARD}`, { headers: auth });
    await fetch(`${srv.url}${contact.path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...sampleParams(contact), usuario_cartao: CARD, usuario_email: 'private@example.com' }),
    });
    await fetch(`${srv.url}/api/svcmobile/prontuario/${CARD}?cpf=52998224725`, { headers: auth });
    await fetch(`${srv.url}${show.path}?usuario_cartao=${CARD}`, { headers: { authorization: 'Bearer wrong-token' } });
    const lines = srv.logged().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^GET ${show.path} 200 \\d+\\.\\dms$`)),
      expect.stringMatching(new RegExp(`^POST ${contact.path} 200 \\d+\\.\\dms$`)),
      expect.stringMatching(/^GET \/api\/svcmobile\/prontuario\/… 404 \d+\.\dms$/),
      expect.stringMatching(new RegExp(`^GET ${show.path} 401 \\d+\\.\\dms$`)),
    ]);
    for (const secret of [CARD, '52998224725', 'private@example.com', TOKEN, 'wrong-token', '?']) expect(srv.logged()).not.toContain(secret);
  });

  it('answers 500 with an envelope when a handler throws, logging the error name only', async () => {
    const op = operation('record.allergies');
    const res = await fetch(`${srv.url}${op.path}?usuario_cartao=${CARD}`, { headers: auth });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringContaining(op.name) }]);
    expect(srv.logged()).toContain(`${op.id}: handler failed: TypeError`);
    expect(srv.logged()).not.toContain(CARD);
  });
});
