/**
 * Which host names the server answers to, against DNS rebinding (as Vite's
 * `server.allowedHosts`): `localhost` and names under `.localhost`, every IP
 * literal (rebinding needs a DNS name), and the names given (the bound host,
 * each `--allowed-host`; `.example.org` allows example.org and its subdomains).
 */
import { isIP } from 'node:net';

/**
 * The lowercase host name of a Host header value or URL authority, without its
 * port and, for IPv6, without brackets; undefined when it is not one.
 */
export function hostnameOf(authority: string): string | undefined {
  const value = authority.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    const rest = value.slice(end + 1);
    if (end < 0 || (rest !== '' && !/^:\d*$/.test(rest))) return undefined;
    const v6 = value.slice(1, end);
    return isIP(v6) === 6 ? v6 : undefined;
  }
  const colon = value.indexOf(':');
  if (colon >= 0 && !/^:\d*$/.test(value.slice(colon))) return undefined;
  const name = colon < 0 ? value : value.slice(0, colon);
  return name === '' ? undefined : name;
}

/** A check of host names (as `hostnameOf` gives them) against the defaults and `names`. */
export function hostnameCheck(names: readonly string[]): (hostname: string) => boolean {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of names) {
    const name = raw.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    if (name.startsWith('.')) {
      exact.add(name.slice(1));
      suffixes.push(name);
    } else exact.add(name);
  }
  return (hostname) =>
    exact.has(hostname) ||
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    isIP(hostname) !== 0 ||
    suffixes.some((suffix) => hostname.endsWith(suffix));
}
