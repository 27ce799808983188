/**
 * Whether an `--allowed-host` domain (`.example.org`) is a public suffix
 * (`.com`, `.com.br`, `.coop.br`, `.github.io`): anyone may register a name
 * under one and point it at the server, which is what DNS rebinding needs.
 * The list is Mozilla's Public Suffix List, ICANN and private sections, as
 * the tldts package keeps it (loaded only when a domain is given); a suffix
 * only the list's default rule makes public (a single label such as `.lan`,
 * `.internal`) is no one's to register, and is allowed.
 */
import * as lazy from './lazy.js';

export async function publicSuffixAmong(names: readonly string[]): Promise<string | undefined> {
  const domains = names.filter((n) => n.startsWith('.'));
  if (domains.length === 0) return undefined;
  const { parse } = await lazy.tldts();
  return domains.find((n) => {
    const r = parse(n.slice(1), { allowPrivateDomains: true });
    return r.domain === null && (r.isIcann === true || r.isPrivate === true);
  });
}
