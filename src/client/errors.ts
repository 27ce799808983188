/** Failures of a call that are not an answer of the service. */
import type { ShapeFault } from '../catalogue/index.js';

/** What was wrong with an answer that is not of the documented shape. */
export type AnswerFault =
  | { readonly kind: 'not-2xx' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'not-json' }
  | { readonly kind: 'too-deep'; readonly levels: number }
  /**
   * A byte that is not UTF-8 (`0xFF`) in the text at `field` (`[0].contato.email`, `''` outside any text), at
   * character `at` of it.
   */
  | { readonly kind: 'not-utf8'; readonly field: string; readonly byte: string; readonly at: number }
  /** `detail`: what breaks the catalogue's record shape, as data (the catalogue's words say it). */
  | { readonly kind: 'shape'; readonly detail: ShapeFault };

/** Why a connection failed where the system gives no code: the server closed it, it does not speak HTTP/1.1, TLS failed. */
export type Cause = 'closed' | 'not-http' | 'tls';

/**
 * Why a call got no answer, as data: the CLI words it in the run's language.
 * `request` names the request without its parameters (`GET http://host/path`).
 */
export type TransportFault =
  /**
   * `code`: the system's error code (ECONNREFUSED…), when there is one; else `cause` when it is one of
   * coopctl's; `reason` is the English words (or the error's own, for anything else).
   */
  | {
      readonly kind: 'unreachable';
      readonly request: string;
      readonly code?: string;
      readonly cause?: Cause;
      readonly reason: string;
    }
  /** `ms`: the --timeout, which bounds the request with all its attempts; `attempts`: how many were made. */
  | { readonly kind: 'timeout'; readonly request: string; readonly ms: number; readonly attempts: number }
  /** `limit`: the --max-response-size in effect, e.g. `64 MiB`. */
  | { readonly kind: 'too-large'; readonly request: string; readonly limit: string }
  | {
      readonly kind: 'bad-answer';
      readonly request: string;
      readonly status: number;
      readonly contentType: string;
      readonly fault: AnswerFault;
    };

/**
 * Unreachable, timed out, or a response that is not the documented shape (exit 4). The message is one
 * line in English (traces, logs); `fault` holds the same as data, for the words shown to people.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  /** Whether another attempt may succeed (connection errors and timeouts). */
  readonly retryable: boolean;
  readonly fault: TransportFault | undefined;
  constructor(message: string, retryable = false, fault?: TransportFault) {
    super(message);
    this.retryable = retryable;
    this.fault = fault;
  }
}

/** The user interrupted the call (Ctrl-C, exit 130). */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor() {
    super('interrupted');
  }
}
