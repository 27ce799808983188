/**
 * The server's fast path: the one place (with dispatch.ts, which takes its
 * answer) where an answer is a value now or a promise. Everything else in
 * src/server is plain `async` (test/source/fast-path.test.ts holds it so).
 *
 * A read without a body, without `Prefer` (asked or forced by the admin
 * console), whose handler can give its JSON text at once (`Handler.jsonNow`:
 * SQLite's hot read, `store/sqlite/methods.ts`, kept while the database is
 * unchanged), is answered within the request event: no promise, no await.
 * An audited one then waits for its access record (a promise: the audit is
 * asynchronous); the journal of `serve --admin` is told as on the other path.
 * Anything else goes the plain asynchronous way (answer.ts), which answers
 * the same on the wire; so does a read the store could not make at once for
 * a lock held elsewhere (StoreUnavailable `busy`): it is asked again there,
 * where the guarded method waits for the lock on timers. Another failure is
 * answered at once, as answer.ts answers it (503, 500).
 */
import { StoreUnavailable } from '../store/unavailable.js';
import { type AnswerOptions, factsOf, fault, invalid, journalNote, type RouteAnswer, scopeOf } from './answer.js';
import { addForm, checkParams, emptyParams, listify } from './params.js';
import type { Reply } from './reply.js';

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/** Whether a value is a promise (rather than a value available now). */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** A routed request's answer, at once when the fast path can give it. */
export type FastAnswer = (...args: Parameters<RouteAnswer>) => MaybePromise<Reply>;

/** The answerer of routed requests: the fast path where it applies, else `slow` (answer.ts's `routeAnswer`). */
export function fastAnswer(options: AnswerOptions, slow: RouteAnswer): FastAnswer {
  const scope = scopeOf(options);
  const { audit, journal, allowPrefer, forcedPrefer } = options;
  return (route, request, query, lang, tokenLabel, requestId) => {
    const now = route.jsonNow;
    if (
      now === undefined ||
      route.writes ||
      request.body !== undefined ||
      (allowPrefer && request.headers.prefer !== undefined) ||
      forcedPrefer?.() !== undefined
    )
      return slow(route, request, query, lang, tokenLabel, requestId);
    const started = journal ? performance.now() : 0;
    const raw = emptyParams();
    const ctx = scope.ctxs[lang];
    let reply: Reply;
    try {
      if (query) addForm(raw, query);
      if (route.listParams.length) listify(raw, route.listParams);
      const checked = checkParams(route.op, raw, ctx.now);
      reply = checked.ok ? { status: 200, body: now(checked.value, ctx) } : invalid(ctx, checked.errors);
    } catch (err) {
      if (err instanceof StoreUnavailable && err.reason === 'busy')
        return slow(route, request, query, lang, tokenLabel, requestId);
      reply = fault(route, err, scope, lang, requestId);
    }
    const note = journal ? journalNote(journal, route, request, raw, started) : undefined;
    if (audit && route.personal !== undefined) {
      const recorded = audit(factsOf(route, request, raw, lang, tokenLabel, requestId, undefined), reply);
      return note ? recorded.then(note) : recorded;
    }
    return note ? note(reply) : reply;
  };
}

/** Calls `write` with a value: at once when it is one, else once the promise resolves. */
export function whenReady<T>(value: MaybePromise<T>, write: (v: T) => void): void {
  if (isPromise(value)) value.then(write);
  else write(value);
}
