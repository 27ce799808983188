/**
 * The audit key: 32 random bytes whose HMAC-SHA-256 stands for a card, a CPF
 * or a device id in the access audit, so that the audit names nobody to
 * someone who has the database (a copy, a backup) without the key, while
 * `coopctl audit --card` finds a card's records by hashing it with the same
 * key. A CPF has 10⁹ possible values: unkeyed, its hash would be reversed in
 * seconds.
 *
 * Where it lives (docs/security.md): for a SQLite database, beside the file
 * (`<database>.audit-key`); for PostgreSQL, in a file on each server's
 * machine (`--audit-key-file`, COOPCTL_AUDIT_KEY_FILE, else
 * `$XDG_DATA_HOME/coopctl/audit-keys/<host>-<port>-<database>.key`): never in
 * the database. The file is 64 hex digits and a newline, mode 0600, created
 * when missing with its folder 0700; a file open to other users is refused,
 * like a token file. The database keeps the key's id (an HMAC of a fixed
 * text), not the key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { SubjectKind } from '../../catalogue/personal.js';
import { StartError } from '../start-error.js';
import { storeLocation } from '../store/location.js';

/** Bytes of the key, and of the hash kept for a subject (128 bits: no two people's hashes meet). */
const KEY_BYTES = 32;
const HASH_BYTES = 16;
/** Subjects' hashes kept between requests (the same few cards are read again and again). */
const CACHED = 4096;

export interface AuditKey {
  /** The key's id: stored in the database to tell a key from another, revealing nothing of it. */
  readonly id: string;
  /** The keyed hash (hex) of a subject's value, as written (`529.982.247-25` and `52998224725` alike). */
  hash(kind: SubjectKind, value: string): string;
}

/** A value as the audit hashes it: digits alone when it is digits and separators (a card, a CPF), else as it is. */
export function subjectText(value: string): string {
  return /^[\d\s./-]+$/.test(value) ? value.replace(/\D/g, '') : value;
}

export function auditKeyOf(secret: Buffer): AuditKey {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();
  const cache = new Map<string, string>();
  return {
    id: mac('coopctl audit key id').subarray(0, 8).toString('hex'),
    hash(kind, value) {
      const text = `${kind}:${subjectText(value)}`;
      let h = cache.get(text);
      if (h === undefined) {
        h = mac(text).subarray(0, HASH_BYTES).toString('hex');
        if (cache.size >= CACHED) cache.clear();
        cache.set(text, h);
      }
      return h;
    },
  };
}

/** The SQLite database's key file: beside it. */
export const sqliteKeyFile = (path: string): string => `${path}.audit-key`;

/**
 * Where the audit key of the database `db` is: beside a SQLite file; for
 * PostgreSQL the option, else COOPCTL_AUDIT_KEY_FILE, else a file in the
 * user's data folder named after the database; undefined for `:memory:` (a
 * key of the process). The option with a SQLite database is a StartError.
 */
export function auditKeyFile(db: string, env: NodeJS.ProcessEnv, option?: string): string | undefined {
  const location = storeLocation(db);
  if (location.kind === 'sqlite') {
    if (option !== undefined)
      throw new StartError("--audit-key-file is for a PostgreSQL database: a SQLite database's audit key is beside it");
    return db === ':memory:' || db === '' ? undefined : sqliteKeyFile(db);
  }
  if (option !== undefined) return option;
  const fromEnv = env['COOPCTL_AUDIT_KEY_FILE'];
  if (fromEnv) return fromEnv;
  const url = new URL(location.url);
  const name = `${url.hostname || 'localhost'}-${url.port || '5432'}-${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}`;
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.local', 'share');
  return join(base, 'coopctl', 'audit-keys', `${name.replace(/[^A-Za-z0-9._-]/g, '_')}.key`);
}

/** The key in `file`, or undefined when there is no such file; a StartError (exit 1) for a file open to others or not a key. */
export async function readAuditKey(file: string): Promise<Buffer | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const { mode } = await handle.stat();
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(4, '0');
      throw new StartError(
        `the audit key file ${file} is open to other users (mode ${octal}): run chmod 600 ${file}`,
        1,
      );
    }
    const text = (await handle.readFile('utf8')).trim();
    if (!/^[0-9a-f]{64}$/i.test(text))
      throw new StartError(`the audit key file ${file} does not hold an audit key (64 hex digits)`, 1);
    return Buffer.from(text, 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof StartError) throw err;
    throw new StartError(
      `cannot read the audit key file ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      1,
    );
  } finally {
    await handle?.close();
  }
}

/** A new key written to `file` (0600, its folder 0700 when made here); never over an existing file. */
export async function createAuditKey(file: string): Promise<Buffer> {
  const secret = randomBytes(KEY_BYTES);
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(`${secret.toString('hex')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new StartError(
      `cannot write the audit key file ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      1,
    );
  }
  return secret;
}
