/**
 * `dispatch` called with plain request values, as hono's `app.request` is:
 * routing (the answer's headers, request ids, 404, 405, HEAD) and the request
 * gate (Host, Origin, the token and its brake).
 */
import { describe, expect, it } from 'vitest';
import type { PlainResponse } from '../../src/server/http/exchange.js';
import { createDispatch } from '../../src/server/http/dispatch.js';
import {
  CARD,
  chunked,
  CONTACT,
  fakeHandlers,
  header,
  message,
  records,
  request,
  setup,
  SHOW,
  SHOW_JSON,
  TOKEN,
} from './dispatch-setup.js';

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

  it('echoes an X-Request-Id of the safe form (a UUID, 16–64 hex digits), and makes one for a request without, or with any other (words, a phone, a card or CPF in any form, an e-mail)', async () => {
    const { dispatch } = setup();
    const sane = '0b0a2f4e-6f1c-4d2f-9c5e-6a1b2c3d4e5f';
    const echoed = await dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`, { 'x-request-id': sane }));
    expect(header(echoed, 'x-request-id')).toBe(sane);
    expect(echoed.requestId).toBe(sane);
    const trace = await dispatch(request('GET', '/nowhere', { 'x-request-id': '4bf92f3577b34da6a3ce929d0e0e4736' }));
    expect(header(trace, 'x-request-id')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
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
      'maria-souza-diabetes-1198765432',
      'abc-123',
      'trace-4bf92f3577b34da6',
      '4bf92f3577b34da',
      'f'.repeat(65),
      '00000000-0000-0000-0000-0529982247250',
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
    const own = await dispatch(
      request('GET', `${SHOW}?usuario_cartao=${CARD}`, { 'x-request-id': '4bf92f3577b34da6' }),
    );
    expect(header(own, 'x-request-id')).toBe('4bf92f3577b34da6');
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
