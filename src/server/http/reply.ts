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
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of every answer: type, length, no caching, no content sniffing. */
function baseHead(body: string, type: string): string[] {
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
  const head = baseHead(reply.body, reply.type ?? JSON_TYPE);
  if (requestId !== undefined) head.push('x-request-id', requestId);
  if (reply.headers) head.push(...reply.headers);
  return head;
}
