import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { showsToken } from '../helpers/secrets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
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
      expect.stringMatching(/^GET \(unknown path\) 404 \d+\.\dms$/),
      expect.stringMatching(new RegExp(`^GET ${show.path} 401 \\d+\\.\\dms$`)),
    ]);
    for (const secret of [CARD, '52998224725', 'private@example.com', TOKEN, 'wrong-token', '?'])
      expect(showsToken(srv.logged(), secret), secret).toBe(false);
  });

  it('answers 500 with an envelope when a handler throws, logging the error name only', async () => {
    const op = operation('record.allergies');
    const res = await fetch(`${srv.url}${op.path}?usuario_cartao=${CARD}`, { headers: auth });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringContaining(op.name) }]);
    expect(srv.logged()).toContain(`${op.id}: handler failed: TypeError`);
    expect(showsToken(srv.logged(), CARD)).toBe(false);
  });
});

describe('access log of the real server: paths the catalogue does not know', () => {
  let server: TestServer;
  let logged = '';
  beforeAll(async () => {
    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    server = await startTestServer({ log });
  });
  afterAll(() => server.stop());

  /** Sends `path` exactly as written (already percent-encoded) and answers the line the log wrote for it. */
  async function logLine(path: string): Promise<string> {
    const before = logged.length;
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end();
    });
    // The line is written once the answer is (an audited request's answer waits for its record to be written).
    for (let i = 0; i < 100 && !logged.slice(before).endsWith('\n'); i++) await sleep(10);
    return logged.slice(before).trimEnd();
  }

  it.each([
    ['a card', '/api/x/00010001000001005'],
    ['a card with spaces (%20)', '/api/x/0001%200001%20000001%2000%205'],
    ['a card with dots and a hyphen', '/api/x/0001.0001.000001.00-5'],
    ['a formatted CPF, percent-encoded', '/api/x/529%2E982%2E247%2D25'],
    ['a CPF in percent-encoded digits', '/api/x/%35%32%39%39%38%32%32%34%37%32%35'],
    ['an e-mail', '/api/x/maria.silva@example.com'],
    ['a diagnosis', '/api/svcmobile/prontuario/hiv-positivo'],
    ['a near miss of a catalogue path', '/api/svcmobile/atualizacaocadastral/buscadadosusuario/00010001000001005'],
  ])('writes a placeholder for an unknown path holding %s', async (_name, path) => {
    expect(await logLine(path)).toMatch(/^GET \(unknown path\) 404 \d+\.\dms$/);
  });

  it.each([
    ['a card with spaces', '?usuario_cartao=0001%200001%20000001%2000%205'],
    ['a formatted CPF', '?cpf=529.982.247-25'],
  ])('never logs the query string of a known path: %s', async (_name, query) => {
    const path = operation('registration.show').path;
    expect(await logLine(`${path}${query}`)).toMatch(new RegExp(`^GET ${path} \\d{3} \\d+\\.\\dms$`));
  });
});
