/**
 * The access audit's chain: each record is sealed with an HMAC (the audit
 * key's, key.ts) of its fields and of the seal of the record before it, so
 * that a record changed, added or removed in place (an `UPDATE audit …` in a
 * SQLite shell or psql) breaks the chain at that record or the one after it,
 * which `coopctl audit verify` reports. What it proves and what it does not:
 * docs/security.md ("The audit's chain").
 */
import { type AuditRecord, type AuditRepository, type Chain, RECORD_FIELDS } from '../store/areas/audit.js';
import type { AuditKey } from './key.js';

/** What a seal covers: the seal before and each field of the record as text (so both stores' numbers read alike). */
export function sealedText(r: AuditRecord, before: string | null): string {
  return JSON.stringify([
    before,
    ...RECORD_FIELDS.map((k) => (r[k] === null || r[k] === undefined ? null : String(r[k]))),
  ]);
}

/** Seals records with the key each names (`keyId`); a record of an unknown key is left unsealed. */
export function chainOf(keys: ReadonlyMap<string, AuditKey>, keyChanged?: (storeKeyId: string | null) => void): Chain {
  return {
    seal(r, before) {
      const key = r.keyId === null ? undefined : keys.get(r.keyId);
      return key ? key.seal(sealedText(r, before)) : null;
    },
    ...(keyChanged ? { keyChanged } : {}),
  };
}

/** What `coopctl audit verify` found. */
export interface Verified {
  /** Records whose seal was checked and holds. */
  readonly checked: number;
  /** Records written before the chain (by a coopctl without it), at the trail's beginning. */
  readonly before: number;
  /** Records sealed with a key not at hand (their seals taken as they are): how many, and the keys' ids. */
  readonly unchecked: number;
  readonly missingKeys: readonly string[];
  /** The first record whose seal does not hold, and why: changed, or a record before it changed, added or removed. */
  readonly broken?: { readonly id: number; readonly at: number; readonly why: 'seal' | 'unsealed' };
}

/** Records read at a time. */
const PAGE = 2000;

/** Walks the trail from the purge's anchor, oldest first, and stops at the first broken link. */
export async function verifyChain(repo: AuditRepository, keys: readonly AuditKey[]): Promise<Verified> {
  const byId = new Map(keys.map((k) => [k.id, k]));
  let before = await repo.anchor();
  let sealedYet = before !== null;
  let checked = 0;
  let early = 0;
  let unchecked = 0;
  const missing = new Set<string>();
  const result = (broken?: Verified['broken']): Verified => ({
    checked,
    before: early,
    unchecked,
    missingKeys: [...missing],
    ...(broken ? { broken } : {}),
  });
  for (let after = 0; ; ) {
    const rows = await repo.page(after, PAGE);
    for (const row of rows) {
      after = Number(row.id);
      if (row.seal === null) {
        if (sealedYet) return result({ id: after, at: Number(row.at), why: 'unsealed' });
        early += 1;
        continue;
      }
      sealedYet = true;
      const key = row.keyId === null ? undefined : byId.get(row.keyId);
      if (key === undefined) {
        unchecked += 1;
        missing.add(row.keyId ?? '?');
      } else if (key.seal(sealedText(row, before)) === row.seal) checked += 1;
      else return result({ id: after, at: Number(row.at), why: 'seal' });
      before = row.seal;
    }
    if (rows.length < PAGE) return result();
  }
}
