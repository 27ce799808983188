/** The server token: `Authorization: Bearer <token>`, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A check of an Authorization header against `token` (digests of equal length, compared in constant time). */
export function bearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => {
    if (header === undefined || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ') return false;
    return timingSafeEqual(digest(header.slice(7).trim()), expected);
  };
}
