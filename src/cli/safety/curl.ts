/**
 * A request as a `curl` command line (dry runs): method, full URL with its
 * query, every header, and the body, each a properly quoted shell word. The
 * bearer token is never printed: the Authorization header refers to
 * `$COOPCTL_TOKEN` (in double quotes, so that the shell expands it); nor is
 * a password in the URL.
 */
import type { HttpRequest } from '../../client/types.js';
import { shellQuote } from '../output/shell.js';

export const TOKEN_VARIABLE = 'COOPCTL_TOKEN';

/** The command, one option per line (continued with `\`), ending with a newline. */
export function curlCommand(req: Pick<HttpRequest, 'method' | 'url' | 'headers' | 'body'>): string {
  const parts: string[] = [];
  // A URL's credentials are never printed: the URL without them, and its user name to --user, for which curl asks
  // the password when the line runs.
  const url = new URL(req.url.href);
  const user = url.username && decodeURIComponent(url.username);
  url.username = '';
  url.password = '';
  parts.push(
    req.method === 'HEAD'
      ? `curl --head ${shellQuote(url.href)}`
      : `curl --request ${req.method} ${shellQuote(url.href)}`,
  );
  if (user || req.url.password) parts.push(`--user ${shellQuote(user)}`);
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.toLowerCase() === 'authorization') {
      // Only the scheme is shown; the credentials come from the environment of whoever runs the line.
      const scheme = /^(\S+)\s/.exec(value)?.[1] ?? 'Bearer';
      parts.push(`--header "${name}: ${/^[A-Za-z]+$/.test(scheme) ? scheme : 'Bearer'} $${TOKEN_VARIABLE}"`);
    } else {
      parts.push(`--header ${shellQuote(`${name}: ${value}`)}`);
    }
  }
  if (req.body !== undefined) parts.push(`--data-raw ${shellQuote(req.body)}`);
  return `${parts.join(' \\\n  ')}\n`;
}
