/** Starting an HTTP server on an address, and stopping it gracefully. */
import type { Server } from 'node:http';
import { MAX_DELAY_MS } from './http/prefer.js';
import { endStreams, TIMEOUTS } from './http/node-adapter.js';
import { urlFor } from './host.js';

export interface Listening {
  /** `http://host:port`: serves both the base and the test host's paths. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
  /** Drops every connection now, in-flight or not (a second Ctrl-C). */
  abort(): void;
}

/** Longest a graceful stop waits for in-flight requests before dropping them. */
export const DRAIN_LIMIT_MS = MAX_DELAY_MS + TIMEOUTS.requestTimeout;

/** Listens on `host:port` (port 0 picks a free one). */
export async function listen(server: Server, host: string, port: number): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host.replace(/^\[(.*)\]$/, '$1'), () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  return {
    url: urlFor(host, bound),
    port: bound,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const drop = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
        drop.unref();
        server.close(() => {
          clearTimeout(drop);
          resolve();
        });
        server.closeIdleConnections();
        endStreams(server);
      });
      return closing;
    },
    abort() {
      server.closeAllConnections();
    },
  };
}
