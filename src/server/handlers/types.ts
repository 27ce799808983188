/** The contract between the HTTP layer and the per-area handlers. */
import type { Params, Row } from '../../catalogue/index.js';

export interface HandlerContext {
  /** The server's clock (tests pin it). */
  readonly now: () => Date;
}

/**
 * Answers one operation with validated parameters (the catalogue's parsed
 * values). Returns the response records, each with its envelope where the
 * operation has one. Business outcomes (confirma_operacao 1–4) are records;
 * a thrown error is a server fault (500).
 */
export type Handler = ((params: Params, ctx: HandlerContext) => Promise<Row[]>) & {
  /**
   * The HTTP layer's fast path, which a handler may offer: the JSON text of
   * exactly what the handler answers (`JSON.stringify` of its records), made
   * without building the records; at once when the store can (SQLite), so
   * that the answer needs no await.
   */
  readonly json?: JsonAnswer;
};

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/** The JSON text of a handler's answer (see `Handler.json`). */
export type JsonAnswer = (params: Params, ctx: HandlerContext) => MaybePromise<string>;

/** Whether a value is a promise (rather than a value available now). */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** One handler per catalogue operation id (`registration.show`, ...). */
export type Handlers = Readonly<Record<string, Handler>>;
