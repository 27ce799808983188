/** Reading a request body, up to a limit, without buffering more than the limit. */
import type { IncomingMessage } from 'node:http';
import type { ValueCounter } from './value-count.js';

/** Largest body the server reads (GUIDE §6). */
export const BODY_LIMIT = 1024 * 1024;

export const TOO_LARGE = Symbol('too large');
export const TOO_MANY = Symbol('too many values');

/** Whether the request announces a body at all (most reads do not: no buffering, no waiting). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads the whole body, or stops as soon as it is known to exceed `limit`
 * (by its Content-Length, or by the bytes received) and answers TOO_LARGE,
 * or, fed to `counter`, to carry too many values and answers TOO_MANY,
 * leaving the rest unread.
 */
export function readBody(
  req: IncomingMessage,
  limit = BODY_LIMIT,
  counter?: ValueCounter,
): Promise<Buffer | typeof TOO_LARGE | typeof TOO_MANY> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const stop = (why: typeof TOO_LARGE | typeof TOO_MANY) => {
      done();
      req.pause();
      resolve(why);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(TOO_LARGE);
      if (counter?.feed(chunk)) return stop(TOO_MANY);
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
