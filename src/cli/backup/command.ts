/**
 * `coopctl backup DEST`: a copy of a SQLite database, consistent while its
 * server runs and writes (src/server/store/sqlite/backup.ts), with its audit
 * key copied beside it; for a PostgreSQL database, the pg_dump command that
 * does it (exit 2: this command copies a file). The store's code is loaded
 * only when it runs.
 */
import { ExitCode, UsageError } from '../exit-codes.js';
import type { Io } from '../capabilities.js';
import { type FlagDecls, named } from '../flags/declared.js';
import type { ArgDecl } from '../flags/positional.js';
import { defineCommand } from '../commands/command-def.js';
import * as lazy from '../lazy.js';
import { words as backupWords } from './words.js';

const flags = {
  db: { type: 'value', placeholder: named('file'), help: (m) => backupWords[m.common.lang].db },
} as const satisfies FlagDecls;

const args = [
  { name: (m) => backupWords[m.common.lang].destName, help: (m) => backupWords[m.common.lang].dest },
] as const satisfies readonly ArgDecl[];

async function backup(inv: Io, dest: string, option: string | undefined): Promise<number> {
  const m = backupWords[inv.lang];
  const { databaseOf, maskUrl, storeLocation } = await lazy.storeLocation();
  const db = databaseOf(option, inv.ctx.env);
  const location = storeLocation(db);
  if (location.kind === 'postgres') throw new UsageError(m.postgres(maskUrl(db)));
  if (db === ':memory:' || db === '') throw new UsageError(m.memory);
  const { existsSync, copyFileSync, chmodSync, constants } = await lazy.fs();
  const { sqliteKeyFile } = await lazy.auditKey();
  const { backupSqlite, BackupError, sync } = await lazy.sqliteBackup();
  if (existsSync(dest)) {
    await inv.notice(m.problem({ kind: 'destExists', path: dest }), 'error');
    return ExitCode.failed;
  }
  const key = sqliteKeyFile(db);
  const keyCopy = existsSync(key) ? sqliteKeyFile(dest) : undefined;
  if (keyCopy !== undefined && existsSync(keyCopy)) {
    await inv.notice(m.keyExists(keyCopy), 'error');
    return ExitCode.failed;
  }
  let bytes: number;
  try {
    bytes = backupSqlite(db, dest).bytes;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    await inv.notice(m.problem(err.problem), 'error');
    return ExitCode.failed;
  }
  if (keyCopy !== undefined) {
    copyFileSync(key, keyCopy, constants.COPYFILE_EXCL);
    chmodSync(keyCopy, 0o600);
    sync(keyCopy);
  }
  inv.info(m.done(dest, bytes, keyCopy));
  return ExitCode.ok;
}

export const backupCommand = defineCommand({
  words: ['backup'],
  args,
  flags,
  globals: () => ({ '--quiet': undefined, '--no-color': undefined, '--lang': undefined }),
  examples: (m) => [{ command: 'coopctl backup coopctl-backup.db', note: backupWords[m.common.lang].example }],
  notes: (m) => [backupWords[m.common.lang].note],
  run: (io, [dest], { db }) => backup(io, dest, db),
});
