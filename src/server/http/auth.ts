/**
 * The server token: `Authorization: Bearer <token>` of one of the clients'
 * tokens (tokens.ts), with repeated failures slowed down, per client and all
 * clients together (`throttle.ts`).
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
 * The token's label when the request presents one of the tokens, always:
 * a client with the right token is never locked out, whoever fails from its
 * address. Otherwise 401, or 429 with `Retry-After` once its client, or all
 * clients together, failed too often lately (tokens have at least 128 bits:
 * tokens.ts; the brake keeps the log and the machine calm, and a guesser slow).
 */
export function authGate(tokens: readonly ServerToken[], brake?: Partial<ThrottleOptions>): AuthGate {
  const labelOf = bearerLabel(tokens);
  const tries = throttle(brake);
  return (authorization, address) => {
    const label = labelOf(authorization);
    if (label !== undefined) return label;
    const wait = tries.retryAfter(address);
    if (wait > 0) return failures(429, http.throttled, ['retry-after', String(wait)]);
    tries.failed(address);
    return UNAUTHORIZED;
  };
}
