/** A bare node:http request, for what fetch does not let a test control (HEAD bodies, partial bodies, chunking). */
import http from 'node:http';
import type { Operation } from '../../src/spec/index.js';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer; agent?: http.Agent } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Sends parameters as a JSON body with the operation's first method (a GET may carry a body too). */
export async function sendJson(baseUrl: string, op: Operation, params: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(params);
  const res = await rawRequest(`${baseUrl}${op.path}`, {
    method: op.methods[0],
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
  return { status: res.status, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
}
