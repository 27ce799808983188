/**
 * The wire of undici (wire.ts), used when the environment configures a proxy:
 * its EnvHttpProxyAgent applies HTTP_PROXY, HTTPS_PROXY and NO_PROXY (and
 * their lower-case forms) and keeps one keep-alive pool per origin. The pieces
 * used are imported from their own modules because undici's index loads every
 * feature it has (fetch, WebSocket, caches, mocks), which costs about 25 ms
 * more; the public types still come from the package. The lockfile pins
 * undici, and the client tests run against this wire too.
 */
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';
import type { Env } from './types.js';
import { KEEP_ALIVE_MS, proxySettings, type Wire } from './wire.js';

// As undici's index does: the API methods (request, connect, …) live on every
// dispatcher; the proxy agent tunnels with `connect`.
Object.assign(Dispatcher.prototype, api);

export function undiciWire(env: Env): Wire {
  const dispatcher = new EnvHttpProxyAgent({ ...proxySettings(env), keepAliveTimeout: KEEP_ALIVE_MS });
  return {
    kind: 'undici',
    request: async ({ method, url, headers, body }, signal) => {
      const res = await dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        body: body ?? null,
        signal,
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    },
    close: () => dispatcher.close(),
  };
}
