/**
 * What the server answers: a status, a JSON body and extra headers, written in one place,
 * each with `Cache-Control: no-store` (medical records stay out of caches) and `nosniff`.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { envelopeRecord } from '../../catalogue/index.js';

export interface Reply {
  readonly status: number;
  /** The JSON text of the body (HEAD requests get the same headers and no body). */
  readonly body: string;
  /** Extra headers as a flat list: name, value, name, value. */
  readonly headers?: readonly string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of every answer: type, length, no caching, no content sniffing. */
function baseHead(body: string): string[] {
  return [
    'content-type',
    JSON_TYPE,
    'content-length',
    String(Buffer.byteLength(body)),
    'cache-control',
    'no-store',
    'x-content-type-options',
    'nosniff',
  ];
}

/** A body of one envelope record, as every error answer is: clients read errors like any response. */
export function envelopeBody(confirma: 1 | 2 | 3 | 4, message: string): string {
  return JSON.stringify([envelopeRecord(confirma, message)]);
}

/** An error answer: one envelope record with confirma_operacao 4. */
export function failure(status: number, message: string, headers?: readonly string[]): Reply {
  const body = envelopeBody(4, message);
  return headers ? { status, body, headers } : { status, body };
}

/** Writes a reply; `close` asks the client to drop the connection (shutdown, unread body). */
export function writeReply(res: ServerResponse, reply: Reply, close: boolean): void {
  const head = baseHead(reply.body);
  if (reply.headers) head.push(...reply.headers);
  if (close && !reply.headers?.includes('connection')) head.push('connection', 'close');
  res.writeHead(reply.status, head);
  res.end(reply.body);
}

/** A reply as raw HTTP/1.1 text with `Connection: close`, for a socket that has no response object (client errors). */
export function rawReply(reply: Reply): string {
  const head = [...baseHead(reply.body), ...(reply.headers ?? []), 'connection', 'close'];
  let text = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n`;
  for (let i = 0; i < head.length; i += 2) text += `${head[i]}: ${head[i + 1]}\r\n`;
  return `${text}\r\n${reply.body}`;
}
