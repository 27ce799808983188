/**
 * The answer to a request that reached its operation: its parameters (query,
 * then body), failure injection (`Prefer`), the catalogue's validation, the
 * handler, and a handler's failure as 503 (store unavailable) or 500. Never
 * throws and never rejects.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { catalogueWords, describeProblems, inLang, type Lang, type Params } from '../../catalogue/index.js';
import { stringifyExact } from '../../catalogue/exact-json.js';
import type { AuditNotes, HandlerContext } from '../handlers/types.js';
import type { ServerLog } from '../observe/log.js';
import { StoreUnavailable } from '../store/unavailable.js';
import { ABORTED, BODY_LIMIT, readBody, TOO_LARGE, TOO_MANY, type BodyStop } from './body.js';
import type { PlainRequest } from './exchange.js';
import { addBody, addForm, bodyCounter, checkParams, emptyParams, listify, TOO_MANY_REPLY } from './params.js';
import { parsePrefer, type Preferences } from './prefer.js';
import { envelopeBody, failure, failures, type Replies, type Reply } from './reply.js';
import type { Route } from './routes.js';
import { http, tell, unavailable } from '../words.js';
import type { Answered } from '../admin/journal.js';

/** Who asked, and what: what the access audit records of a request, besides its answer. */
export interface AuditFacts {
  readonly route: Route;
  /** The parameters as read (before validation: a refused request is recorded too). */
  readonly raw: Params;
  readonly client: string;
  readonly tokenLabel: string | undefined;
  readonly requestId: string | undefined;
  /** The language of its answer (a record that cannot be written is said so in it). */
  readonly lang: Lang;
  /** What its handler told of the change (a write's). */
  readonly notes?: AuditNotes;
}

/**
 * Records an answered request of an operation that reads or changes personal
 * data (the route's `personal`), and resolves with the answer to send (a read
 * whose record could not be written is not answered with its data).
 */
export type Auditor = (facts: AuditFacts, reply: Reply) => Promise<Reply>;

export interface AnswerOptions {
  /** Honour the `Prefer` failure-injection header. */
  readonly allowPrefer?: boolean;
  /** The access audit; none: no request is recorded. */
  readonly audit?: Auditor;
  /** Where a handler's failure or a store fault is noted (its kind only, never its message). */
  readonly log?: ServerLog;
  /** The clock handed to handlers. */
  readonly now?: () => Date;
  /** The preferences the admin console turned on for every request (`serve --admin`), as a `Prefer` value. */
  readonly forcedPrefer?: () => string | undefined;
  /** The request journal of `serve --admin` (src/server/admin/journal.ts); none: nothing is noted, nothing timed. */
  readonly journal?: (answered: Answered) => void;
}

/**
 * A routed request's answer, its messages in `lang`; `query` is its query
 * string without `?`; `tokenLabel` names its client's token and `requestId`
 * the request, for the log and the audit.
 */
export type RouteAnswer = (
  route: Route,
  request: PlainRequest,
  query: string,
  lang: Lang,
  tokenLabel: string | undefined,
  requestId: string | undefined,
) => Promise<Reply>;

/** A reply in each language, after which the connection closes. */
const closing = (replies: Replies): Replies => ({
  en: { ...replies.en, close: true },
  'pt-BR': { ...replies['pt-BR'], close: true },
});

// The rest of an oversized body is left unread: the connection closes after the answer.
const STOPPED: Readonly<Record<BodyStop, Replies>> = {
  [TOO_LARGE]: closing(failures(413, http.tooLarge)),
  [TOO_MANY]: TOO_MANY_REPLY,
  [ABORTED]: closing(failures(400, http.aborted)),
};

/** `Preference-Applied` for an answer under preferences. */
const applied = (prefer: Preferences): string[] => ['preference-applied', prefer.applied];

/** What answering needs besides the request: whether Prefer counts, the handlers' context (by language), the log. */
export interface Scope {
  readonly allowPrefer: boolean;
  readonly ctxs: Readonly<Record<Lang, HandlerContext>>;
  readonly log: AnswerOptions['log'];
  readonly forced: AnswerOptions['forcedPrefer'];
}

/** The scope of an answerer's options. */
export function scopeOf(options: AnswerOptions): Scope {
  const now = options.now ?? (() => new Date());
  return {
    allowPrefer: options.allowPrefer === true,
    ctxs: { en: { now, lang: 'en' }, 'pt-BR': { now, lang: 'pt-BR' } },
    log: options.log,
    forced: options.forcedPrefer,
  };
}

/** The 422 of parameters the catalogue refused, in the context's language. */
export function invalid(ctx: HandlerContext, errors: Parameters<typeof describeProblems>[1]): Reply {
  return failure(422, describeProblems(catalogueWords(ctx.lang ?? 'en'), errors));
}

/** The handler's JSON text (its own, when it offers it: `Handler.json`), as a 200. */
async function handled(
  route: Route,
  params: Params,
  prefer: Preferences | undefined,
  ctx: HandlerContext,
): Promise<Reply> {
  const body = route.json ? await route.json(params, ctx) : stringifyExact(await route.handler(params, ctx));
  return prefer ? { status: 200, body, headers: applied(prefer) } : { status: 200, body };
}

/** Preferences (a delay, a forced status or confirma_operacao), validation and the handler, once the parameters are all read. */
async function decide(
  route: Route,
  request: PlainRequest,
  raw: Params,
  scope: Scope,
  ctx: HandlerContext,
): Promise<Reply> {
  if (route.listParams.length) listify(raw, route.listParams);
  const asked = scope.allowPrefer ? parsePrefer(request.headers['prefer']) : undefined;
  const prefer = asked ?? (scope.forced ? parsePrefer(scope.forced()) : undefined);
  if (prefer?.delay) await sleep(prefer.delay);
  if (prefer?.status) return failure(prefer.status, tell(ctx, http.forcedStatus(prefer.status)), applied(prefer));
  const checked = checkParams(route.op, raw, ctx.now);
  if (!checked.ok) return invalid(ctx, checked.errors);
  if (prefer?.confirma) {
    const body = envelopeBody(prefer.confirma, tell(ctx, http.forcedConfirma(prefer.confirma)));
    return { status: 200, body, headers: applied(prefer) };
  }
  return handled(route, checked.value, prefer, ctx);
}

/** The body read (as far as needed) and its parameters added to the query's, then `decide`. */
async function withBody(
  route: Route,
  request: PlainRequest,
  raw: Params,
  scope: Scope,
  ctx: HandlerContext,
): Promise<Reply> {
  const lang = ctx.lang ?? 'en';
  const { headers } = request;
  const counter = bodyCounter(headers['content-type'], raw);
  const body = await readBody(request.body!, headers['content-length'], BODY_LIMIT, counter);
  if (typeof body === 'symbol') return STOPPED[body][lang];
  const parsed = addBody(raw, headers['content-type'], body);
  if (!parsed.ok) return failure(parsed.status, inLang(parsed.message, lang));
  return decide(route, request, raw, scope, ctx);
}

/**
 * A handler that failed. The store unavailable (locked by another process,
 * disk full, read-only file, I/O error): 503 with `Retry-After` and what is
 * wrong. Else a bug: say which operation and what kind of error, never the
 * message (it may carry parameters).
 */
export function fault(route: Route, err: unknown, scope: Scope, lang: Lang, requestId: string | undefined): Reply {
  const operation = route.op.id;
  if (err instanceof StoreUnavailable) {
    scope.log?.event('warn', 'store_unavailable', `${operation}: store unavailable: ${err.reason}`, {
      operation,
      reason: err.reason,
      request_id: requestId ?? null,
    });
    const [what, advice] = unavailable[err.reason];
    return failure(503, `${inLang(what, lang)}; ${inLang(advice, lang)}`, ['retry-after', String(err.retryAfter)]);
  }
  const kind = err instanceof Error ? err.name : typeof err;
  scope.log?.event('error', 'handler_failed', `${operation}: handler failed: ${kind}`, {
    operation,
    error: kind,
    request_id: requestId ?? null,
  });
  return route.fault[lang];
}

/** What the access audit records of a routed request besides its answer. */
export function factsOf(
  route: Route,
  request: PlainRequest,
  raw: Params,
  lang: Lang,
  tokenLabel: string | undefined,
  requestId: string | undefined,
  notes: AuditNotes | undefined,
): AuditFacts {
  const client = request.clientAddress ?? '';
  return { route, raw, client, tokenLabel, requestId, lang, ...(notes ? { notes } : {}) };
}

/** Tells the journal of an answer (once it is decided) and passes the answer on. */
export function journalNote(
  journal: (answered: Answered) => void,
  route: Route,
  request: PlainRequest,
  raw: Params,
  started: number,
): (r: Reply) => Reply {
  return (r) => {
    const card = raw['usuario_cartao'];
    journal({
      method: request.method,
      operation: route.op.id,
      status: r.status,
      body: r.body,
      raw,
      ms: performance.now() - started,
      card: typeof card === 'string' ? card : undefined,
    });
    return r;
  };
}

/**
 * The answerer of routed requests, plain asynchronous: every request goes
 * this way but the reads fast-path.ts answers at once.
 */
export function routeAnswer(options: AnswerOptions): RouteAnswer {
  const scope = scopeOf(options);
  const { audit, journal } = options;
  return async (route, request, query, lang, tokenLabel, requestId) => {
    const started = journal ? performance.now() : 0;
    let reply: Reply;
    const raw = emptyParams();
    // An audited change's handler tells what it replaced, in a context of the request's own.
    const notes: AuditNotes | undefined = audit && route.personal && route.writes ? {} : undefined;
    const ctx = notes ? { ...scope.ctxs[lang], audit: notes } : scope.ctxs[lang];
    try {
      if (query) addForm(raw, query);
      reply =
        request.body === undefined
          ? await decide(route, request, raw, scope, ctx)
          : await withBody(route, request, raw, scope, ctx);
    } catch (err) {
      reply = fault(route, err, scope, lang, requestId);
    }
    if (audit && route.personal !== undefined)
      reply = await audit(factsOf(route, request, raw, lang, tokenLabel, requestId, notes), reply);
    return journal ? journalNote(journal, route, request, raw, started)(reply) : reply;
  };
}
