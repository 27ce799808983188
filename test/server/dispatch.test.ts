/**
 * The server core without a socket: `dispatch` called with plain request
 * values, as hono's `app.request` is. Routing, the request gate, parameters
 * from query and body (read only as far as needed), validation, Prefer, and
 * a handler's answer or failure.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, operation, type Params, type Row } from '../../src/catalogue/index.js';
import type { Handler, Handlers } from '../../src/server/handlers/types.js';
import { createDispatch, type DispatchOptions } from '../../src/server/http/dispatch.js';
import type { PlainRequest, PlainResponse, RequestHeaders } from '../../src/server/http/exchange.js';
import { serverLog } from '../../src/server/observe/log.js';
import { StoreUnavailable } from '../../src/server/store/unavailable.js';
import { Writable } from 'node:stream';

const CARD = '00010001000001005';
const SHOW = '/api/svcmobile/atualizacaocadastral/buscadadosusuario';
const CONTACT = '/api/svcmobile/atualizacaocadastral/atualizacontato';
const DOCUMENT = '/api/svcweb/beneficiario/documento';
const TOKEN = 'a-token-of-24-characters';
const SHOW_JSON = '[{"confirma_operacao":2,"from":"json"}]';

interface Call {
  readonly id: string;
  readonly params: Params;
}

/** Handlers that record their calls and answer one record naming the operation; `registration.show` also answers at once. */
function fakeHandlers(calls: Call[], override: Record<string, Handler> = {}): Handlers {
  const handlers: Record<string, Handler> = {};
  for (const op of catalogue) {
    handlers[op.id] = async (params): Promise<Row[]> => {
      calls.push({ id: op.id, params });
      return [{ confirma_operacao: 2, op: op.id }];
    };
  }
  const show = handlers['registration.show']!;
  handlers['registration.show'] = Object.assign((params: Params, ctx: Parameters<Handler>[1]) => show(params, ctx), {
    json: (params: Params) => {
      calls.push({ id: 'registration.show', params });
      return SHOW_JSON;
    },
  });
  return Object.assign(handlers, override);
}

function setup(options: Partial<DispatchOptions> = {}, override: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  let logged = '';
  const log = serverLog(
    'text',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    }),
  );
  const dispatch = createDispatch({ log, ...options, handlers: fakeHandlers(calls, override) });
  return { dispatch, calls, logged: () => logged };
}

const request = (method: string, target: string, headers: RequestHeaders = {}, more: Partial<PlainRequest> = {}) => ({
  method,
  target,
  headers: { host: 'localhost', ...headers },
  ...more,
});

/** A header of a response (names are lowercase). */
function header(res: PlainResponse, name: string): string | undefined {
  for (let i = 0; i < res.headers.length; i += 2) if (res.headers[i] === name) return res.headers[i + 1];
  return undefined;
}

const records = (res: PlainResponse) => JSON.parse(res.body) as Array<Record<string, unknown>>;
const message = (res: PlainResponse) => records(res)[0]?.['mensagem_erro'];

/** A body arriving in chunks, made one at a time as the reader asks: how many were asked for, and whether it was read to its end. */
function chunked(parts: readonly (string | Uint8Array)[]) {
  let pulled = 0;
  let ended = false;
  async function* generate(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      pulled++;
      yield typeof part === 'string' ? Buffer.from(part) : part;
    }
    ended = true;
  }
  return { body: generate(), pulled: () => pulled, ended: () => ended };
}

describe('routing', () => {
  it('answers a read synchronously when its handler does, with the headers of every answer', () => {
    const { dispatch, calls } = setup();
    const res = dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`));
    expect(res).not.toBeInstanceOf(Promise);
    const answer = res as PlainResponse;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(SHOW_JSON);
    expect(answer.close).toBe(false);
    expect(answer.logPath).toBe(SHOW);
    expect(header(answer, 'content-type')).toBe('application/json; charset=utf-8');
    expect(header(answer, 'content-length')).toBe(String(SHOW_JSON.length));
    expect(header(answer, 'cache-control')).toBe('no-store');
    expect(header(answer, 'x-content-type-options')).toBe('nosniff');
    expect(calls).toEqual([{ id: 'registration.show', params: { usuario_cartao: CARD } }]);
  });

  it('answers an absolute-form target by its path', async () => {
    const { dispatch } = setup();
    const res = await dispatch(request('GET', `http://localhost:8080${SHOW}?usuario_cartao=${CARD}`));
    expect(res.status).toBe(200);
    expect(res.body).toBe(SHOW_JSON);
  });

  it('answers 404 with an envelope for an unknown path, which the log shows as a placeholder', async () => {
    const { dispatch } = setup();
    const res = await dispatch(request('GET', `/api/x/${CARD}/maria@example.com?cpf=52998224725`));
    expect(res.status).toBe(404);
    expect(records(res)).toEqual([{ confirma_operacao: 4, mensagem_erro: 'no operation at this path' }]);
    expect(res.logPath).toBe('(unknown path)');
    expect(res.operation).toBe('unknown');
  });

  it('echoes a sane X-Request-Id, and makes one for a request without, or with an unsafe one (a card or CPF in any form, an e-mail)', async () => {
    const { dispatch } = setup();
    const sane = '0b0a2f4e-6f1c-4d2f-9c5e-6a1b2c3d4e5f';
    const echoed = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, { 'x-request-id': sane }));
    expect(header(echoed, 'x-request-id')).toBe(sane);
    expect(echoed.requestId).toBe(sane);
    const made: string[] = [];
    const unsafe = [
      undefined,
      'two words',
      `a\r\nforged: line`,
      'x'.repeat(129),
      CARD.replace(/0/g, ' '),
      CARD,
      '0001:0001:000001:00:5',
      '0001,0001,000001,00,5',
      '529.982.247-25',
      'maria.souza@example.com',
    ];
    for (const id of unsafe) {
      const res = await dispatch(request('GET', '/nowhere', id === undefined ? {} : { 'x-request-id': id }));
      expect(header(res, 'x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
      made.push(header(res, 'x-request-id')!);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('without a log, makes no id: only a client’s own is sent back', async () => {
    const dispatch = createDispatch({ handlers: fakeHandlers([]) });
    const none = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`));
    expect(header(none, 'x-request-id')).toBeUndefined();
    const own = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, { 'x-request-id': 'abc-123' }));
    expect(header(own, 'x-request-id')).toBe('abc-123');
  });

  it('answers 405 with Allow for a method the operation does not answer', async () => {
    const { dispatch, calls } = setup();
    const res = await dispatch(request('POST', `${SHOW}?usuario_cartao=${CARD}`));
    expect(res.status).toBe(405);
    expect(header(res, 'allow')).toBe('GET, HEAD');
    expect(message(res)).toBe(`${SHOW} answers GET, HEAD`);
    expect(calls).toEqual([]);
  });

  it("gives a HEAD request the GET's answer (the adapter sends no body)", async () => {
    const { dispatch } = setup();
    const res = await dispatch(request('HEAD', `${SHOW}?usuario_cartao=${CARD}`));
    expect(res.status).toBe(200);
    expect(header(res, 'content-length')).toBe(String(SHOW_JSON.length));
  });
});

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

describe('the request gate', () => {
  it.each([
    ['no Host', { host: undefined }, 400, 'the Host header is missing'],
    ['a Host it does not answer to', { host: 'rebind.example' }, 403, /DNS rebinding/],
    ['an Origin of another site', { origin: 'https://evil.example' }, 403, /web pages of other sites/],
    ['the null Origin', { origin: 'null' }, 403, /web pages of other sites/],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403, /web pages of other sites/],
  ])('refuses %s', async (_what, headers, status, text) => {
    const { dispatch, calls } = setup();
    const res = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, headers));
    expect(res.status).toBe(status);
    expect(message(res)).toMatch(text);
    expect(calls).toEqual([]);
  });

  it('answers a name given in allowedHosts, with a port', async () => {
    const { dispatch } = setup({ allowedHosts: ['coop.example'] });
    const res = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, { host: 'coop.example:8080' }));
    expect(res.status).toBe(200);
  });

  it('asks for the token before routing, and does not read the body of a refused request', async () => {
    const { dispatch } = setup({ token: TOKEN });
    const unknown = await dispatch(request('GET', '/nothing/here'));
    expect(unknown.status).toBe(401);
    expect(header(unknown, 'www-authenticate')).toBe('Bearer');
    const body = chunked(['{}']);
    const refused = await dispatch(request('POST', CONTACT, { authorization: 'Bearer wrong' }, { body: body.body }));
    expect(refused.status).toBe(401);
    expect(refused.close).toBe(true);
    expect(body.pulled()).toBe(0);
    const ok = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, { authorization: `Bearer ${TOKEN}` }));
    expect(ok.status).toBe(200);
  });

  it('slows down the client address that failed too often, not the others, and never the right token', async () => {
    const { dispatch } = setup({ token: TOKEN, authThrottle: { failures: 2, windowMs: 60_000, clock: () => 0 } });
    const from = (clientAddress: string, token: string) =>
      dispatch(
        request('GET', `${SHOW}?usuario_cartao=${CARD}`, { authorization: `Bearer ${token}` }, { clientAddress }),
      );
    expect((await from('192.0.2.1', 'wrong')).status).toBe(401);
    expect((await from('192.0.2.1', 'wrong')).status).toBe(401);
    const braked = await from('192.0.2.1', 'wrong');
    expect(braked.status).toBe(429);
    expect(header(braked, 'retry-after')).toBe('60');
    expect((await from('192.0.2.1', TOKEN)).status).toBe(200);
    expect((await from('192.0.2.2', 'wrong')).status).toBe(401);
  });
});

describe('Prefer', () => {
  const show = (prefer: string) => request('GET', `${SHOW}?usuario_cartao=${CARD}`, { prefer });

  it('answers a forced status without calling the handler', async () => {
    const { dispatch, calls } = setup({ allowPrefer: true });
    const res = await dispatch(show('status=503'));
    expect(res.status).toBe(503);
    expect(header(res, 'preference-applied')).toBe('status=503');
    expect(message(res)).toBe('forced by Prefer: status=503');
    expect(calls).toEqual([]);
  });

  it('answers a forced confirma_operacao for valid parameters only', async () => {
    const { dispatch, calls } = setup({ allowPrefer: true });
    const res = await dispatch(show('confirma=3'));
    expect(res.status).toBe(200);
    expect(records(res)).toEqual([
      { confirma_operacao: 3, mensagem_erro: 'forced by Prefer: confirma=3 (nothing was done)' },
    ]);
    const invalid = await dispatch(request('GET', SHOW, { prefer: 'confirma=3' }));
    expect(invalid.status).toBe(422);
    expect(calls).toEqual([]);
  });

  it('answers after a delay with the handler, saying so', async () => {
    const { dispatch } = setup({ allowPrefer: true });
    const res = await dispatch(show('delay=1'));
    expect(res.status).toBe(200);
    expect(res.body).toBe(SHOW_JSON);
    expect(header(res, 'preference-applied')).toBe('delay=1');
  });

  it('is ignored unless allowed', async () => {
    const { dispatch, calls } = setup();
    const res = await dispatch(show('status=503'));
    expect(res.status).toBe(200);
    expect(header(res, 'preference-applied')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});

describe('a handler that fails', () => {
  const CONTACT_BODY = { body: Buffer.from(JSON.stringify({ usuario_cartao: CARD, usuario_email: 'a@b.example' })) };
  const contact = () => request('POST', CONTACT, { 'content-type': 'application/json' }, CONTACT_BODY);

  it('answers 500 naming the operation, and logs only the kind of error', async () => {
    const { dispatch, logged } = setup(
      {},
      {
        'registration.update-contact': async (params) => {
          throw new TypeError(`broken for ${String(params['usuario_cartao'])}`);
        },
      },
    );
    const res = await dispatch(contact());
    expect(res.status).toBe(500);
    expect(message(res)).toBe(`internal error in ${operation('registration.update-contact').name}`);
    expect(logged()).toBe('registration.update-contact: handler failed: TypeError\n');
  });

  it('answers 503 with Retry-After when the store is unavailable', async () => {
    const { dispatch, logged } = setup(
      {},
      {
        'registration.update-contact': async () => {
          throw new StoreUnavailable('busy');
        },
      },
    );
    const res = await dispatch(contact());
    expect(res.status).toBe(503);
    expect(header(res, 'retry-after')).toBe('1');
    expect(message(res)).toBe('the database is locked by another process; nothing was changed, try again');
    expect(logged()).toBe('registration.update-contact: store unavailable: busy\n');
  });

  it('answers 500 when a synchronous answer throws', async () => {
    const failing = Object.assign(async () => [], {
      json: () => {
        throw new RangeError('no');
      },
    });
    const { dispatch } = setup({}, { 'registration.show': failing });
    const res = dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`));
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as PlainResponse).status).toBe(500);
  });
});
