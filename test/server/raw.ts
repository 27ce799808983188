/**
 * A bare node:http request, for what fetch does not let a test control (HEAD bodies, partial bodies, chunking),
 * and a raw TCP exchange for what node:http does not either (the Host header as written, slow senders).
 */
import http from 'node:http';
import net from 'node:net';
import type { Operation } from '../../src/catalogue/index.js';

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
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Sends parameters as a JSON body with the operation's first method (a GET may carry a body too), with `headers` besides. */
export async function sendJson(
  baseUrl: string,
  op: Operation,
  params: Record<string, unknown>,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(params);
  const res = await rawRequest(`${baseUrl}${op.path}`, {
    method: op.methods[0],
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    body,
  });
  return { status: res.status, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
}

/** What came back on a raw socket: the whole text, and whether the server closed the connection within the limit. */
export interface RawExchange {
  readonly text: string;
  readonly closed: boolean;
}

/**
 * Writes `request` byte for byte on a new TCP connection to 127.0.0.1:`port`
 * (each string of an array after the previous one has been sent, `gapMs`
 * apart) and collects the answer until the server closes the connection, or
 * until `limitMs` passes: then `closed` is false and the socket is dropped.
 */
export function rawExchange(
  port: number,
  request: string | readonly string[],
  options: { limitMs?: number; gapMs?: number } = {},
): Promise<RawExchange> {
  const parts = typeof request === 'string' ? [request] : request;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const limit = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, options.limitMs ?? 5_000);
    const gaps: NodeJS.Timeout[] = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => {
      clearTimeout(limit);
      for (const g of gaps) clearTimeout(g);
      resolve({ text, closed: true });
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err),
    );
    socket.on('connect', () => {
      for (const [i, part] of parts.entries())
        gaps.push(setTimeout(() => socket.writable && socket.write(part), i * (options.gapMs ?? 0)));
    });
  });
}

/** The status line, headers (lowercase names) and body of the first answer in a raw exchange. */
export function parseRaw(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete answer in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = Buffer.from(text.slice(end + 4))
    .subarray(0, length)
    .toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
