/**
 * The server token: `Authorization: Bearer <token>`, compared in constant time,
 * with repeated failures from one client slowed down (`throttle.ts`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { http } from '../words.js';
import { failures, type Replies } from './reply.js';
import { throttle, type ThrottleOptions } from './throttle.js';

/** Shortest server token accepted at start. */
export const MIN_TOKEN_LENGTH = 16;

const UNAUTHORIZED = failures(401, http.unauthorized, ['www-authenticate', 'Bearer']);

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

/** The refusal of a request by its Authorization header and its client's address, or undefined. */
export type AuthGate = (authorization: string | undefined, address: string) => Replies | undefined;

/**
 * The refusal of a request without the token (401), or of any request from a
 * client that failed too often lately (429 with `Retry-After`, the token
 * unchecked, so that guessing gains nothing); undefined when it may go on.
 */
export function authGate(token: string, brake?: Partial<ThrottleOptions>): AuthGate {
  const authorized = bearerCheck(token);
  const tries = throttle(brake);
  return (authorization, address) => {
    const wait = tries.retryAfter(address);
    if (wait > 0) return failures(429, http.throttled, ['retry-after', String(wait)]);
    if (authorized(authorization)) return undefined;
    tries.failed(address);
    return UNAUTHORIZED;
  };
}
