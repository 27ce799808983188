/**
 * The pieces of undici that coopctl uses: the proxy-aware keep-alive agent
 * and the request API. They are imported from their own modules because
 * undici's index loads every feature it has (fetch, WebSocket, caches,
 * mocks), which costs about 25 ms at every command's start; the public types
 * still come from the package. The lockfile pins undici, and the client
 * tests exercise these pieces, proxies included.
 */
import type { Dispatcher as DispatcherType } from 'undici';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';

// As undici's index does: the API methods (request, connect, …) live on every
// dispatcher; the proxy agent tunnels with `connect`.
Object.assign(Dispatcher.prototype, api);

export { EnvHttpProxyAgent };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & {
  readonly dispatcher: DispatcherType;
};

/** `undici.request(url, options)`, for a dispatcher given in the options. */
export function request(url: string | URL, options: RequestOptions): Promise<DispatcherType.ResponseData> {
  const u = typeof url === 'string' ? new URL(url) : url;
  const { dispatcher, ...rest } = options;
  return dispatcher.request({ ...rest, origin: u.origin, path: `${u.pathname}${u.search}` });
}
