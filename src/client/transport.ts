/**
 * Sending requests with undici: one keep-alive pool per client (behind the
 * proxies of HTTP_PROXY/HTTPS_PROXY/NO_PROXY), a timeout per attempt (the
 * body included), a limit on the size of an answer, and retries with backoff
 * for GET and HEAD.
 */
import { STATUS_CODES } from 'node:http';
import { EnvHttpProxyAgent, request } from './undici.js';
import { Interrupted, TransportError } from './errors.js';
import { declaredTooLarge, discard, readText, TOO_LARGE } from './body.js';
import { maskedUrl, requestLabel } from './mask.js';
import { formatSize } from './size.js';
import { backoffMs, retriesMethod, retriesStatus, retryAfterMs } from './retry.js';
import type { ClientOptions, HttpRequest, HttpResponse } from './types.js';

export interface Transport {
  /** Sends with retries; resolves with any HTTP status, rejects with TransportError or Interrupted. */
  send(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

/** The system's error code of a failed connection, if any, and the reason in words. */
function reason(err: unknown): { code?: string; reason: string } {
  const e = err as { code?: string; message?: string; errors?: Array<{ code?: string }> };
  const code = e.code ?? e.errors?.find((x) => x.code)?.code;
  if (code) return { code, reason: REASONS[code] ? `${REASONS[code]} (${code})` : code };
  return { reason: (e.message ?? String(err)).split('\n')[0]! };
}

function header(headers: HttpResponse['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function createTransport(options: ClientOptions): Transport {
  const { env, clock, trace } = options;
  const dispatcher = new EnvHttpProxyAgent({
    httpProxy: env['http_proxy'] ?? env['HTTP_PROXY'] ?? '',
    httpsProxy: env['https_proxy'] ?? env['HTTPS_PROXY'] ?? '',
    noProxy: env['no_proxy'] ?? env['NO_PROXY'] ?? '',
    keepAliveTimeout: 10_000,
  });

  async function attempt(req: HttpRequest): Promise<HttpResponse> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const started = clock.now();
    trace?.(`> ${req.method} ${maskedUrl(req.url)}`);
    const label = requestLabel(req.method, req.url);
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        dispatcher,
        signal,
      });
      const contentType = header(res.headers, 'content-type') ?? 'no content type';
      const status = `${res.statusCode} ${STATUS_CODES[res.statusCode] ?? ''}`;
      // A HEAD answer's content-length is that of the GET: there is no body to refuse.
      const tooLarge =
        req.method !== 'HEAD' && declaredTooLarge(header(res.headers, 'content-length'), options.maxResponseBytes);
      if (tooLarge) discard(res.body);
      const body = tooLarge ? TOO_LARGE : await readText(res.body, options.maxResponseBytes);
      if (body === TOO_LARGE) {
        const limit = formatSize(options.maxResponseBytes);
        trace?.(`< ${status} (${contentType}, over ${limit}, dropped) in ${Math.round(clock.now() - started)} ms`);
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
      trace?.(`< ${status} (${contentType}, ${body.bytes} bytes) in ${Math.round(clock.now() - started)} ms`);
      return { status: res.statusCode, contentType, headers: res.headers, body: body.text };
    } catch (err) {
      if (options.signal?.aborted) throw new Interrupted();
      if (err instanceof TransportError) throw err;
      if (timeout.aborted)
        throw new TransportError(`${label} timed out after ${options.timeoutMs} ms`, true, {
          kind: 'timeout',
          request: label,
          ms: options.timeoutMs,
        });
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
    for (let n = 0; ; n++) {
      let res: HttpResponse;
      try {
        res = await attempt(req);
      } catch (err) {
        if (!(err instanceof TransportError) || !err.retryable || n >= retries) throw err;
        await wait(n, err.message, undefined);
        continue;
      }
      if (n >= retries || !retriesStatus(res.status)) return res;
      await wait(n, `HTTP ${res.status}`, retryAfterMs(res.headers['retry-after']));
    }
  }

  async function wait(n: number, why: string, after: number | undefined): Promise<void> {
    const ms = after ?? backoffMs(n, clock.random);
    trace?.(`retrying in ${ms} ms (${why}), attempt ${n + 2} of ${options.retries + 1}`);
    try {
      await clock.sleep(ms, options.signal);
    } catch {
      throw new Interrupted();
    }
  }

  return { send, close: () => dispatcher.close() };
}
