/**
 * The embedded server's HTTP layer on node:http: the catalogue routes each
 * path, checks its parameters and hands them to the operation's handler.
 * Conventions: docs/server.md.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeErrors, type Params } from '../catalogue/index.js';
import { isPromise, type HandlerContext, type Handlers } from './handlers/types.js';
import { buildRoutes, type Route } from './http/routes.js';
import { BODY_LIMIT, hasBody, readBody, TOO_LARGE, TOO_MANY } from './http/body.js';
import { addBody, addForm, bodyCounter, checkParams, emptyParams, listify, TOO_MANY_REPLY } from './http/params.js';
import { authGate } from './http/auth.js';
import type { ThrottleOptions } from './http/throttle.js';
import { crossSiteGate } from './http/cross-site.js';
import { answerClientErrors } from './http/client-error.js';
import { parsePrefer, type Preferences } from './http/prefer.js';
import { accessLog, safePath } from './http/access-log.js';
import { envelopeBody, failure, writeReply, type Reply } from './http/reply.js';
import { StoreUnavailable } from './store/unavailable.js';

export interface ServerOptions {
  /** One handler per catalogue operation. */
  readonly handlers: Handlers;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Honour the `Prefer` failure-injection header. */
  readonly allowPrefer?: boolean;
  /** Access log stream (stderr); none for quiet. */
  readonly log?: Writable;
  /** The clock handed to handlers. */
  readonly now?: () => Date;
  /** Host names answered besides localhost and IP literals: the bound host, `--allowed-host` names. */
  readonly allowedHosts?: readonly string[];
  /** How repeated 401s from one client are slowed down (tests shorten the window or pass a clock). */
  readonly authThrottle?: Partial<ThrottleOptions>;
  /** Other time limits than TIMEOUTS (tests). */
  readonly timeouts?: Partial<Timeouts>;
}

export interface Timeouts {
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
}

/** Time limits against slow or idle clients. */
export const TIMEOUTS: Timeouts = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 };

/**
 * How often node looks for requests over headersTimeout/requestTimeout: its
 * default of 30 s would let a limit run up to 30 s late, so at most 1 s (and a
 * tenth of a shorter limit).
 */
function checkingInterval(t: Timeouts): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(t.headersTimeout, t.requestTimeout) / 10)));
}

const NOT_FOUND = failure(404, 'no operation at this path');
// The rest of an oversized body is left unread: the connection closes after the answer.
const TOO_LARGE_REPLY = failure(413, 'request body over 1 MiB', ['connection', 'close']);
const ABORTED = failure(400, 'request body was not received');

/** The path of a request target, without its query string. */
function splitTarget(url: string): [path: string, query: string] {
  if (url.charCodeAt(0) !== 47 /* / */) {
    try {
      const u = new URL(url);
      return [u.pathname, u.search.slice(1)];
    } catch {
      return [url, ''];
    }
  }
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}

export function createServer(options: ServerOptions): http.Server {
  const routes = buildRoutes(options.handlers);
  if (options.token === '') throw new Error('the server token is empty');
  const crossSite = crossSiteGate(options.allowedHosts ?? []);
  const auth = options.token === undefined ? undefined : authGate(options.token, options.authThrottle);
  const allowPrefer = options.allowPrefer === true;
  const log = accessLog(options.log);
  const ctx: HandlerContext = { now: options.now ?? (() => new Date()) };

  /** A valid request's answer: the handler's JSON text, at once when the store can give it synchronously. */
  function answered(route: Route, params: Params, prefer: Preferences | undefined): Reply | Promise<Reply> {
    const extra = prefer ? ['preference-applied', prefer.applied] : undefined;
    const reply = (body: string): Reply => (extra ? { status: 200, body, headers: extra } : { status: 200, body });
    if (route.json) {
      const text = route.json(params, ctx);
      return isPromise(text) ? text.then(reply) : reply(text);
    }
    return route.handler(params, ctx).then((records) => reply(JSON.stringify(records)));
  }

  /** Preferences, validation and the handler, once the parameters are all read. */
  function decide(req: IncomingMessage, route: Route, raw: Params): Reply | Promise<Reply> {
    if (route.listParams.length) listify(raw, route.listParams);
    const prefer: Preferences | undefined = allowPrefer ? parsePrefer(req.headers['prefer']) : undefined;
    if (prefer?.delay) return sleep(prefer.delay).then(() => afterDelay(route, raw, prefer));
    return afterDelay(route, raw, prefer);
  }

  function afterDelay(route: Route, raw: Params, prefer: Preferences | undefined): Reply | Promise<Reply> {
    if (prefer?.status)
      return failure(prefer.status, `forced by Prefer: status=${prefer.status}`, [
        'preference-applied',
        prefer.applied,
      ]);

    const checked = checkParams(route.op, raw);
    if (!checked.ok) return failure(422, describeErrors(checked.errors));

    if (prefer?.confirma) {
      const body = envelopeBody(prefer.confirma, `forced by Prefer: confirma=${prefer.confirma} (nothing was done)`);
      return { status: 200, body, headers: ['preference-applied', prefer.applied] };
    }
    return answered(route, checked.value, prefer);
  }

  async function withBody(req: IncomingMessage, route: Route, raw: Params): Promise<Reply> {
    let body;
    try {
      body = await readBody(req, BODY_LIMIT, bodyCounter(req.headers['content-type'], raw));
    } catch {
      // The client went away while sending its body.
      return ABORTED;
    }
    if (body === TOO_LARGE) return TOO_LARGE_REPLY;
    if (body === TOO_MANY) return TOO_MANY_REPLY;
    const parsed = addBody(raw, req.headers['content-type'], body);
    if (!parsed.ok) return failure(400, parsed.message);
    return decide(req, route, raw);
  }

  /**
   * The answer to a routed request. A request without a body whose handler
   * answers at once (the common read) is answered synchronously: no promise,
   * no await on the hot path.
   */
  function answer(req: IncomingMessage, route: Route, query: string): Reply | Promise<Reply> {
    const raw = query ? addForm(emptyParams(), query) : emptyParams();
    return hasBody(req) ? withBody(req, route, raw) : decide(req, route, raw);
  }

  /**
   * A handler that failed. The store unavailable (locked by another process,
   * disk full, read-only file, I/O error): 503 with `Retry-After` and what is
   * wrong. Else a bug: say which operation and what kind of error, never the
   * message (it may carry parameters).
   */
  function fault(route: Route, err: unknown): Reply {
    if (err instanceof StoreUnavailable) {
      options.log?.write(`${route.op.id}: store unavailable: ${err.reason}\n`);
      return failure(503, err.message, ['retry-after', String(err.retryAfter)]);
    }
    options.log?.write(`${route.op.id}: handler failed: ${err instanceof Error ? err.name : typeof err}\n`);
    return route.fault;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const startedAt = log ? performance.now() : 0;
    const [path, query] = splitTarget(req.url ?? '/');
    const route = routes.get(path);
    const finish = (reply: Reply, read: boolean): void => {
      if (res.destroyed) return;
      // Close the connection when shutting down, or rather than read a refused request's body.
      writeReply(res, reply, !server.listening || (!read && hasBody(req)));
      log?.(req.method ?? '-', route ? route.op.path : safePath(path), reply.status, startedAt);
    };
    // The request gate: browsers on another site's behalf, then the token, before routing reveals anything.
    const refused = crossSite(req.headers) ?? auth?.(req);
    if (refused) return finish(refused, false);
    if (!route) return finish(NOT_FOUND, false);
    if (!route.methods.includes(req.method ?? '')) return finish(route.wrongMethod, false);
    let reply: Reply | Promise<Reply>;
    try {
      reply = answer(req, route, query);
    } catch (err) {
      reply = fault(route, err);
    }
    if (isPromise(reply)) {
      reply.then(
        (r) => finish(r, true),
        (err: unknown) => finish(fault(route, err), true),
      );
    } else finish(reply, true);
  }

  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  // No Host at all is refused by the request gate, with the headers of every answer.
  const server = http.createServer(
    { ...timeouts, connectionsCheckingInterval: checkingInterval(timeouts), requireHostHeader: false },
    handle,
  );
  answerClientErrors(server);
  return server;
}
