/** The route table, derived once from the catalogue: path → operation, its handler and its canned answers. */
import { catalogue, type Operation, type Personal, personalOf } from '../../catalogue/index.js';
import type { Handler, Handlers, JsonAnswer, JsonNow } from '../handlers/types.js';
import { http } from '../words.js';
import { failures, type Replies } from './reply.js';

export interface Route {
  readonly op: Operation;
  readonly handler: Handler;
  /** The handler's answer as JSON text, without building records, when it offers one. */
  readonly json: JsonAnswer | undefined;
  /** The same text at once, when the store can give it synchronously (the fast path's: fast-path.ts). */
  readonly jsonNow: JsonNow | undefined;
  readonly methods: readonly string[];
  /** Parameters that are lists: a single form or query value becomes a list of one. */
  readonly listParams: readonly string[];
  /** The 405 answer, with its `Allow` header. */
  readonly wrongMethod: Replies;
  /** The 500 answer when the handler fails. */
  readonly fault: Replies;
  /** Whom a request names, when the operation reads or changes personal data (its requests are audited). */
  readonly personal: Personal | undefined;
  /** Whether the operation changes data (POST), rather than reads it. */
  readonly writes: boolean;
}

/** Builds the table; every catalogue operation must have a handler. */
export function buildRoutes(handlers: Handlers): ReadonlyMap<string, Route> {
  const missing = catalogue.filter((op) => typeof handlers[op.id] !== 'function').map((op) => op.id);
  if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);
  const routes = new Map<string, Route>();
  for (const op of catalogue) {
    const allow = op.methods.join(', ');
    routes.set(op.path, {
      op,
      handler: handlers[op.id]!,
      json: handlers[op.id]!.json,
      jsonNow: handlers[op.id]!.jsonNow,
      methods: op.methods,
      listParams: Object.entries(op.params)
        .filter(([, f]) => f.kind === 'array')
        .map(([name]) => name),
      wrongMethod: failures(405, http.wrongMethod(op.path, allow), ['allow', allow]),
      fault: failures(500, http.fault(op.name)),
      personal: personalOf(op),
      writes: op.methods.includes('POST'),
    });
  }
  return routes;
}
