/**
 * Which web pages may call the server (the origins of the cross-site gate)
 * and, for those given with `--cors`, the CORS headers their answers carry
 * and the preflights they get. A page of the server's own origin may always
 * call it; any other origin (another site, an IP literal public or private,
 * localhost on another port) only when listed with `--cors` (answers it can
 * read) or `--allowed-origin` (requests it may send, answers it cannot read:
 * a form post). Conventions: docs/server.md, "Calling it from a web page".
 */
import { hostnameOf } from './host-check.js';

/** Any origin, for `--cors '*'`: never with a token (a page of any site could spend it). */
export const ANY_ORIGIN = '*';

/**
 * An origin as browsers send it, `scheme://host[:port]`, in lowercase and
 * without its scheme's default port; undefined for `null`, another scheme, a
 * path, credentials or anything else.
 */
export function originOf(text: string): string | undefined {
  const m = /^(https?):\/\/([^/?#@\s]+)$/i.exec(text.trim());
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  const authority = m[2]!.toLowerCase();
  if (hostnameOf(authority) === undefined) return undefined;
  return `${scheme}://${withoutDefaultPort(authority, scheme === 'https' ? ':443' : ':80')}`;
}

const withoutDefaultPort = (authority: string, port: string) =>
  authority.endsWith(port) ? authority.slice(0, -port.length) : authority;

/** The authority of an origin (`host:port`), as the Host header names the same server. */
const authorityOf = (origin: string) => origin.slice(origin.indexOf('//') + 2);

/** The methods of a path a preflight is told of (its catalogue methods, or the probes'). */
export type PathMethods = (path: string) => readonly string[] | undefined;

/** The request headers a page may send (Access-Control-Allow-Headers). */
const ALLOWED_HEADERS = 'authorization, content-type, accept-language, prefer, x-request-id';
/** The answer headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = 'x-request-id, preference-applied, retry-after, www-authenticate';
/** How long a browser may keep a preflight's answer, in seconds. */
const MAX_AGE = '600';

export interface OriginPolicy {
  /** Whether a request with this `Origin` (and its `Host`) passes the gate. */
  passes(origin: string, host: string): boolean;
  /** The CORS headers of an answer to this `Origin`, or undefined when it gets none. */
  corsHeaders(origin: string): string[] | undefined;
  /** Whether the policy has any CORS origin (a preflight is answered only then). */
  readonly cors: boolean;
}

/** The policy of `--cors` origins (or `*`) and `--allowed-origin` origins, both written as `originOf` gives them. */
export function originPolicy(cors: readonly string[], allowed: readonly string[]): OriginPolicy {
  const any = cors.includes(ANY_ORIGIN);
  const readers = new Set(cors.filter((o) => o !== ANY_ORIGIN));
  const senders = new Set([...readers, ...allowed]);
  return {
    cors: any || readers.size > 0,
    passes(origin, host) {
      if (any) return true;
      const own = originOf(origin);
      if (own === undefined) return false;
      if (senders.has(own)) return true;
      const authority = authorityOf(own);
      const name = host.toLowerCase();
      return authority === name || authority === withoutDefaultPort(withoutDefaultPort(name, ':80'), ':443');
    },
    corsHeaders(origin) {
      if (!any && !readers.has(originOf(origin) ?? '')) return undefined;
      return [
        'access-control-allow-origin',
        any ? ANY_ORIGIN : origin,
        'vary',
        'Origin',
        'access-control-expose-headers',
        EXPOSED_HEADERS,
      ];
    },
  };
}

/**
 * The headers of a preflight's answer (204) for a CORS origin, the methods
 * the path answers; undefined when the origin gets no CORS headers.
 */
export function preflightHeaders(
  policy: OriginPolicy,
  origin: string,
  methods: readonly string[],
): string[] | undefined {
  const cors = policy.corsHeaders(origin);
  if (!cors) return undefined;
  return [
    ...cors,
    'access-control-allow-methods',
    methods.join(', '),
    'access-control-allow-headers',
    ALLOWED_HEADERS,
    'access-control-max-age',
    MAX_AGE,
    'cache-control',
    'no-store',
  ];
}
