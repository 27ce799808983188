/**
 * Settings that name what the interface cannot list (provider names, the
 * questions of a health-declaration form) are written `key=text` pairs
 * separated by `;` or line breaks: `9001=Clínica Geral; 9002=Cardiologia`.
 * A key is read by the setting's own `key` (undefined when malformed); the
 * text is what follows the first `=`.
 */

import type { Wording } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';

/** What is wrong with a value: an entry that is no `key=text` pair, or a key given twice. */
export type PairsFault =
  | { readonly kind: 'entry'; readonly entry: string }
  | { readonly kind: 'twice'; readonly key: string };

/** The pairs of a value by key (as `key` writes it), or what is wrong with it. */
export function parsePairs(
  value: string,
  key: (raw: string) => string | undefined,
): { ok: true; pairs: ReadonlyMap<string, string> } | { ok: false; fault: PairsFault } {
  const pairs = new Map<string, string>();
  const entries = value
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const k = eq < 0 ? undefined : key(entry.slice(0, eq).trim());
    const text = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (k === undefined || text === '') return { ok: false, fault: { kind: 'entry', entry } };
    if (pairs.has(k)) return { ok: false, fault: { kind: 'twice', key: k } };
    pairs.set(k, text);
  }
  return { ok: true, pairs };
}

/** What is wrong with a value in the run's words (for a setting's check): `entry`'s for a malformed entry, `twice`'s for a key given twice. */
export function faultWording(
  fault: PairsFault,
  entry: (m: Messages) => (entry: string) => string,
  twice: (m: Messages) => (key: string) => string,
): Wording {
  return fault.kind === 'entry' ? (m) => entry(m)(fault.entry) : (m) => twice(m)(fault.key);
}
