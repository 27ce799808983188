/**
 * Sending requests: a timeout for the request with all its attempts and the
 * waits between them (the body included: `--timeout` bounds what a person
 * waits, as curl's --max-time does; a retry starts only when time is left for
 * it), a limit on the size of an answer, retries with backoff for GET and
 * HEAD, and the -v trace,
 * over a wire (wire.ts): node:http, or undici when the environment configures
 * a proxy or for a batch. The wire only moves bytes; every rule here applies
 * to both.
 */
import { type Cause, Interrupted, TransportError, type TransportFault } from './errors.js';
import { statusText } from './node-http.js';
import { declaredTooLarge, discard, readText, TOO_LARGE } from './body.js';
import { maskedUrl, requestLabel } from './mask.js';
import { nodeWire } from './node-wire.js';
import { formatSize } from './size.js';
import { backoffMs, retriesMethod, retriesStatus, retryAfterMs } from './retry.js';
import type { ClientOptions, HttpRequest, HttpResponse } from './types.js';
import { wireKind, type Wire, type WireKind } from './wire.js';
import { plural } from '../catalogue/words/numbers.js';

export interface Transport {
  /** The wire requests go over. */
  readonly wire: WireKind;
  /** Sends with retries; resolves with any HTTP status, rejects with TransportError or Interrupted. */
  send(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/** System errors by code; shown with the code. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

/** Causes without a system code, in English (the CLI words them in the run's language). */
const CAUSES: Readonly<Record<Cause, string>> = {
  // The server closed the connection before the whole answer: undici's error, and node:http's two.
  closed: 'connection closed by the server',
  'not-http': 'the answer is not HTTP/1.1',
  tls: 'the TLS handshake failed',
};

const caused = (cause: Cause) => ({ cause, reason: CAUSES[cause] });

/**
 * The system's error code of a failed connection, if any, or its cause, and
 * the reason in words (causes are the same whichever library reported them).
 */
function reason(err: unknown): { code?: string; cause?: Cause; reason: string } {
  const e = err as { code?: string; message?: string; name?: string; errors?: Array<{ code?: string }> };
  const code = e.code ?? e.errors?.find((x) => x.code)?.code;
  if (code === 'UND_ERR_SOCKET' || (code === 'ECONNRESET' && /^(socket hang up|aborted)$/.test(e.message ?? '')))
    return caused('closed');
  if (e.name === 'HTTPParserError' || code?.startsWith('HPE_')) return caused('not-http');
  // node:https says EPROTO, undici the OpenSSL reason; certificate errors keep their own code (both use node:tls).
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL_')) return caused('tls');
  if (code) return { code, reason: REASONS[code] ? `${REASONS[code]} (${code})` : code };
  return { reason: (e.message ?? String(err)).split('\n')[0]! };
}

function header(headers: HttpResponse['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function createTransport(options: ClientOptions): Transport {
  const { env, clock, trace } = options;
  const kind = wireKind(env, options.pooled);
  let wire: Promise<Wire> | undefined;
  // undici is loaded only when it is the wire.
  const connect = () =>
    (wire ??= kind === 'undici' ? import('./undici.js').then((m) => m.undiciWire(env)) : Promise.resolve(nodeWire()));

  /** One attempt, the `n`th, given `ms` of the request's time left. */
  async function attempt(req: HttpRequest, ms: number, n: number): Promise<HttpResponse> {
    const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(ms)));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const started = clock.now();
    trace?.({ kind: 'request', method: req.method, url: maskedUrl(req.url) });
    const label = requestLabel(req.method, req.url);
    try {
      const res = await (await connect()).request(req, signal);
      const contentType = header(res.headers, 'content-type') ?? 'no content type';
      const answered = { kind: 'answer' as const, status: res.statusCode, statusText: statusText(res.statusCode) };
      // A HEAD answer's content-length is that of the GET: there is no body to refuse.
      const tooLarge =
        req.method !== 'HEAD' && declaredTooLarge(header(res.headers, 'content-length'), options.maxResponseBytes);
      if (tooLarge) discard(res.body);
      const body = tooLarge ? TOO_LARGE : await readText(res.body, options.maxResponseBytes);
      if (body === TOO_LARGE) {
        const limit = formatSize(options.maxResponseBytes);
        trace?.({ ...answered, contentType, over: limit, ms: Math.round(clock.now() - started) });
        throw new TransportError(
          `answer of ${label} exceeds the ${limit} response limit (--max-response-size)`,
          false,
          {
            kind: 'too-large',
            request: label,
            limit,
          },
        );
      }
      trace?.({ ...answered, contentType, bytes: body.bytes, ms: Math.round(clock.now() - started) });
      return { status: res.statusCode, contentType, headers: res.headers, body: body.text };
    } catch (err) {
      if (options.signal?.aborted) throw new Interrupted();
      if (err instanceof TransportError) throw err;
      if (timeout.aborted)
        throw new TransportError(
          `${label} timed out after ${options.timeoutMs} ms (--timeout, ${plural('en', n, { one: '# attempt', other: '# attempts' })})`,
          true,
          { kind: 'timeout', request: label, ms: options.timeoutMs, attempts: n },
        );
      const why = reason(err);
      throw new TransportError(`cannot reach ${label}: ${why.reason}`, true, {
        kind: 'unreachable',
        request: label,
        ...why,
      });
    }
  }

  async function send(req: HttpRequest): Promise<HttpResponse> {
    const retries = retriesMethod(req.method) ? options.retries : 0;
    const deadline = clock.now() + options.timeoutMs;
    /** Whether a wait of `ms` and another attempt fit in the time left. */
    const fits = (ms: number) => clock.now() + ms < deadline;
    for (let n = 0; ; n++) {
      let res: HttpResponse;
      try {
        res = await attempt(req, deadline - clock.now(), n + 1);
      } catch (err) {
        if (!(err instanceof TransportError) || !err.retryable || n >= retries) throw err;
        const ms = backoffMs(n, clock.random);
        if (!fits(ms)) throw err;
        await wait(n, err.fault!, ms);
        continue;
      }
      if (n >= retries || !retriesStatus(res.status)) return res;
      const ms = retryAfterMs(res.headers['retry-after']) ?? backoffMs(n, clock.random);
      if (!fits(ms)) return res;
      await wait(n, res.status, ms);
    }
  }

  async function wait(n: number, why: TransportFault | number, ms: number): Promise<void> {
    trace?.({ kind: 'retry', ms, why, attempt: n + 2, of: options.retries + 1 });
    try {
      await clock.sleep(ms, options.signal);
    } catch {
      throw new Interrupted();
    }
  }

  return { wire: kind, send, close: async () => (wire ? (await wire).close() : undefined) };
}
