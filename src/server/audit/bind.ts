/**
 * The audit key of a store: read from its file (key.ts), made when the
 * store's trail has none yet, and checked against the key id the store
 * recorded, so that a server never writes hashes with another key than the
 * trail's (a search by card would silently miss the earlier records).
 */
import { randomBytes } from 'node:crypto';
import type { AuditRepository } from '../store/areas/audit.js';
import { rename } from 'node:fs/promises';
import { type AuditKey, AuditKeyError, auditKeyOf, createAuditKey, readAuditKey, retiredKeyFile } from './key.js';

export interface BindOptions {
  /** The key's file; undefined for `:memory:` (a key of this process). */
  readonly file: string | undefined;
  /** Make the key when the file is missing and record its id (the server); else only read (`coopctl audit`). */
  readonly write: boolean;
  /**
   * `--new-audit-key`: a rotation when the file holds the trail's key (the old
   * key kept as a retired key beside it); else begin with the file's key, or
   * a new one, although the trail was written with another.
   */
  readonly renew?: boolean;
}

/** The key, or undefined when reading only and there is no key file. Throws AuditKeyError (exit 1) for a missing or wrong key. */
export async function bindAuditKey(store: AuditRepository, options: BindOptions): Promise<AuditKey | undefined> {
  const { file, write, renew = false } = options;
  const recorded = await store.keyId();
  let secret = file === undefined ? randomBytes(32) : await readAuditKey(file);
  if (secret === undefined) {
    if (recorded !== undefined && !renew) throw new AuditKeyError({ kind: 'missing', file: file!, recorded });
    if (!write) return undefined;
    secret = await createAuditKey(file!);
  }
  let key = auditKeyOf(secret);
  if (recorded !== undefined && recorded !== key.id && !renew)
    throw new AuditKeyError({ kind: 'other', file: file ?? ':memory:', recorded, id: key.id });
  if (write && renew && file !== undefined && recorded === key.id) key = await rotate(file, key.id);
  if (write && recorded !== key.id) await store.setKeyId(key.id);
  return key;
}

/**
 * A rotation (`--new-audit-key` while the file holds the trail's key): the
 * key's file moved aside as a retired key (key.ts `retiredKeyFile`, kept so
 * that the records made with it stay searchable and checkable), and a new key
 * made in its place.
 */
async function rotate(file: string, oldId: string): Promise<AuditKey> {
  try {
    await rename(file, retiredKeyFile(file, oldId));
  } catch (err) {
    throw new AuditKeyError({ kind: 'unwritable', file, code: (err as NodeJS.ErrnoException).code ?? 'error' });
  }
  return auditKeyOf(await createAuditKey(file));
}
