/**
 * What the tests of `dispatch` (the server core without a socket) share:
 * handlers that record their calls, a dispatch over them with its log
 * captured, plain requests, and readers of a plain response.
 */
import { Writable } from 'node:stream';
import { catalogue, type Params, type Row } from '../../src/catalogue/index.js';
import type { Handler, Handlers } from '../../src/server/handlers/types.js';
import { createDispatch, type DispatchOptions } from '../../src/server/http/dispatch.js';
import type { PlainRequest, PlainResponse, RequestHeaders } from '../../src/server/http/exchange.js';
import { serverLog } from '../../src/server/observe/log.js';

export const CARD = '00010001000001005';
export const SHOW = '/api/svcmobile/atualizacaocadastral/buscadadosusuario';
export const CONTACT = '/api/svcmobile/atualizacaocadastral/atualizacontato';
export const DOCUMENT = '/api/svcweb/beneficiario/documento';
export const TOKEN = 'a-token-of-24-characters';
export const SHOW_JSON = '[{"confirma_operacao":2,"from":"json"}]';

export interface Call {
  readonly id: string;
  readonly params: Params;
}

/** Handlers that record their calls and answer one record naming the operation; `registration.show` also answers at once. */
export function fakeHandlers(calls: Call[], override: Record<string, Handler> = {}): Handlers {
  const handlers: Record<string, Handler> = {};
  for (const op of catalogue) {
    handlers[op.id] = async (params): Promise<Row[]> => {
      calls.push({ id: op.id, params });
      return [{ confirma_operacao: 2, op: op.id }];
    };
  }
  const show = handlers['registration.show']!;
  const json = (params: Params) => {
    calls.push({ id: 'registration.show', params });
    return SHOW_JSON;
  };
  handlers['registration.show'] = Object.assign((params: Params, ctx: Parameters<Handler>[1]) => show(params, ctx), {
    json: async (params: Params) => json(params),
    jsonNow: json,
  });
  return Object.assign(handlers, override);
}

export function setup(options: Partial<DispatchOptions> = {}, override: Record<string, Handler> = {}) {
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

export const request = (
  method: string,
  target: string,
  headers: RequestHeaders = {},
  more: Partial<PlainRequest> = {},
) => ({
  method,
  target,
  headers: { host: 'localhost', ...headers },
  ...more,
});

/** A header of a response (names are lowercase). */
export function header(res: PlainResponse, name: string): string | undefined {
  for (let i = 0; i < res.headers.length; i += 2) if (res.headers[i] === name) return res.headers[i + 1];
  return undefined;
}

export const records = (res: PlainResponse) => JSON.parse(res.body) as Array<Record<string, unknown>>;
export const message = (res: PlainResponse) => records(res)[0]?.['mensagem_erro'];

/** A body arriving in chunks, made one at a time as the reader asks: how many were asked for, and whether it was read to its end. */
export function chunked(parts: readonly (string | Uint8Array)[]) {
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
