/**
 * The server token: `Authorization: Bearer <token>` of one of the clients'
 * tokens (tokens.ts), with repeated failures slowed down, per client and all
 * clients together (`throttle.ts`).
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
 * The token's label when the request presents one of the tokens, always:
 * a client with the right token is never locked out, whoever fails from its
 * address. Otherwise 401, or 429 with `Retry-After` once its client, or all
 * clients together, failed too often lately (tokens have at least 128 bits:
 * tokens.ts; the brake keeps the log and the machine calm, and a guesser slow).
 */
export function authGate(tokens: readonly ServerToken[], brake?: Partial<ThrottleOptions>): AuthGate {
  const labelOf = bearerLabel(tokens);
  const failures = throttle(brake);
  return (authorization, address) => {
    const label = labelOf(authorization);
    if (label !== undefined) return label;
    const wait = failures.retryAfter(address);
    if (wait > 0)
      return failure(429, 'too many requests with a wrong token: try again later', ['retry-after', String(wait)]);
    failures.failed(address);
    return UNAUTHORIZED;
  };
}
