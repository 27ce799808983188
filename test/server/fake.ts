/** A server on 127.0.0.1:0 whose handlers are fakes that record their calls and answer sample records. */
import { PassThrough } from 'node:stream';
import { catalogue, sampleRecord, type Params, type Row } from '../../src/catalogue/index.js';
import type { Handler, Handlers } from '../../src/server/handlers/types.js';
import { createServer, type ServerOptions } from '../../src/server/app.js';
import { listen, type Listening } from '../../src/server/listen.js';

export interface Call {
  readonly id: string;
  readonly params: Params;
}

export interface FakeServer extends Listening {
  readonly calls: Call[];
  /** Everything the access log wrote. */
  logged(): string;
}

export async function startFake(
  options: Omit<ServerOptions, 'handlers' | 'log'> & { override?: Record<string, Handler> } = {},
): Promise<FakeServer> {
  const calls: Call[] = [];
  const handlers: Record<string, Handler> = {};
  for (const op of catalogue) {
    handlers[op.id] = async (params): Promise<Row[]> => {
      calls.push({ id: op.id, params });
      return [sampleRecord(op)];
    };
  }
  Object.assign(handlers, options.override);
  const log = new PassThrough();
  let text = '';
  log.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const server = createServer({ ...options, handlers: handlers as Handlers, log });
  const listening = await listen(server, '127.0.0.1', 0);
  return { ...listening, calls, logged: () => text };
}
