/**
 * Reading a request body, up to a limit, without buffering more than the
 * limit, and stopping as soon as the answer is known: the rest stays unread
 * (the adapter closes the connection after answering).
 */
import type { RequestBody, RequestHeaders } from './exchange.js';
import type { ValueCounter } from './value-count.js';

/** Largest body the server reads (docs/server.md, "Requests"). */
export const BODY_LIMIT = 1024 * 1024;

export const TOO_LARGE = Symbol('too large');
export const TOO_MANY = Symbol('too many values');
/** The body stopped coming: the client went away, or its connection failed. */
export const ABORTED = Symbol('aborted');

export type BodyStop = typeof TOO_LARGE | typeof TOO_MANY | typeof ABORTED;

/** Whether the headers announce a body at all (most reads do not: no buffering, no waiting). */
export function hasBody(headers: RequestHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Takes in one chunk; answers why reading stops there, if it does. */
type Take = (chunk: Uint8Array) => BodyStop | undefined;

/**
 * Reads the chunks one by one. Stopping early does not call the iterator's
 * `return()`: for a node stream that would destroy it, and its socket, before
 * the answer is written.
 */
async function readChunks(chunks: AsyncIterable<Uint8Array>, take: Take): Promise<BodyStop | undefined> {
  const iterator = chunks[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await iterator.next();
    } catch {
      return ABORTED;
    }
    if (next.done) return undefined;
    const stop = take(next.value);
    if (stop) return stop;
  }
}

/**
 * Reads the whole body, or stops as soon as it is known to exceed `limit`
 * (by its declared Content-Length, or by the bytes received) and answers
 * TOO_LARGE, or, fed to `counter`, to carry too many values and answers
 * TOO_MANY; ABORTED when it stops coming.
 */
export async function readBody(
  body: RequestBody,
  declaredLength: string | undefined,
  limit = BODY_LIMIT,
  counter?: ValueCounter,
): Promise<Buffer | BodyStop> {
  if (Number(declaredLength) > limit) return TOO_LARGE;
  const parts: Uint8Array[] = [];
  let size = 0;
  const take: Take = (chunk) => {
    size += chunk.length;
    if (size > limit) return TOO_LARGE;
    if (counter?.feed(chunk)) return TOO_MANY;
    parts.push(chunk);
    return undefined;
  };
  const stop = body instanceof Uint8Array ? take(body) : await readChunks(body, take);
  return stop ?? Buffer.concat(parts, size);
}
