/**
 * Refusals of what a browser sends on another page's behalf: a Host the
 * server does not answer to (DNS rebinding), an `Origin` other than the
 * server's own (a page of another site, another port of localhost, any IP
 * literal, `null` included) unless `--cors` or `--allowed-origin` lists it
 * (origins.ts), and `Sec-Fetch-Site: cross-site` without such an Origin.
 * Programs that send neither Origin nor Sec-Fetch-Site are unaffected.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { hostnameCheck, hostnameOf } from './host-check.js';
import { http } from '../words.js';
import { failures, type Replies } from './reply.js';
import type { OriginPolicy } from './origins.js';

const NO_HOST = failures(400, http.noHost);
const WRONG_HOST = failures(403, http.wrongHost);
const CROSS_SITE = failures(403, http.crossSite);

/** Allowed Host header values seen, so that the usual one costs a set look-up; capped. */
const SEEN_LIMIT = 64;

/**
 * The refusal of a request by its headers, or undefined; `names` are the
 * bound host and `--allowed-host` names, `origins` the pages allowed.
 */
export function crossSiteGate(
  names: readonly string[],
  origins: OriginPolicy,
): (headers: IncomingHttpHeaders) => Replies | undefined {
  const allowed = hostnameCheck(names);
  const seen = new Set<string>();
  const hostAllowed = (host: string): boolean => {
    if (seen.has(host)) return true;
    const name = hostnameOf(host);
    if (name === undefined || !allowed(name)) return false;
    if (seen.size < SEEN_LIMIT) seen.add(host);
    return true;
  };
  return (headers) => {
    const host = headers.host;
    if (host === undefined) return NO_HOST;
    if (!hostAllowed(host)) return WRONG_HOST;
    const origin = headers.origin;
    if (origin !== undefined) return origins.passes(origin, host) ? undefined : CROSS_SITE;
    return headers['sec-fetch-site'] === 'cross-site' ? CROSS_SITE : undefined;
  };
}
