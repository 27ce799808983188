/**
 * The `providers` setting: the cooperative's names for provider codes, which
 * the interface cannot list (docs/decisions.md). Written `code=name` pairs
 * separated by `;` or line breaks: `9001=Clínica Geral; 9002=Cardiologia`.
 */

import type { Wording } from '../exit-codes.js';
import { faultWording, parsePairs } from './pairs.js';

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

/** A provider code as the directory keys it (without leading zeros), or undefined when it is no code. */
const providerKey = (code: string) => (CODE.test(code) ? providerCode(code) : undefined);

/** The directory a setting's value holds, or what is wrong with it (worded by `providersProblem`). */
export function parseProviders(
  value: string,
): { ok: true; directory: ProviderDirectory } | { ok: false; fault: ProvidersFault } {
  const parsed = parsePairs(value, providerKey);
  if (parsed.ok) return { ok: true, directory: parsed.pairs };
  const { fault } = parsed;
  return { ok: false, fault: fault.kind === 'entry' ? fault : { kind: 'twice', code: fault.key } };
}

/** The problem with a `providers` value, for the setting's check, in the run's words. */
export function providersProblem(value: string): Wording | undefined {
  const parsed = parsePairs(value, providerKey);
  if (parsed.ok) return undefined;
  return faultWording(
    parsed.fault,
    (m) => m.config.problems.providers,
    (m) => m.config.problems.providerTwice,
  );
}
