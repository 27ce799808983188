/**
 * What the server answers: a status, a JSON body and extra headers, given their
 * headers in one place, each with `Cache-Control: no-store` (medical records
 * stay out of caches) and `nosniff`.
 */
import { envelopeRecord, inLang, langs, type Lang, type Said } from '../../catalogue/index.js';

export interface Reply {
  readonly status: number;
  /** The JSON text of the body (HEAD requests get the same headers and no body). */
  readonly body: string;
  /** Extra headers as a flat list: name, value, name, value. */
  readonly headers?: readonly string[];
  /** The connection closes after it: the request's body was left unread. */
  readonly close?: boolean;
  /** Another type than JSON (/metrics). */
  readonly type?: string;
  /** A body written over time (the journal's event stream): `body` is ignored, and no length is sent. */
  readonly stream?: Streamer;
}

/** Where a streamed body goes: `write` each chunk, `end` once; `closed` fires when the client goes or the server stops. */
export interface StreamOut {
  write(chunk: string): void;
  end(): void;
  readonly closed: AbortSignal;
}

/** Writes a streamed body; it must end it within a bounded time. */
export type Streamer = (out: StreamOut) => void;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of every answer: type, length (none for a stream: it is chunked), no caching, no content sniffing. */
function baseHead(body: string | undefined, type: string): string[] {
  if (body === undefined)
    return ['content-type', type, 'cache-control', 'no-store', 'x-content-type-options', 'nosniff'];
  return [
    'content-type',
    type,
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

/** A reply in each language: an answer of the HTTP layer, chosen by the request's Accept-Language (lang.ts). */
export type Replies = Readonly<Record<Lang, Reply>>;

/** An error answer (confirma_operacao 4) in each language, made once. */
export function failures(status: number, message: Said, headers?: readonly string[]): Replies {
  return Object.fromEntries(langs.map((lang) => [lang, failure(status, inLang(message, lang), headers)])) as Replies;
}

/** Every header of a reply: those of every answer, its request's id (node's own refusals have none), then its own. */
export function replyHeaders(reply: Reply, requestId?: string): string[] {
  const head = baseHead(reply.stream ? undefined : reply.body, reply.type ?? JSON_TYPE);
  if (requestId !== undefined) head.push('x-request-id', requestId);
  if (reply.headers) head.push(...reply.headers);
  return head;
}
