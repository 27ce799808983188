/** The client: sends catalogue requests over one transport and reads the answers. */
import type { Operation } from '../catalogue/index.js';
import { interpret } from './interpret.js';
import { createTransport } from './transport.js';
import type { CallResult, ClientOptions, HttpRequest, HttpResponse } from './types.js';
import type { WireKind } from './wire.js';

export interface Client {
  /** What requests go over: node:http, or undici when the environment configures a proxy or for a batch (wire.ts). */
  readonly wire: WireKind;
  /** Sends a request (retries included) and returns the raw response. */
  send(req: HttpRequest): Promise<HttpResponse>;
  /** Sends the request of `op` (see buildRequest) and reads the answer. */
  call(op: Operation, req: HttpRequest): Promise<CallResult>;
  /** Closes the keep-alive pool. */
  close(): Promise<void>;
}

export function createClient(options: ClientOptions): Client {
  const transport = createTransport(options);
  return {
    wire: transport.wire,
    send: (req) => transport.send(req),
    call: async (op, req) => interpret(op, req, await transport.send(req)),
    close: () => transport.close(),
  };
}
