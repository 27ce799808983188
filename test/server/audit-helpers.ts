/**
 * What the tests of the access audit share: where a database's key file is,
 * the hash and the seal docs/security.md defines (computed here with
 * node:crypto, not by the code under test), and the built CLI run as a
 * process.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { childEnv } from '../robust/helpers.js';
import { TABLES } from '../../src/server/store/sql/migrations.js';
import { BACKEND, client } from '../store/backend.js';
import { holdLock } from './lock-holder.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;

/** The key file's place: beside a SQLite file; for PostgreSQL, the one given with --audit-key-file. */
export function keyFileOf(home: string, db: string): string {
  return BACKEND === 'sqlite' ? `${db}.audit-key` : join(home, `${db.split('/').pop()}.key`);
}

/** `--audit-key-file` for PostgreSQL (a SQLite database's key is beside it). */
export function keyArgs(home: string, db: string): string[] {
  return BACKEND === 'sqlite' ? [] : ['--audit-key-file', keyFileOf(home, db)];
}

/** The hash docs/security.md defines: HMAC-SHA-256 with the key, of `kind:digits`, its first 16 bytes in hex. */
export function hmac(key: Buffer, kind: string, value: string): string {
  const text = /^[\d\s./-]+$/.test(value) ? value.replace(/\D/g, '') : value;
  return createHmac('sha256', key).update(`${kind}:${text}`).digest().subarray(0, 16).toString('hex');
}

/** A key's id as docs/security.md defines it (the key as its file holds it, 64 hex digits). */
export function keyIdOf(hex: string): string {
  return createHmac('sha256', Buffer.from(hex.trim(), 'hex'))
    .update('coopctl audit key id')
    .digest()
    .subarray(0, 8)
    .toString('hex');
}

/** Runs the built CLI in `home`; answers its exit code and output. */
export function cli(
  home: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv(home, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Another process (SQLite) or session (PostgreSQL) holding the data's write locks, until released. */
export interface WritesHeld {
  holding(): boolean;
  release(): Promise<void>;
}

/**
 * Holds the store's write lock from elsewhere: SQLite, a child process in
 * `BEGIN IMMEDIATE` on the database file; PostgreSQL, a session holding every
 * data table in EXCLUSIVE mode (reads pass, writes wait).
 */
export async function holdWrites(db: string): Promise<WritesHeld> {
  if (BACKEND === 'sqlite') {
    const holder = await holdLock(db, 'IMMEDIATE');
    return { holding: holder.holding, release: () => holder.release('rollback') };
  }
  const session = client(db);
  await session.connect();
  await session.query(`BEGIN; LOCK TABLE ${TABLES.join(', ')} IN EXCLUSIVE MODE`);
  let held = true;
  return {
    holding: () => held,
    async release() {
      await session.query('ROLLBACK');
      await session.end();
      held = false;
    },
  };
}
