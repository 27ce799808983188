/**
 * The server token: `Authorization: Bearer <token>` of one of the clients'
 * tokens (tokens.ts), with repeated failures from one client slowed down
 * (`throttle.ts`).
 */
import { bearerLabel, type ServerToken } from '../tokens.js';
import { http } from '../words.js';
import { failures, type Replies } from './reply.js';
import { throttle, type ThrottleOptions } from './throttle.js';

const UNAUTHORIZED = failures(401, http.unauthorized, ['www-authenticate', 'Bearer']);

/**
 * The label of the client whose token a request presents (a string), or its
 * refusal (a reply in each language), by its Authorization header and its client's address.
 */
export type AuthGate = (authorization: string | undefined, address: string) => string | Replies;

/**
 * The refusal of a request without a token (401), or of any request from a
 * client that failed too often lately (429 with `Retry-After`, the token
 * unchecked, so that guessing gains nothing); else the token's label.
 */
export function authGate(tokens: readonly ServerToken[], brake?: Partial<ThrottleOptions>): AuthGate {
  const labelOf = bearerLabel(tokens);
  const tries = throttle(brake);
  return (authorization, address) => {
    const wait = tries.retryAfter(address);
    if (wait > 0) return failures(429, http.throttled, ['retry-after', String(wait)]);
    const label = labelOf(authorization);
    if (label !== undefined) return label;
    tries.failed(address);
    return UNAUTHORIZED;
  };
}
