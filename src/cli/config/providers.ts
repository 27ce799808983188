/**
 * The `providers` setting: the cooperative's names for provider codes, which
 * the interface cannot list (docs/decisions.md). Written `code=name` pairs
 * separated by `;` or line breaks: `9001=Clínica Geral; 9002=Cardiologia`.
 */

import type { Wording } from '../exit-codes.js';

/** What is wrong with a value: an entry that is no `code=name` pair, or a code named twice. */
export type ProvidersFault =
  | { readonly kind: 'entry'; readonly entry: string }
  | { readonly kind: 'twice'; readonly code: string };

/** Provider code → name. Codes are kept without leading zeros, as the service answers them (JSON numbers). */
export type ProviderDirectory = ReadonlyMap<string, string>;

const CODE = /^\d{1,18}$/;

/** The code as the service writes it: `09001` → `9001`. */
export function providerCode(code: string): string {
  return code.replace(/^0+(?=\d)/, '');
}

/** The directory a setting's value holds, or what is wrong with it (worded by `providersProblem`). */
export function parseProviders(
  value: string,
): { ok: true; directory: ProviderDirectory } | { ok: false; fault: ProvidersFault } {
  const directory = new Map<string, string>();
  const entries = value
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const code = eq < 0 ? '' : entry.slice(0, eq).trim();
    const name = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (!CODE.test(code) || name === '') return { ok: false, fault: { kind: 'entry', entry } };
    const key = providerCode(code);
    if (directory.has(key)) return { ok: false, fault: { kind: 'twice', code: key } };
    directory.set(key, name);
  }
  return { ok: true, directory };
}

/** The problem with a `providers` value, for the setting's check, in the run's words. */
export function providersProblem(value: string): Wording | undefined {
  const parsed = parseProviders(value);
  if (parsed.ok) return undefined;
  const { fault } = parsed;
  return fault.kind === 'entry'
    ? (m) => m.config.problems.providers(fault.entry)
    : (m) => m.config.problems.providerTwice(fault.code);
}
