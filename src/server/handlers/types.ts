/** The contract between the HTTP layer and the per-area handlers. */
import type { Params, Row } from '../../spec/index.js';

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
export type Handler = (params: Params, ctx: HandlerContext) => Promise<Row[]>;

/** One handler per catalogue operation id (`registration.show`, ...). */
export type Handlers = Readonly<Record<string, Handler>>;
