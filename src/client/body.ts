/**
 * Reading a response body as UTF-8 text (strictly: catalogue/utf8.ts), never more than the response limit:
 * the bytes are counted as they arrive and the stream is destroyed (which
 * closes the connection) as soon as they pass the limit, so an endless or
 * huge answer costs at most the limit in memory.
 */
import type { Readable } from 'node:stream';
import { decodeUtf8 } from '../catalogue/utf8.js';

/** The body passed the limit; what arrived was dropped. */
export const TOO_LARGE = Symbol('too large');

export interface BodyText {
  readonly text: string;
  readonly bytes: number;
}

/** A content-length over the limit: the body is not read at all. */
export function declaredTooLarge(contentLength: string | undefined, limit: number): boolean {
  return contentLength !== undefined && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > limit;
}

/** Drops a body unread (and its connection). */
export function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

export async function readText(body: Readable, limit: number): Promise<BodyText | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > limit) {
      discard(body);
      return TOO_LARGE;
    }
    chunks.push(chunk);
  }
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
  // As undici's body.text(): a UTF-8 byte order mark is not part of the text. An invalid byte is kept as a lone
  // surrogate (catalogue/utf8.ts), never U+FFFD: interpret.ts names the field that holds it.
  const bom = all.length >= 3 && all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0;
  return { text: decodeUtf8(all.subarray(bom)), bytes };
}
