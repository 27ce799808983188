/**
 * The hashes a batch's journal keeps of its steps: a beneficiary's identity
 * (from its CPF) and each step's parameters, which tell a rerun that a row was
 * edited. Unkeyed, they gave the values away to whoever reads the journal: a
 * health-declaration answer is S or N, so its hash is reversed in two guesses,
 * and a CPF in 10⁹. So they are HMAC-SHA-256 with a key of the user's own,
 * kept in coopctl's private state folder (`$XDG_STATE_HOME/coopctl/journal.key`,
 * default `~/.local/state/coopctl/journal.key`; the folder 0700, the file
 * 0600), never beside the journal. Each run entry names the key by its id.
 *
 * A journal begun by an earlier coopctl (its runs name no key) goes on with
 * the unkeyed hashes it holds, so that its steps are still found done, with a
 * note saying so; a journal written with another key than the one here is
 * refused, since its steps could not be recognised (they would be sent again).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import type { Entry } from '../enrol/journal.js';
import { words as journalWords } from './journal-words.js';

/** Makes the hashes of a plan's steps: `length` hex digits of `text`'s hash. */
export type StepHasher = (text: string, length: number) => string;

/** The unkeyed SHA-256 of journals begun before keys (read only to go on with them). */
export const unkeyed: StepHasher = (text, length) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** HMAC-SHA-256 with `key`. */
export function keyed(key: Buffer): StepHasher {
  return (text, length) => createHmac('sha256', key).update(text).digest('hex').slice(0, length);
}

/** A key's id, as the journal's run entries name it (it reveals nothing of the key). */
export const keyIdOf = (key: Buffer): string => keyed(key)('coopctl journal key id', 16);

/** `$XDG_STATE_HOME/coopctl/journal.key` (an absolute XDG_STATE_HOME only), or `~/.local/state/coopctl/journal.key`. */
export function journalKeyPath(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_STATE_HOME'];
  return join(xdg?.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.local', 'state'), 'coopctl', 'journal.key');
}

/** The key in `file` (64 hex digits), or undefined when there is none. */
export function readKey(file: string): Buffer | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The user's key, made when there is none yet (its folder 0700, the file 0600, written whole). */
function userKey(file: string): Buffer {
  const found = readKey(file);
  if (found) return found;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(dirname(file), 0o700);
  const key = randomBytes(32);
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${key.toString('hex')}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    // Another run made it first: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readKey(file) ?? key;
    throw err;
  }
  return key;
}

/** How this run hashes its steps, and what its run entry says of it. */
export interface Keying {
  readonly hasher: StepHasher;
  /** The key's id for the run entry; undefined for a journal begun without a key. */
  readonly keyId: string | undefined;
}

/**
 * The hashing of a run whose journal holds `entries` (none for a new journal):
 * the user's key for a new journal or one written with it, the unkeyed hashes
 * for a journal begun without a key (with a note), a usage error for a journal
 * written with another key.
 */
export function journalKeying(
  m: Messages,
  env: NodeJS.ProcessEnv,
  journal: string | undefined,
  entries: readonly Entry[],
  note: (text: string) => void,
): Keying {
  const runs = entries.filter((e) => e.e === 'run');
  if (runs.length > 0 && runs.every((r) => r.key === undefined)) {
    note(journalWords[m.common.lang].unkeyed(String(journal)));
    return { hasher: unkeyed, keyId: undefined };
  }
  const file = journalKeyPath(env);
  const written = runs.find((r) => r.key !== undefined)?.key;
  const key = written === undefined ? userKey(file) : readKey(file);
  const id = key && keyIdOf(key);
  if (written !== undefined && written !== id)
    throw new UsageError(journalWords[m.common.lang].otherKey(String(journal), file));
  return { hasher: keyed(key!), keyId: id };
}
