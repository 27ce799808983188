/**
 * The server token: `Authorization: Bearer <token>` of one of the clients'
 * tokens (tokens.ts), with repeated failures from one client slowed down
 * (`throttle.ts`).
 */
import { bearerLabel, type ServerToken } from '../tokens.js';
import { failure, type Reply } from './reply.js';
import { throttle, type ThrottleOptions } from './throttle.js';

const UNAUTHORIZED = failure(401, 'missing or wrong bearer token', ['www-authenticate', 'Bearer']);

/**
 * The label of the client whose token a request presents (a string), or its
 * refusal (a Reply), by its Authorization header and its client's address.
 */
export type AuthGate = (authorization: string | undefined, address: string) => string | Reply;

/**
 * The refusal of a request without a token (401), or of any request from a
 * client that failed too often lately (429 with `Retry-After`, the token
 * unchecked, so that guessing gains nothing); else the token's label.
 */
export function authGate(tokens: readonly ServerToken[], brake?: Partial<ThrottleOptions>): AuthGate {
  const labelOf = bearerLabel(tokens);
  const failures = throttle(brake);
  return (authorization, address) => {
    const wait = failures.retryAfter(address);
    if (wait > 0)
      return failure(429, 'too many requests with a wrong token: try again later', ['retry-after', String(wait)]);
    const label = labelOf(authorization);
    if (label !== undefined) return label;
    failures.failed(address);
    return UNAUTHORIZED;
  };
}
