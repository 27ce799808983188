/** What the client takes and gives back. */
import type { Host, Lang, Method, Outcome, Row } from '../catalogue/index.js';
import type { TransportFault } from './errors.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Time as the client sees it; tests pin it (no real waiting between retries). */
export interface Clock {
  /** Milliseconds from an arbitrary origin, for durations. */
  now(): number;
  /** Waits `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for jitter. */
  random(): number;
  /** The wall-clock instant: the day that input such as `hoje` names (the system's when absent). */
  date?(): Date;
}

export type BodyEncoding = 'json' | 'form';

/**
 * How a list travels in a query string or form body: `brackets` names each
 * element `name[]` (PHP's convention, the default); `repeat` repeats the bare
 * name (`name=RG&name=CC`), as OpenAPI's form style and most servers built
 * from a document expect. The spec does not say which (docs/decisions.md).
 */
export const listStyles = ['brackets', 'repeat'] as const;
export type ListStyle = (typeof listStyles)[number];

/** Where and how requests go: the two hosts of the spec, the token of each host, the body encoding and the lists' style. */
export interface Target {
  readonly baseUrl: string;
  readonly testBaseUrl: string;
  /** The bearer token sent to each host; a host without one gets none (tokens are scoped to hosts, see cli/config/credentials.ts). */
  readonly tokens?: Readonly<Partial<Record<Host, string>>>;
  readonly body: BodyEncoding;
  /** How lists are named in query strings and form bodies (`brackets` when absent). */
  readonly listStyle?: ListStyle;
  readonly userAgent: string;
  /** The language the service's messages are asked in (Accept-Language), when the caller has one. */
  readonly lang?: Lang;
}

/**
 * One line of the verbose trace, as data (the CLI words it in the run's
 * language): a request going out, an answer (its size, or the limit it went
 * over), a retry after a failure or a status.
 */
export type TraceEvent =
  | { readonly kind: 'request'; readonly method: string; readonly url: string }
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly statusText: string;
      readonly contentType: string;
      readonly bytes?: number;
      readonly over?: string;
      readonly ms: number;
    }
  | {
      readonly kind: 'retry';
      readonly ms: number;
      readonly why: TransportFault | number;
      readonly attempt: number;
      readonly of: number;
    };

export interface HttpRequest {
  readonly method: Method;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface HttpResponse {
  readonly status: number;
  /** Media type as sent, or `no content type`. */
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface ClientOptions {
  readonly timeoutMs: number;
  /** Extra attempts for GET and HEAD after a connection error, a timeout, 429 or 5xx. */
  readonly retries: number;
  /** The largest answer read, in bytes: a larger one is a TransportError (not retried). */
  readonly maxResponseBytes: number;
  readonly clock: Clock;
  /** Proxy settings are read from here (HTTP_PROXY, HTTPS_PROXY, NO_PROXY and their lower-case forms). */
  readonly env: Env;
  /** Aborts every request in flight (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** Receives the verbose trace (request line, status, timing, retries) as data, already masked. */
  readonly trace?: (event: TraceEvent) => void;
  /** Many requests will go over this client (a batch): undici's pools, dearer to load, cheaper per request (wire.ts). */
  readonly pooled?: boolean;
}

/**
 * The answer to one operation call:
 * - `answer`: a 2xx response of the documented shape, with its outcome;
 * - `refused`: an HTTP 4xx/5xx in the service's own format (JSON or empty), with its message.
 * Anything else is a TransportError.
 */
export type CallResult =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly records: Row[];
      readonly outcome: Outcome;
      readonly message: string;
    }
  | { readonly kind: 'refused'; readonly status: number; readonly message: string };
