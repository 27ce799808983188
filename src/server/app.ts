/**
 * The embedded server: the socket-free core (`http/dispatch.ts`) behind the
 * node:http adapter (`http/node-adapter.ts`). Conventions: docs/server.md.
 */
import type http from 'node:http';
import type { Writable } from 'node:stream';
import { createDispatch, type DispatchOptions } from './http/dispatch.js';
import { nodeServer, type Timeouts } from './http/node-adapter.js';

export { TIMEOUTS, type Timeouts } from './http/node-adapter.js';

export interface ServerOptions extends DispatchOptions {
  /** Access log stream (stderr), also told of handler failures; none for quiet. */
  readonly log?: Writable;
  /** Other time limits than TIMEOUTS (tests). */
  readonly timeouts?: Partial<Timeouts>;
}

/** An HTTP server (not yet listening) answering the catalogue's operations with `options.handlers`. */
export function createServer(options: ServerOptions): http.Server {
  return nodeServer(createDispatch(options), options);
}
