/**
 * A loopback HTTP server for tests: records every request it receives and
 * answers canned replies (streamed ones too, endless if need be). Also
 * records CONNECT requests, so that it can stand in for a proxy.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Port of the client's socket (tells whether connections are reused). */
  readonly remotePort: number;
}

export interface CannedReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON (application/json). */
  readonly json?: unknown;
  /** Sent as is (give the content type in `headers`). */
  readonly raw?: string;
  /** Sent as these bytes, which need not be UTF-8 (give the content type in `headers`). */
  readonly bytes?: Uint8Array;
  /** Wait before answering. */
  readonly delayMs?: number;
  /** Sent as a stream: `chunk` written `count` times (default: until the client goes away), `intervalMs` apart (default: as fast as the socket takes them). */
  readonly stream?: { readonly chunk: string; readonly count?: number; readonly intervalMs?: number };
}

export type Responder = (req: RecordedRequest, index: number) => CannedReply;

/** Writes a streamed reply's chunks, waiting for the socket when it is full; stops when the client goes away. */
function writeStream(res: ServerResponse, stream: NonNullable<CannedReply['stream']>): void {
  let left = stream.count ?? Infinity;
  const next = (): void => {
    while (left > 0 && !res.destroyed) {
      left--;
      if (!res.write(stream.chunk)) {
        res.once('drain', next);
        return;
      }
      if (stream.intervalMs) {
        setTimeout(next, stream.intervalMs).unref();
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  next();
}

export interface FakeService {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** CONNECT targets (host:port) asked of this server as a proxy. */
  readonly connects: string[];
  /** Answers with these replies in turn; the last one repeats. A function computes the reply. */
  reply(...replies: Array<CannedReply | Responder>): void;
  /** Forgets the recorded requests and answers `[]` again. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeService(): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const connects: string[] = [];
  let replies: Array<CannedReply | Responder> = [{ json: [] }];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://fake.invalid'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort ?? 0,
      };
      const index = requests.push(recorded) - 1;
      const canned = replies[Math.min(index, replies.length - 1)]!;
      const r = typeof canned === 'function' ? canned(recorded, index) : canned;
      const send = () => {
        if (res.destroyed) return;
        const headers: Record<string, string> = {
          ...(r.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...r.headers,
        };
        res.writeHead(r.status ?? 200, headers);
        if (r.stream) return writeStream(res, r.stream);
        res.end(r.json !== undefined ? JSON.stringify(r.json) : (r.bytes ?? r.raw ?? ''));
      };
      if (r.delayMs) setTimeout(send, r.delayMs).unref();
      else send();
    });
  });
  server.on('connect', (req, socket) => {
    connects.push(req.url ?? '');
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connects,
    reply: (...list) => {
      replies = list.length ? list : [{ json: [] }];
    },
    reset: () => {
      requests.length = 0;
      connects.length = 0;
      replies = [{ json: [] }];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The URL of a loopback port that nothing listens on any more (connection refused). */
export async function closedUrl(): Promise<string> {
  const gone = await startFakeService();
  await gone.close();
  return gone.url;
}
