/**
 * The wire of Node's own HTTP client (node:http, and node:https loaded on the
 * first https request, node-http.ts): one keep-alive agent per scheme, so
 * that the calls of one command (a wizard, a summary) share connections. Used
 * when no proxy is configured, except for a batch (wire.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { http, https } from './node-http.js';
import type { HttpRequest } from './types.js';
import { KEEP_ALIVE_MS, type Wire, type WireResponse } from './wire.js';

type Lib = { request: typeof http.request };

export function nodeWire(): Wire {
  // `timeout` closes a connection left idle that long; a request's own time limit is the transport's.
  const agentOptions = { keepAlive: true, timeout: KEEP_ALIVE_MS };
  const plain = new http.Agent(agentOptions);
  let secure: HttpsAgent | undefined;
  const secureAgent = () => {
    secure ??= new (https().Agent)(agentOptions);
    return secure;
  };

  async function request(req: HttpRequest, signal: AbortSignal): Promise<WireResponse> {
    const tls = req.url.protocol === 'https:';
    const lib: Lib = tls ? https() : http;
    const agent = tls ? secureAgent() : plain;
    signal.throwIfAborted();
    const headers =
      req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) };
    return new Promise((resolve, reject) => {
      let res: IncomingMessage | undefined;
      const out = lib.request(req.url, { method: req.method, headers, agent });
      // The attempt's signal (its timeout, Ctrl-C) ends the request, and the body while it is read.
      const abort = () => {
        const why = signal.reason as Error;
        reject(why);
        out.destroy(why);
        res?.destroy(why);
      };
      signal.addEventListener('abort', abort, { once: true });
      const done = () => signal.removeEventListener('abort', abort);
      out.on('error', (err) => {
        done();
        reject(err);
        // A connection lost while the body is read ends the body's stream with that error.
        res?.destroy(err);
      });
      out.on('response', (message) => {
        res = message;
        message.once('close', done);
        resolve({ statusCode: message.statusCode ?? 0, headers: message.headers, body: message });
      });
      out.end(req.body);
    });
  }

  return {
    kind: 'node:http',
    request,
    close: async () => {
      plain.destroy();
      secure?.destroy();
    },
  };
}
