/** The HTTP request of a catalogue operation with validated parameters. No I/O: dry runs print it, the transport sends it. */
import type { Host, Operation, Params } from '../catalogue/index.js';
import { formEncode, jsonEncode } from './encode.js';
import type { HttpRequest, Target } from './types.js';

/** The operation's URL on its host (`test` for section 4.1, `base` for the rest), without parameters. */
export function operationUrl(op: Operation, target: Target): URL {
  const base = op.host === 'test' ? target.testBaseUrl : target.baseUrl;
  return new URL(base.replace(/\/+$/, '') + op.path);
}

/**
 * The headers of every request to a host of a target: accept, the language of the service's messages
 * (Portuguese, else English), user-agent, and the host's bearer token when it has one.
 */
export function baseHeaders(target: Target, host: Host): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.lang) headers['accept-language'] = target.lang === 'pt-BR' ? 'pt-BR, pt;q=0.9' : 'en';
  headers['user-agent'] = target.userAgent;
  const token = target.tokens?.[host];
  if (token) headers['authorization'] = `Bearer ${token}`;
  return headers;
}

/**
 * GET/HEAD carry the parameters in the query string; POST in a JSON body (its
 * ints JSON numbers, encode.ts), or a form body with `body: 'form'`; lists in
 * either named by the target's list style.
 */
export function buildRequest(op: Operation, params: Params, target: Target): HttpRequest {
  const url = operationUrl(op, target);
  const method = op.methods[0]!;
  const headers = baseHeaders(target, op.host);
  if (method !== 'POST') {
    url.search = formEncode(params, target.listStyle).toString();
    return { method, url, headers };
  }
  if (target.body === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { method, url, headers, body: formEncode(params, target.listStyle).toString() };
  }
  headers['content-type'] = 'application/json';
  return { method, url, headers, body: jsonEncode(op.params, params) };
}
