/**
 * The access audit of a database, opened for `coopctl audit` (list and purge)
 * while its server may be running: a SQLite file as it is (never created,
 * never migrated), or a PostgreSQL database through a small pool; with its
 * audit key when one is there (needed only to find a card or a CPF). Problems
 * are data (`AuditOpenError`), worded by the CLI in the run's language.
 */
import { bindAuditKey } from './bind.js';
import { type AuditKey, AuditKeyError, auditKeyFile, type KeyProblem, retiredKeys } from './key.js';
import type { AuditRepository } from '../store/areas/audit.js';
import { storeLocation } from '../store/location.js';
import * as lazy from '../lazy.js';
import { existsSync } from 'node:fs';

/** The first schema version with the audit as this coopctl reads it (migration 4 of both stores: its chain). */
export const AUDIT_SCHEMA = 4;

export type AuditOpenProblem =
  | { readonly kind: 'no-database'; readonly db: string }
  | { readonly kind: 'not-coopctl'; readonly db: string }
  | { readonly kind: 'no-audit'; readonly db: string; readonly version: number }
  | { readonly kind: 'newer'; readonly db: string; readonly version: number; readonly current: number }
  | { readonly kind: 'cannot-open'; readonly db: string; readonly reason: string };

export class AuditOpenError extends Error {
  override readonly name = 'AuditOpenError';
  constructor(readonly problem: AuditOpenProblem) {
    super(problem.kind);
  }
}

export interface OpenedAudit {
  readonly repo: AuditRepository;
  /** The audit key, when its file is there and it is the trail's. */
  readonly key: AuditKey | undefined;
  /** The keys at hand: the trail's (when its file is there) and those retired beside it (`--new-audit-key`). */
  readonly keys: readonly AuditKey[];
  /** Why there is no key: its file is missing, open to others, or holds another key than the trail's. */
  readonly keyProblem: KeyProblem | undefined;
  /** Where the key was looked for. */
  readonly keyFile: string | undefined;
  close(): Promise<void>;
}

/** The schema version found, checked: the audit exists and this coopctl knows it. */
function checkVersion(db: string, version: number, current: number): void {
  if (version > current) throw new AuditOpenError({ kind: 'newer', db, version, current });
  if (version < AUDIT_SCHEMA) throw new AuditOpenError({ kind: 'no-audit', db, version });
}

async function openSqlite(path: string): Promise<Pick<OpenedAudit, 'repo' | 'close'>> {
  if (path === ':memory:' || path === '' || !existsSync(path))
    throw new AuditOpenError({ kind: 'no-database', db: path });
  const { sqliteBinding, migrations, groupCommit, sqliteAudit, auditFileOf } = await lazy.sqliteAuditParts();
  const Database = sqliteBinding();
  const open = (file: string) => {
    try {
      return new Database(file, { fileMustExist: true, timeout: 5000 });
    } catch (err) {
      throw new AuditOpenError({ kind: 'cannot-open', db: path, reason: (err as Error).message });
    }
  };
  const main = open(path);
  try {
    checkVersion(path, main.pragma('user_version', { simple: true }) as number, migrations.length);
  } catch (err) {
    main.close();
    throw err;
  }
  // The trail is in its own file once a server of this coopctl has run on the database (audit-file.ts).
  const own = auditFileOf(path);
  let db = main;
  if (existsSync(own)) {
    main.close();
    db = open(own);
  }
  db.pragma('secure_delete = ON');
  const commit = groupCommit(db);
  return {
    repo: sqliteAudit(db, commit, { count: 0 }),
    close: async () => {
      commit.flush();
      db.close();
    },
  };
}

async function openPostgres(url: string): Promise<Pick<OpenedAudit, 'repo' | 'close'>> {
  const { openPool, migrations, pgAudit, maskUrl } = await lazy.postgresAuditParts();
  const pool = await openPool({ url, lockWaitMs: 5000, size: 2 });
  try {
    const found = await pool.query<{ version: number | null }>(
      "SELECT CASE WHEN to_regclass('coopctl_schema_version') IS NULL THEN NULL ELSE (SELECT max(version) FROM coopctl_schema_version) END AS version",
    );
    const version = found.rows[0]?.version;
    if (version === null || version === undefined) throw new AuditOpenError({ kind: 'not-coopctl', db: maskUrl(url) });
    checkVersion(maskUrl(url), version, migrations.length);
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (err instanceof AuditOpenError) throw err;
    throw new AuditOpenError({ kind: 'cannot-open', db: maskUrl(url), reason: maskUrl((err as Error).message) });
  }
  return { repo: pgAudit(pool), close: () => pool.end() };
}

/** Opens the audit of `db` (a SQLite path or a PostgreSQL URL) and reads its key when there is one. */
export async function openAudit(db: string, env: NodeJS.ProcessEnv, keyFileOption?: string): Promise<OpenedAudit> {
  const location = storeLocation(db);
  const keyFile = auditKeyFile(db, env, keyFileOption);
  const opened = location.kind === 'sqlite' ? await openSqlite(db) : await openPostgres(location.url);
  const retired = keyFile === undefined ? [] : await retiredKeys(keyFile);
  try {
    const key = await bindAuditKey(opened.repo, { file: keyFile, write: false });
    return { ...opened, key, keys: key ? [key, ...retired] : retired, keyProblem: undefined, keyFile };
  } catch (err) {
    if (err instanceof AuditKeyError)
      return { ...opened, key: undefined, keys: retired, keyProblem: err.problem, keyFile };
    await opened.close();
    throw err;
  }
}
