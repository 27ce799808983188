/** The contract between the HTTP layer and the per-area handlers. */
import type { Lang, OperationId, Params, ParamsOf, Row } from '../../catalogue/index.js';

export interface HandlerContext {
  /** The server's clock (tests pin it). */
  readonly now: () => Date;
  /** The language of the answer's messages, as the request's Accept-Language prefers (English when absent). */
  readonly lang?: Lang;
  /** What the access audit records of a change besides its parameters, told by its handler (audited writes only). */
  readonly audit?: AuditNotes;
}

/** What a change replaced, for its audit record (src/server/audit/trail.ts keeps it as a keyed hash). */
export interface AuditNotes {
  /** A payer change: the CPF of the payer it replaced. */
  previousPayerCpf?: string;
}

/**
 * Answers one operation with validated parameters (the catalogue's parsed
 * values). Returns the response records, each with its envelope where the
 * operation has one. Business outcomes (confirma_operacao 1–4) are records;
 * a thrown error is a server fault (500).
 */
export type Handler = ((params: Params, ctx: HandlerContext) => Promise<Row[]>) & {
  /**
   * What a handler may offer: the JSON text of exactly what it answers
   * (`JSON.stringify` of its records), made without building the records.
   */
  readonly json?: JsonAnswer;
  /**
   * The same text at once, where the store can give it synchronously
   * (SQLite's hot read): the fast path's (src/server/http/fast-path.ts).
   * It throws when the store cannot (a lock held elsewhere, a fault): the
   * request then goes the asynchronous way.
   */
  readonly jsonNow?: JsonNow;
};

/** The JSON text of a handler's answer (see `Handler.json`). */
export type JsonAnswer = (params: Params, ctx: HandlerContext) => Promise<string>;

/** The JSON text of a handler's answer, at once (see `Handler.jsonNow`). */
export type JsonNow = (params: Params, ctx: HandlerContext) => string;

/** One handler per catalogue operation id (`registration.show`, ...). */
export type Handlers = Readonly<Record<string, Handler>>;

/** The handler of operation `Id`, given its parameters typed as the catalogue infers them (`ParamsOf`). */
export type HandlerOf<Id extends OperationId> = ((params: ParamsOf<Id>, ctx: HandlerContext) => Promise<Row[]>) & {
  readonly json?: (params: ParamsOf<Id>, ctx: HandlerContext) => Promise<string>;
  readonly jsonNow?: (params: ParamsOf<Id>, ctx: HandlerContext) => string;
};

/** The handlers of the operations `Id`, each typed by its own parameters. */
export type HandlersOf<Id extends OperationId> = { readonly [K in Id]: HandlerOf<K> };

/** The ids of one area's operations: `AreaIds<'schedule'>` is `'schedule.list' | … | 'schedule.cancel'`. */
export type AreaIds<Area extends string> = Extract<OperationId, `${Area}.${string}`>;
