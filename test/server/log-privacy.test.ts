/**
 * Nothing a request carries reaches the server's log, text or JSON lines:
 * not a path the catalogue does not know (an e-mail, a diagnosis, a phone, a
 * card or a CPF in any form, `,` and `:` included), not a query string or a
 * body, not a header (an X-Request-Id holding a card, a CPF or an e-mail is
 * replaced by an id the server makes), not an error's message (a handler
 * that fails with the card in its message, an access record that cannot be
 * written). The real server over HTTP, its log captured.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { digitRuns, showsToken } from '../helpers/secrets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleBody } from '../../src/catalogue/index.js';
import { createServer } from '../../src/server/app.js';
import { auditKeyOf } from '../../src/server/audit/key.js';
import { auditTrail } from '../../src/server/audit/trail.js';
import type { Handlers } from '../../src/server/handlers/types.js';
import { listen, type Listening } from '../../src/server/listen.js';
import { type LogFormat, serverLog } from '../../src/server/observe/log.js';
import { openBackend, type Backend } from '../../src/server/wire.js';

const CARD = '00010001000001005';
const CPF = '52998224725';
/** What must never be in the log, and the same with every separator taken out. */
const SECRETS = [CARD, CPF, '987654321', 'maria.souza', 'example.com', 'HIV', 'positivo', 'soropositivo'];

/** Requests carrying personal data every way a client can send it: method, target, headers, body. */
const REQUESTS: ReadonlyArray<
  readonly [method: string, target: string, headers?: Record<string, string>, body?: string]
> = [
  ['GET', '/api/x/maria.souza@example.com/exames/HIV-positivo'],
  ['GET', '/api/svcmobile/prontuario/soropositivo?usuario_cartao=00010001000001005'],
  ['GET', '/api/x/+55%2011%20987654321'],
  ['GET', '/api/x/0001,0001,000001,00,5'],
  ['GET', '/api/x/0001:0001:000001:00:5'],
  ['GET', '/api/x/0001%2C0001%3A000001%2C00%3A5'],
  ['GET', '/api/x/529.982.247-25'],
  ['GET', `${operation('registration.show').path}?usuario_cartao=0001:0001:000001:00:5&cpf=${CPF}`],
  ['POST', `${operation('registration.show').path}?usuario_cartao=${CARD}`],
  ['GET', `${operation('registration.show').path}?usuario_cartao=${CARD}`, { 'x-request-id': '0001:0001:000001:00:5' }],
  ['GET', `${operation('registration.show').path}?usuario_cartao=${CARD}`, { 'x-request-id': '0001,0001,000001,00,5' }],
  [
    'GET',
    `${operation('registration.show').path}?usuario_cartao=${CARD}`,
    { 'x-request-id': 'maria.souza@example.com' },
  ],
  ['GET', `${operation('registration.show').path}?usuario_cartao=${CARD}`, { 'x-request-id': `cpf-${CPF}` }],
  ['GET', `${operation('registration.show').path}?usuario_cartao=${CARD}`, { 'user-agent': `HIV-positivo ${CARD}` }],
  [
    'POST',
    operation('registration.update-contact').path,
    { 'content-type': 'application/json' },
    JSON.stringify({
      ...sampleBody(operation('registration.update-contact')),
      usuario_email: 'maria.souza@example.com',
    }),
  ],
  ['POST', operation('registration.update-contact').path, { 'content-type': 'application/json' }, `{"x_${CARD}":1}`],
  // Its handler fails with the card in its message: the log says the error's kind only.
  ['GET', `${operation('record.allergies').path}?usuario_cartao=${CARD}`],
];

async function send(url: string, [method, target, headers = {}, body]: (typeof REQUESTS)[number]): Promise<void> {
  const { port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => res.resume().on('end', resolve))
      .on('error', reject)
      .end(body);
  });
}

describe.each<LogFormat>(['text', 'json'])('the %s log', (format) => {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-log-privacy-'));
  let store: Backend;
  let listening: Listening;
  let logged = '';
  beforeAll(async () => {
    // A database that refuses writes: store faults and access records that cannot be written are logged too.
    store = await openBackend({ path: join(dir, 'coop.db'), demo: true, pragmas: ['query_only = 1'] });
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    const log = serverLog(format, stream);
    const now = () => new Date();
    const handlers: Handlers = {
      ...store.handlers,
      // A handler failing with the card in its message.
      'record.allergies': async (params) => {
        throw new TypeError(`broken for ${String(params['usuario_cartao'])}`);
      },
    };
    const audit = auditTrail({ store: store.repo.audit, key: auditKeyOf(randomBytes(32)), now, log });
    listening = await listen(createServer({ handlers, log, now, audit }), '127.0.0.1', 0);
  });
  afterAll(async () => {
    await listening.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds none of the personal data the requests carried, in any form', async () => {
    for (const r of REQUESTS) await send(listening.url, r);
    for (let i = 0; i < 100 && logged.split('\n').length <= REQUESTS.length; i++) await sleep(10);
    expect(logged.trim().split('\n').length).toBeGreaterThanOrEqual(REQUESTS.length);
    for (const event of [
      'handler failed: TypeError',
      'store unavailable: readonly',
      'the access audit could not be written: readonly',
    ])
      expect(logged).toContain(event);
    // As a token of its own (never digits inside a number: a duration), and with every separator taken out: a
    // number written with separators (529.982.247-25) is one run of digits, words run together (maria.souza).
    const bare = logged.replace(/[\s.,:;/_+%-]/g, '');
    const runs = new Set(digitRuns(logged));
    for (const secret of SECRETS) {
      expect(showsToken(logged, secret), secret).toBe(false);
      if (/^\d+$/.test(secret)) expect(runs.has(secret), secret).toBe(false);
      else expect(bare, secret).not.toContain(secret.replace(/[\s.,:;/_+%-]/g, ''));
    }
  });
});
