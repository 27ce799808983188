/**
 * `dispatch` called with plain request values: what Prefer forces, and the
 * answer to a handler that fails (an error, a store that is unavailable, a
 * synchronous answer that throws).
 */
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import type { PlainResponse } from '../../src/server/http/exchange.js';
import { StoreUnavailable } from '../../src/server/store/unavailable.js';
import { CARD, CONTACT, header, message, records, request, setup, SHOW, SHOW_JSON } from './dispatch-setup.js';

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
      jsonNow: () => {
        throw new RangeError('no');
      },
    });
    const { dispatch } = setup({}, { 'registration.show': failing });
    const res = dispatch(request('GET', `${SHOW}?usuario_cartao=${CARD}`));
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as PlainResponse).status).toBe(500);
  });
});
