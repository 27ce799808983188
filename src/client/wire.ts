/**
 * A wire: the one thing that differs between the client's two ways of sending
 * a request (node:http and undici). It sends one request and hands back the
 * status, the headers and the body as a stream; everything else (the timeout,
 * the response limit, retries, the trace, the error messages) is the
 * transport's (transport.ts), the same for both.
 *
 * Which wire: `node:http` (node-wire.ts), unless a proxy is configured in the
 * environment (HTTP_PROXY, HTTPS_PROXY or their lower-case forms) or the
 * client is for many requests (`pooled`: a batch); then undici's
 * EnvHttpProxyAgent (undici.ts), which applies the proxy variables and
 * NO_PROXY. undici costs tens of milliseconds of start-up (its HTTP parser is
 * WebAssembly compiled at load), more than the whole of a one-shot command's
 * request, but about a third less CPU per request than node:http once loaded.
 */
import type { Readable } from 'node:stream';
import type { Env, HttpRequest } from './types.js';

export interface WireResponse {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Readable;
}

export type WireKind = 'node:http' | 'undici';

export interface Wire {
  readonly kind: WireKind;
  /** Sends `req`; rejects with the library's error, or when `signal` aborts (the body's stream is then destroyed too). */
  request(req: HttpRequest, signal: AbortSignal): Promise<WireResponse>;
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}

/** Keep-alive connections idle this long are closed (both wires). */
export const KEEP_ALIVE_MS = 10_000;

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'] as const;

/** The proxy settings of an environment, as undici's EnvHttpProxyAgent takes them. */
export function proxySettings(env: Env): { httpProxy: string; httpsProxy: string; noProxy: string } {
  return {
    httpProxy: env['http_proxy'] ?? env['HTTP_PROXY'] ?? '',
    httpsProxy: env['https_proxy'] ?? env['HTTPS_PROXY'] ?? '',
    noProxy: env['no_proxy'] ?? env['NO_PROXY'] ?? '',
  };
}

/** undici when the environment configures a proxy (NO_PROXY is then undici's to apply) or for many requests, else node:http. */
export function wireKind(env: Env, pooled = false): WireKind {
  return pooled || PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '') ? 'undici' : 'node:http';
}
