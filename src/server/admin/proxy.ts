/**
 * The validating proxy (`serve --proxy-to URL [--proxy-to-test URL]`): every
 * operation's request, once through the gate, the token and routing, is
 * forwarded to the real service (the test host's operations to
 * `--proxy-to-test`, else `--proxy-to`), and its answer returned unchanged
 * (status, type, body). Each answer is checked against the catalogue, as the
 * CLI checks what it reads (`checkResponse`): a 200 whose records break the
 * documented shape, or an answer that is not JSON, is reported on the log
 * (`proxy_breach`: the operation and the rule, never a value) and in the
 * journal. Nothing is stored; the access audit is the real service's.
 */
import { catalogueWords, checkResponse, type Lang } from '../../catalogue/index.js';
import { parseExact } from '../../catalogue/exact-json.js';
import { BODY_LIMIT, readBody } from '../http/body.js';
import type { PlainRequest } from '../http/exchange.js';
import { failure, type Reply } from '../http/reply.js';
import type { Route } from '../http/routes.js';
import type { ServerLog } from '../observe/log.js';
import { inLang } from '../../catalogue/index.js';
import { proxyWords } from '../words.js';
import type { Answered } from './journal.js';

/** The largest answer forwarded back. */
const ANSWER_LIMIT = 16 * 1024 * 1024;
/** How long the real service may take. */
const TIMEOUT_MS = 30_000;
/** The request headers forwarded (the rest are the hop's or the proxy's own). */
const FORWARDED = [
  'content-type',
  'accept',
  'accept-language',
  'authorization',
  'prefer',
  'x-request-id',
  'user-agent',
];

export interface ProxyOptions {
  readonly base: string;
  readonly test?: string;
  readonly log?: ServerLog;
  readonly journal?: (answered: Answered) => void;
  /** `--record`: each 200 within the spec, by operation (recording.ts). */
  readonly record?: (operation: string, body: string) => void;
}

export type Forwarder = (route: Route, request: PlainRequest, query: string, lang: Lang) => Promise<Reply>;

const en = catalogueWords('en');

/** Why an answer breaks the spec or coopctl's reading of it, in English; undefined when it does not. */
export function breachOf(route: Route, status: number, type: string, body: string): string | undefined {
  if (!/^application\/(.+\+)?json\b/i.test(type)) return `not JSON (${type || 'no content type'})`;
  let value: unknown;
  try {
    value = parseExact(body);
  } catch {
    return 'malformed JSON';
  }
  if (status !== 200)
    return Array.isArray(value) ? undefined : 'an error answer that is not a list of envelope records';
  const checked = checkResponse(route.op, value);
  return checked.ok ? undefined : en.shape(checked.fault);
}

async function bounded(res: Response): Promise<string | undefined> {
  if (Number(res.headers.get('content-length') ?? 0) > ANSWER_LIMIT) return undefined;
  const reader = res.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > ANSWER_LIMIT) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

export function validatingProxy(options: ProxyOptions): Forwarder {
  const { log, journal } = options;
  return async (route, request, query, lang) => {
    const started = performance.now();
    const base = route.op.host === 'test' && options.test ? options.test : options.base;
    const url = new URL(`${route.op.path}${query ? `?${query}` : ''}`, base);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const v = request.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const body =
      request.body === undefined
        ? undefined
        : await readBody(request.body, request.headers['content-length'], BODY_LIMIT);
    if (typeof body === 'symbol') return failure(413, inLang(proxyWords.tooLarge, lang));
    let res: Response;
    try {
      res = await fetch(url, {
        method: request.method,
        headers,
        ...(body === undefined || request.method === 'GET' || request.method === 'HEAD'
          ? {}
          : { body: new Uint8Array(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      log?.event('warn', 'proxy_unreachable', `${route.op.id}: the real service did not answer`, {
        operation: route.op.id,
      });
      return failure(502, inLang(proxyWords.unreachable(err instanceof Error ? err.name : 'error'), lang));
    }
    const text = await bounded(res);
    if (text === undefined) return failure(502, inLang(proxyWords.answerTooLarge, lang));
    const type = res.headers.get('content-type') ?? '';
    const breach = request.method === 'HEAD' ? undefined : breachOf(route, res.status, type, text);
    if (breach)
      log?.event(
        'warn',
        'proxy_breach',
        `${route.op.id}: the real service's answer (${res.status}) breaks the spec: ${breach}`,
        {
          operation: route.op.id,
          status: res.status,
          breach,
        },
      );
    if (!breach && res.status === 200 && request.method !== 'HEAD') options.record?.(route.op.id, text);
    journal?.({
      method: request.method,
      operation: route.op.id,
      status: res.status,
      body: text,
      raw: undefined,
      ms: performance.now() - started,
      card: undefined,
      ...(breach ? { breach } : {}),
    });
    return { status: res.status, body: text, ...(type ? { type } : {}) };
  };
}
