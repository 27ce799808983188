/**
 * The plain values the server core deals in, without sockets: a request as
 * the adapter hands it over, and the answer it writes back. Tests build them
 * by hand and call `dispatch` directly.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Request headers by lowercase name, as node:http gives them (a plain object). */
export type RequestHeaders = IncomingHttpHeaders;

/** A request body: all its bytes, or its chunks as they arrive (read only as far as needed). */
export type RequestBody = Uint8Array | AsyncIterable<Uint8Array>;

export interface PlainRequest {
  /** `GET`, `POST`, `HEAD`, … */
  readonly method: string;
  /** The request target: a path with its query string (`/api/…?a=1`), or an absolute URL. */
  readonly target: string;
  readonly headers: RequestHeaders;
  /** None for a request that announces no body (the common read). */
  readonly body?: RequestBody;
  /** The client's address (IPv4, or IPv6 as node writes it): the key of the 401 throttle. */
  readonly clientAddress?: string;
}

export interface PlainResponse {
  readonly status: number;
  /**
   * Every header to send, as a flat list (name, value, name, value), lowercase
   * names: type, length, no caching, nosniff, then the answer's own. A new
   * list for each response (node's `writeHead` takes it as it is).
   */
  readonly headers: string[];
  /** The JSON text of the body (an adapter sends none to HEAD, with the same headers). */
  readonly body: string;
  /** Drop the connection after answering: the request's body was left unread (refused, too large, too many values). */
  readonly close: boolean;
  /** The path the access log shows: the operation's path, or an unknown path with card and CPF numbers masked. */
  readonly logPath: string;
}
