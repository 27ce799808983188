/**
 * The server core, without sockets: `dispatch(request) → response` on plain
 * values (exchange.ts). The request gate (Host, Origin, token, throttle)
 * first, then routing by the catalogue (404, 405), then the operation's answer
 * (answer.ts). Conventions: docs/server.md.
 */
import type { Handlers } from '../handlers/types.js';
import { isPromise } from '../maybe-promise.js';
import { safePath } from './access-log.js';
import { routeAnswer, type AnswerOptions } from './answer.js';
import { authGate } from './auth.js';
import { crossSiteGate } from './cross-site.js';
import type { PlainRequest, PlainResponse } from './exchange.js';
import { preferredLang } from './lang.js';
import { failures, replyHeaders, type Reply } from './reply.js';
import { http } from '../words.js';
import { buildRoutes } from './routes.js';
import type { ThrottleOptions } from './throttle.js';

export interface DispatchOptions extends AnswerOptions {
  /** One handler per catalogue operation. */
  readonly handlers: Handlers;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Host names answered besides localhost and IP literals: the bound host, `--allowed-host` names. */
  readonly allowedHosts?: readonly string[];
  /** How repeated 401s from one client are slowed down (tests shorten the window or pass a clock). */
  readonly authThrottle?: Partial<ThrottleOptions>;
}

/**
 * Answers one request: at once when it has no body and its handler answers
 * synchronously (the common read), else a promise that never rejects.
 */
export type Dispatch = (request: PlainRequest) => PlainResponse | Promise<PlainResponse>;

const NOT_FOUND = failures(404, http.notFound);

/** The path of a request target, and its query string without `?`. */
export function splitTarget(target: string): [path: string, query: string] {
  if (target.charCodeAt(0) !== 47 /* / */) {
    try {
      const u = new URL(target);
      return [u.pathname, u.search.slice(1)];
    } catch {
      return [target, ''];
    }
  }
  const q = target.indexOf('?');
  return q < 0 ? [target, ''] : [target.slice(0, q), target.slice(q + 1)];
}

/** A reply as the response value; `unread`: the request's body was not read at all. */
function response(reply: Reply, logPath: string, unread: boolean): PlainResponse {
  const close = unread || reply.close === true;
  return { status: reply.status, headers: replyHeaders(reply), body: reply.body, close, logPath };
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const routes = buildRoutes(options.handlers);
  if (options.token === '') throw new Error('the server token is empty');
  const crossSite = crossSiteGate(options.allowedHosts ?? []);
  const auth = options.token === undefined ? undefined : authGate(options.token, options.authThrottle);
  const answer = routeAnswer(options);

  return (request) => {
    const [path, query] = splitTarget(request.target);
    const route = routes.get(path);
    const logPath = route ? route.op.path : safePath(path);
    const { headers } = request;
    const lang = preferredLang(headers['accept-language']);
    // The request gate: browsers on another site's behalf, then the token, before routing reveals anything.
    // A refused request's body is not read: the connection closes after the answer.
    const refused = crossSite(headers) ?? auth?.(headers.authorization, request.clientAddress ?? '');
    const unread = request.body !== undefined;
    if (refused) return response(refused[lang], logPath, unread);
    if (!route) return response(NOT_FOUND[lang], logPath, unread);
    if (!route.methods.includes(request.method)) return response(route.wrongMethod[lang], logPath, unread);
    const reply = answer(route, request, query, lang);
    return isPromise(reply) ? reply.then((r) => response(r, logPath, false)) : response(reply, logPath, false);
  };
}
