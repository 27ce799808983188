/**
 * node:http around the server core: each `IncomingMessage` becomes a plain
 * request for `dispatch`, and its plain response is written back. What is
 * about sockets stays here: time limits against slow or idle clients, node's
 * own refusals (408, 431, 400), HEAD without a body, closing the connection
 * when shutting down or when a body was left unread, the cap on open
 * connections, and the time each request took, for the log and the metrics.
 */
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerLog } from '../observe/log.js';
import type { RequestMeter } from '../observe/tally.js';
import { hasBody } from './body.js';
import { answerClientErrors } from './client-error.js';
import { capConnections, MAX_CONNECTIONS } from './connection-cap.js';
import type { Dispatch } from './dispatch.js';
import type { PlainRequest, PlainResponse } from './exchange.js';
import { whenReady } from './fast-path.js';
import type { Streamer } from './reply.js';
import { http } from './node-http.js';

export interface Timeouts {
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
}

/** Time limits against slow or idle clients. */
export const TIMEOUTS: Timeouts = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 };

export interface AdapterOptions {
  /** Where each request is logged; none for quiet. */
  readonly log?: ServerLog;
  /** Where each answered request is counted (the metrics); none when they are off. */
  readonly meter?: RequestMeter;
  /** Other time limits than TIMEOUTS (tests). */
  readonly timeouts?: Partial<Timeouts>;
  /** Connections open at once (connection-cap.ts; default MAX_CONNECTIONS). */
  readonly maxConnections?: number;
}

/**
 * How often node looks for requests over headersTimeout/requestTimeout: its
 * default of 30 s would let a limit run up to 30 s late, so at most 1 s (and a
 * tenth of a shorter limit).
 */
function checkingInterval(t: Timeouts): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(t.headersTimeout, t.requestTimeout) / 10)));
}

/**
 * Whether a request went past the token gate (connection-cap.ts keeps such a connection longer): its token matched,
 * or, with no token configured, it was an API request neither refused (401, 429) nor from another site (403).
 */
const passedGate = (answer: PlainResponse): boolean =>
  answer.tokenLabel !== undefined ||
  (answer.operation !== undefined && answer.status !== 401 && answer.status !== 429 && answer.status !== 403);

/** The plain request of a node request: its body, when it announces one, is read from the stream as it arrives. */
export function plainRequest(req: IncomingMessage): PlainRequest {
  return {
    method: req.method ?? '',
    target: req.url ?? '/',
    headers: req.headers,
    body: hasBody(req.headers) ? req : undefined,
    clientAddress: req.socket.remoteAddress ?? '',
  };
}

/** The streamed bodies being written, by server: its stop ends them (`endStreams`). */
const streaming = new WeakMap<Server, Set<ServerResponse>>();

/** Ends every streamed body of `server` and closes their connections (its stop: a stream would hold it open). */
export function endStreams(server: Server): void {
  for (const res of streaming.get(server) ?? []) res.end(() => res.socket?.destroy());
}

/** A streamed body (reply.ts) onto `res`: the stream is told when the client goes or the server stops. */
function streamTo(server: Server, res: ServerResponse, stream: Streamer): void {
  const gone = new AbortController();
  let open = streaming.get(server);
  if (!open) {
    open = new Set();
    streaming.set(server, open);
  }
  open.add(res);
  res.on('close', () => {
    open.delete(res);
    gone.abort();
  });
  stream({
    write: (chunk) => {
      if (!res.destroyed && !res.writableEnded) res.write(chunk);
    },
    end: () => {
      if (!res.writableEnded) res.end();
    },
    closed: gone.signal,
  });
}

/** An HTTP server answering every request with `dispatch`. */
export function nodeServer(dispatch: Dispatch, options: AdapterOptions = {}): Server {
  const { log, meter } = options;
  const timed = log !== undefined || meter !== undefined;

  /** Counts and logs an answered request (not a probe's). */
  function observe(req: IncomingMessage, answer: PlainResponse, startedAt: number): void {
    const { operation } = answer;
    if (operation === undefined) return;
    const ms = performance.now() - startedAt;
    meter?.record(operation, answer.status, ms / 1000);
    log?.request({
      requestId: answer.requestId,
      method: req.method ?? '-',
      operation,
      path: answer.logPath,
      status: answer.status,
      ms,
      client: req.socket.remoteAddress ?? '-',
      tokenLabel: answer.tokenLabel,
    });
  }

  function listener(req: IncomingMessage, res: ServerResponse): void {
    const startedAt = timed ? performance.now() : 0;
    const write = (answer: PlainResponse): void => {
      if (!res.destroyed) {
        // Close the connection when shutting down, or rather than read a body left unread.
        const close = answer.close || !server.listening;
        res.writeHead(answer.status, close ? [...answer.headers, 'connection', 'close'] : answer.headers);
        if (answer.stream && req.method !== 'HEAD') streamTo(server, res, answer.stream);
        else res.end(answer.body);
        cap.answered(req.socket, passedGate(answer));
      }
      if (timed) observe(req, answer, startedAt);
    };
    whenReady(dispatch(plainRequest(req)), write);
  }

  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  // No Host at all is refused by the request gate, with the headers of every answer.
  const server = http.createServer(
    { ...timeouts, connectionsCheckingInterval: checkingInterval(timeouts), requireHostHeader: false },
    listener,
  );
  answerClientErrors(server);
  const cap = capConnections(server, options.maxConnections ?? MAX_CONNECTIONS, (max) =>
    log?.event(
      'warn',
      'connections_capped',
      `open connections reached the cap (${max}): slow and idle connections are closed, those without the token first`,
      {
        max,
      },
    ),
  );
  return server;
}
