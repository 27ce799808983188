/**
 * The wire of undici (wire.ts), used when the environment configures a proxy
 * or for many requests: its EnvHttpProxyAgent applies HTTP_PROXY, HTTPS_PROXY
 * and NO_PROXY (and their lower-case forms) and keeps one keep-alive pool per
 * origin. It comes from undici's public index (its own modules are not a
 * public interface), which loads every feature undici has (fetch, WebSocket,
 * caches, mocks): this module is loaded only when it is the wire
 * (transport.ts).
 */
import { EnvHttpProxyAgent } from 'undici';
import type { Env } from './types.js';
import { KEEP_ALIVE_MS, proxySettings, type Wire } from './wire.js';

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
