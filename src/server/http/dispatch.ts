/**
 * The server core, without sockets: `dispatch(request) → response` on plain
 * values (exchange.ts). The request's id (request-id.ts), the request gate
 * (Host, Origin), the probes (probes.ts: /healthz, /readyz, /metrics, without
 * the server's token), the token and its throttle, then routing by the
 * catalogue (404, 405), then the operation's answer (answer.ts); the response
 * says which operation and client it was, for the log and the metrics.
 * Conventions: docs/server.md.
 */
import type { Handlers } from '../handlers/types.js';
import { tokenList, type ServerToken } from '../tokens.js';
import { routeAnswer, type AnswerOptions } from './answer.js';
import { fastAnswer, isPromise, type MaybePromise } from './fast-path.js';
import { authGate } from './auth.js';
import { crossSiteGate } from './cross-site.js';
import { originPolicy, preflightHeaders } from './origins.js';
import { ADMIN_PREFIX, type AdminAnswer } from '../admin/routes.js';
import { CONSOLE_ASSETS } from '../admin/console-routes.js';
import { JOURNAL_STREAM } from '../admin/journal-stream.js';
import type { Forwarder } from '../admin/proxy.js';
import { UNKNOWN_OPERATION, type PlainRequest, type PlainResponse } from './exchange.js';
import { preferredLang } from './lang.js';
import { probeRoutes, type ProbeOptions } from './probes.js';
import { failures, replyHeaders, type Reply } from './reply.js';
import { requestIds } from './request-id.js';
import { http } from '../words.js';
import { buildRoutes } from './routes.js';
import type { ThrottleOptions } from './throttle.js';

export interface DispatchOptions extends AnswerOptions {
  /** One handler per catalogue operation. */
  readonly handlers: Handlers;
  /**
   * When set, every request but the probes needs `Authorization: Bearer` with
   * this token, or one of these clients' tokens (tokens.ts).
   */
  readonly token?: string | readonly ServerToken[];
  /** /healthz, /readyz and /metrics; without, those paths are unknown (404). */
  readonly probes?: ProbeOptions;
  /** Counts the operations' requests in flight (those answered later than at once); none when metrics are off. */
  readonly meter?: { inFlight: number };
  /** Host names answered besides localhost and IP literals: the bound host, `--allowed-host` names. */
  readonly allowedHosts?: readonly string[];
  /** Origins of web pages that may call the server and read its answers (`--cors`, as origins.ts's `originOf` writes them, or `*`). */
  readonly cors?: readonly string[];
  /** Origins of web pages that may send requests, without reading the answers (`--allowed-origin`). */
  readonly allowedOrigins?: readonly string[];
  /** The admin API (`serve --admin`, src/server/admin/): the paths under its prefix; none: they are unknown (404). */
  readonly admin?: AdminAnswer;
  /** The validating proxy (`serve --proxy-to`): every operation's answer is the real service's. */
  readonly proxy?: Forwarder;
  /** How repeated 401s from one client are slowed down (tests shorten the window or pass a clock). */
  readonly authThrottle?: Partial<ThrottleOptions>;
}

/**
 * Answers one request: at once when the fast path can (fast-path.ts: the
 * common read, from SQLite), else a promise that never rejects.
 */
export type Dispatch = (request: PlainRequest) => MaybePromise<PlainResponse>;

const NOT_FOUND = failures(404, http.notFound);

/** What the text log shows for such a path: a path may hold anything (an e-mail, a card, a diagnosis). */
export const UNKNOWN_PATH = '(unknown path)';

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

/**
 * A reply as the response value, with who the request is for the log: its
 * operation (undefined for a probe), text-log path, token label and id.
 * `unread`: the request's body was not read at all.
 */
function response(
  reply: Reply,
  unread: boolean,
  operation: string | undefined,
  logPath: string,
  tokenLabel: string | undefined,
  requestId: string | undefined,
  cors?: readonly string[],
): PlainResponse {
  const headers = replyHeaders(reply, requestId);
  if (cors) headers.push(...cors);
  return {
    status: reply.status,
    headers,
    body: reply.body,
    close: unread || reply.close === true,
    stream: reply.stream,
    operation,
    logPath,
    tokenLabel,
    requestId,
  };
}

/** The methods of the probes, for a preflight. */
const PROBE_METHODS = ['GET', 'HEAD'];

/** The answer to a CORS preflight: 204, no body (so no type nor length), what the origin may send. */
function preflight(
  headers: string[],
  unread: boolean,
  op: { readonly id: string; readonly path: string } | undefined,
  path: string,
  requestId: string | undefined,
): PlainResponse {
  if (requestId !== undefined) headers.push('x-request-id', requestId);
  return {
    status: 204,
    headers,
    body: '',
    close: unread,
    operation: op?.id,
    logPath: op?.path ?? path,
    tokenLabel: undefined,
    requestId,
  };
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const routes = buildRoutes(options.handlers);
  if (options.token === '') throw new Error('the server token is empty');
  const origins = originPolicy(options.cors ?? [], options.allowedOrigins ?? []);
  const crossSite = crossSiteGate(options.allowedHosts ?? [], origins);
  const auth = options.token === undefined ? undefined : authGate(tokenList(options.token), options.authThrottle);
  const probes = options.probes ? probeRoutes(options.probes) : undefined;
  const answer = fastAnswer(options, routeAnswer(options));
  const idOf = requestIds(options.log !== undefined);
  const { meter, admin, journal, proxy } = options;
  /** A refusal before the operation's answer (401, 403, 404, 405), noted in the journal when there is one. */
  const refusal = (method: string, operation: string, reply: Reply): Reply => {
    journal?.({ method, operation, status: reply.status, body: reply.body, raw: undefined, ms: 0, card: undefined });
    return reply;
  };

  return (request) => {
    const [path, query] = splitTarget(request.target);
    const route = routes.get(path);
    const { headers } = request;
    const lang = preferredLang(headers['accept-language']);
    const id = idOf(headers['x-request-id']);
    const unread = request.body !== undefined;
    // The request gate: browsers on another site's behalf first, for every path.
    const foreign = crossSite(headers)?.[lang];
    const probe = route ? undefined : probes?.get(path);
    // The CORS headers of a page's origin given with --cors: none looked for when there is none.
    const cors =
      origins.cors && !foreign && headers.origin !== undefined ? origins.corsHeaders(headers.origin) : undefined;
    if (cors && request.method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) {
      const methods = route ? route.methods : probe ? PROBE_METHODS : undefined;
      if (methods) return preflight(preflightHeaders(origins, headers.origin!, methods)!, unread, route?.op, path, id);
    }
    if (probe) {
      if (foreign) return response(foreign, unread, undefined, path, undefined, id);
      return probe(request, lang).then((r) => response(r, unread, undefined, path, undefined, id, cors));
    }
    // Then the token, before routing reveals anything. A refused request's body is not read: the connection closes after the answer.
    const granted = foreign ? undefined : auth?.(headers.authorization, request.clientAddress ?? '');
    const refused = foreign ?? (typeof granted === 'object' ? granted[lang] : undefined);
    const label = typeof granted === 'string' ? granted : undefined;
    if (!route) {
      // The console's page and assets hold no data: served without the token, never to another site's page.
      // The journal's stream takes a ticket (got with the token) in its query instead: EventSource sends no header.
      if (
        admin &&
        path.startsWith(ADMIN_PREFIX) &&
        (!refused || (!foreign && (CONSOLE_ASSETS.has(path) || path === JOURNAL_STREAM)))
      )
        // Only a load reads its body: another's is left unread, and the connection closes after the answer.
        return admin(request, path, query, lang).then((r) =>
          response(r, unread && !path.endsWith('/load'), undefined, path, label, id, cors),
        );
      const reply = refusal(request.method, UNKNOWN_OPERATION, refused ?? NOT_FOUND[lang]);
      return response(reply, unread, UNKNOWN_OPERATION, UNKNOWN_PATH, label, id, cors);
    }
    const { op } = route;
    if (refused) return response(refusal(request.method, op.id, refused), unread, op.id, op.path, label, id, cors);
    if (!route.methods.includes(request.method))
      return response(refusal(request.method, op.id, route.wrongMethod[lang]), unread, op.id, op.path, label, id, cors);
    const reply = proxy ? proxy(route, request, query, lang) : answer(route, request, query, lang, label, id);
    if (!isPromise(reply)) return response(reply, false, op.id, op.path, label, id, cors);
    if (!meter) return reply.then((r) => response(r, false, op.id, op.path, label, id, cors));
    meter.inFlight += 1;
    return reply.then((r) => {
      meter.inFlight -= 1;
      return response(r, false, op.id, op.path, label, id, cors);
    });
  };
}
