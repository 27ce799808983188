/**
 * The embedded server: the socket-free core (`http/dispatch.ts`) behind the
 * node:http adapter (`http/node-adapter.ts`). Conventions: docs/server.md.
 */
import type http from 'node:http';
import type { Writable } from 'node:stream';
import { createDispatch, type DispatchOptions } from './http/dispatch.js';
import { nodeServer, type Timeouts } from './http/node-adapter.js';
import { logOf, type ServerLog } from './observe/log.js';
import type { RequestMeter } from './observe/tally.js';

export { TIMEOUTS, type Timeouts } from './http/node-adapter.js';

export interface ServerOptions extends Omit<DispatchOptions, 'log'> {
  /** The log (requests, store faults, handler failures), or a stream for the text log; none for quiet. */
  readonly log?: ServerLog | Writable;
  /** Where requests are counted (the metrics); none when they are off. */
  readonly meter?: RequestMeter;
  /** Other time limits than TIMEOUTS (tests). */
  readonly timeouts?: Partial<Timeouts>;
  /** Connections open at once (default MAX_CONNECTIONS, http/connection-cap.ts). */
  readonly maxConnections?: number;
}

/** An HTTP server (not yet listening) answering the catalogue's operations with `options.handlers`. */
export function createServer(options: ServerOptions): http.Server {
  const log = logOf(options.log);
  return nodeServer(createDispatch({ ...options, log }), { ...options, log });
}
