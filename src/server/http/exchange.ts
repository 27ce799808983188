/**
 * The plain values the server core deals in, without sockets: a request as
 * the adapter hands it over, and the answer it writes back. Tests build them
 * by hand and call `dispatch` directly.
 */
import type { Streamer } from './reply.js';
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

/** The operation of a path that is no catalogue operation, in the metrics and the log. */
export const UNKNOWN_OPERATION = 'unknown';

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
  /**
   * The catalogue operation's id, `unknown` for a path that is none, or
   * undefined for the probes (/healthz, /readyz, /metrics), which are not API
   * traffic: neither counted nor logged.
   */
  readonly operation: string | undefined;
  /** The path the text log shows: the operation's path, or a fixed placeholder (a path may hold anything). */
  readonly logPath: string;
  /** The label of the token the request presented (tokens.ts), when the server has tokens and it matched one. */
  readonly tokenLabel: string | undefined;
  /** The request's id, also sent as `X-Request-Id`: the client's, else one made when the server logs (none when quiet). */
  readonly requestId: string | undefined;
  /** A body written over time (reply.ts). */
  readonly stream?: Streamer | undefined;
}
