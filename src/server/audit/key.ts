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
import { createHmac, hash, randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { SubjectKind } from '../../catalogue/personal.js';
import { said, type Said } from '../../catalogue/lang.js';
import { writePrivateFile } from '../../files/private-file.js';
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
  /** A record's seal: the HMAC (hex) of its text (seal.ts), with a key of its own derived from this one. */
  seal(text: string): string;
}

/** A value as the audit hashes it: digits alone when it is digits and separators (a card, a CPF), else as it is. */
export function subjectText(value: string): string {
  return /^[\d\s./-]+$/.test(value) ? value.replace(/\D/g, '') : value;
}

/** SHA-256's block, and the longest text (UTF-8 bytes) `padMac` hashes in its own buffer (longer: createHmac). */
const BLOCK = 64;
const TEXT_BYTES = 4096;

/**
 * HMAC-SHA-256 (RFC 2104) with `key` (at most a block), its pads made once: two one-shot hashes of buffers kept
 * between calls, about half the CPU of a `createHmac` per text (which prepares the key and makes an object each
 * time): a seal is made for every audited request (docs/performance.md).
 */
function padMac(key: Buffer): (text: string) => Buffer {
  const inner = Buffer.alloc(BLOCK + TEXT_BYTES);
  const outer = Buffer.alloc(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    const k = key[i] ?? 0;
    inner[i] = k ^ 0x36;
    outer[i] = k ^ 0x5c;
  }
  return (text) => {
    // Three bytes a UTF-16 unit at most: a text that may not fit goes the long way.
    if (text.length * 3 > TEXT_BYTES) return createHmac('sha256', key).update(text).digest();
    const n = inner.write(text, BLOCK, 'utf8');
    outer.set(hash('sha256', inner.subarray(0, BLOCK + n), 'buffer'), BLOCK);
    return hash('sha256', outer, 'buffer');
  };
}

export function auditKeyOf(secret: Buffer): AuditKey {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();
  const sealMac = padMac(mac('coopctl audit seal'));
  const cache = new Map<string, string>();
  return {
    id: mac('coopctl audit key id').subarray(0, 8).toString('hex'),
    seal: (text) => sealMac(text).subarray(0, HASH_BYTES).toString('hex'),
    hash(kind, value) {
      // Cached by the value as written: the forms of one card each have an entry, with the same hash.
      const written = `${kind}:${value}`;
      let h = cache.get(written);
      if (h === undefined) {
        h = mac(`${kind}:${subjectText(value)}`)
          .subarray(0, HASH_BYTES)
          .toString('hex');
        if (cache.size >= CACHED) cache.clear();
        cache.set(written, h);
      }
      return h;
    },
  };
}

/**
 * Where a key replaced by `--new-audit-key` is kept, beside the key's file
 * (`<file>.retired-<id>`): the records made with it stay searchable by card
 * and their seals checkable.
 */
export const retiredKeyFile = (file: string, id: string): string => `${file}.retired-${id}`;

/** The retired keys kept beside `file` (each checked as a key file is); those that cannot be read are left out. */
export async function retiredKeys(file: string): Promise<AuditKey[]> {
  const prefix = `${basename(file)}.retired-`;
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  const keys: AuditKey[] = [];
  for (const name of names.filter((n) => n.startsWith(prefix) && /^[0-9a-f]{16}$/.test(n.slice(prefix.length)))) {
    const secret = await readAuditKey(join(dirname(file), name)).catch(() => undefined);
    if (secret) keys.push(auditKeyOf(secret));
  }
  return keys;
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
      throw new StartError(
        said(
          "--audit-key-file is for a PostgreSQL database: a SQLite database's audit key is beside it",
          '--audit-key-file é para um banco PostgreSQL: a chave de auditoria de um banco SQLite fica ao lado dele',
        ),
      );
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

/** Why an audit key cannot be used: data, worded by the server (English) and by `coopctl audit` (the run's language). */
export type KeyProblem =
  | { readonly kind: 'open'; readonly file: string; readonly mode: string }
  | { readonly kind: 'not-a-key'; readonly file: string }
  | { readonly kind: 'unreadable'; readonly file: string; readonly code: string }
  | { readonly kind: 'unwritable'; readonly file: string; readonly code: string }
  | { readonly kind: 'missing'; readonly file: string; readonly recorded: string }
  | { readonly kind: 'other'; readonly file: string; readonly recorded: string; readonly id: string };

const LATER = said(
  '(the earlier records can then no longer be found by card)',
  '(os registros anteriores não poderão mais ser achados pelo cartão)',
);

/** A problem in the server's words, in both languages (a StartError's). */
export function keyProblemText(p: KeyProblem): Said {
  switch (p.kind) {
    case 'open':
      return said(
        `the audit key file ${p.file} is open to other users (mode ${p.mode}): run chmod 600 ${p.file}`,
        `o arquivo da chave de auditoria ${p.file} está aberto a outros usuários (modo ${p.mode}): rode chmod 600 ${p.file}`,
      );
    case 'not-a-key':
      return said(
        `the audit key file ${p.file} does not hold an audit key (64 hex digits)`,
        `o arquivo ${p.file} não contém uma chave de auditoria (64 dígitos hexadecimais)`,
      );
    case 'unreadable':
      return said(
        `cannot read the audit key file ${p.file} (${p.code})`,
        `não foi possível ler o arquivo da chave de auditoria ${p.file} (${p.code})`,
      );
    case 'unwritable':
      return said(
        `cannot write the audit key file ${p.file} (${p.code})`,
        `não foi possível gravar o arquivo da chave de auditoria ${p.file} (${p.code})`,
      );
    case 'missing':
      return said(
        `the audit key file ${p.file} is missing, but this database's audit trail was written with a key (id ${p.recorded}): restore the file from a backup; to go on with a new key, start with --new-audit-key ${LATER.en}`,
        `o arquivo da chave de auditoria ${p.file} não existe, mas a trilha de auditoria deste banco foi gravada com uma chave (id ${p.recorded}): restaure o arquivo de um backup; para seguir com uma chave nova, inicie com --new-audit-key ${LATER['pt-BR']}`,
      );
    case 'other':
      return said(
        `the audit key in ${p.file} is not the key this database's audit trail was written with (id ${p.recorded}, this key ${p.id}): give the right file; to go on with this key, start with --new-audit-key ${LATER.en}`,
        `a chave de auditoria em ${p.file} não é a chave com que a trilha de auditoria deste banco foi gravada (id ${p.recorded}, esta chave ${p.id}): informe o arquivo certo; para seguir com esta chave, inicie com --new-audit-key ${LATER['pt-BR']}`,
      );
  }
}

/** An audit key that cannot be used (exit 1). */
export class AuditKeyError extends StartError {
  constructor(readonly problem: KeyProblem) {
    super(keyProblemText(problem), 1);
  }
}

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? 'error';

/** The key in `file`, or undefined when there is no such file; an AuditKeyError for a file open to others or not a key. */
export async function readAuditKey(file: string): Promise<Buffer | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const { mode } = await handle.stat();
    if (process.platform !== 'win32' && (mode & 0o077) !== 0)
      throw new AuditKeyError({ kind: 'open', file, mode: (mode & 0o777).toString(8).padStart(4, '0') });
    const text = (await handle.readFile('utf8')).trim();
    if (!/^[0-9a-f]{64}$/i.test(text)) throw new AuditKeyError({ kind: 'not-a-key', file });
    return Buffer.from(text, 'hex');
  } catch (err) {
    if (err instanceof AuditKeyError) throw err;
    if (codeOf(err) === 'ENOENT') return undefined;
    throw new AuditKeyError({ kind: 'unreadable', file, code: codeOf(err) });
  } finally {
    await handle?.close();
  }
}

/**
 * A new key written to `file` (0600, its folder 0700 when made here); never
 * over an existing file, and never seen half-written: written by
 * writePrivateFile's exclusive rule (synced under a temporary name, then
 * linked to `file`, which appears whole or not at all). When another process
 * made `file` first (servers started together on one database), its key is
 * this one's too.
 */
export async function createAuditKey(file: string): Promise<Buffer> {
  const secret = randomBytes(KEY_BYTES);
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    try {
      await writePrivateFile(file, `${secret.toString('hex')}\n`, { exclusive: true });
    } catch (err) {
      const theirs = codeOf(err) === 'EEXIST' ? await readAuditKey(file) : undefined;
      if (theirs === undefined) throw err;
      return theirs;
    }
  } catch (err) {
    if (err instanceof AuditKeyError) throw err;
    throw new AuditKeyError({ kind: 'unwritable', file, code: codeOf(err) });
  }
  return secret;
}
