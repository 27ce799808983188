/**
 * Whether a SQLite store can serve (GET /readyz): its file is still the one
 * opened (not moved, deleted or replaced: the server would go on writing to a
 * file nobody else sees), still readable and writable by this process, and
 * the database answers with this coopctl's schema. Never waits on a lock (the
 * serving connection has busy_timeout 0); the file checks are asynchronous.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { schemaProblem } from '../schema-words.js';
import type { Readiness } from '../types.js';
import { REASON_TEXT } from '../unavailable.js';
import type { Db } from './connection.js';
import { faultOf } from './faults.js';
import type { FileGuard } from './file-guard.js';
import { migrations } from './migrations.js';

const READY: Readiness = { ready: true };
const notReady = (reason: string): Readiness => ({ ready: false, reason });

/** The check of the database opened at `path`, whose file `file` guards (`:memory:` has no file to check). */
export function sqliteReadiness(db: Db, path: string, file: FileGuard | undefined): () => Promise<Readiness> {
  return async () => {
    if (file !== undefined) {
      const change = await file.change();
      if (change === 'missing') return notReady('the database file is missing: it was moved or deleted');
      if (change === 'replaced') return notReady('the database file was replaced by another file');
      const usable = await access(path, constants.R_OK | constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!usable) return notReady('the database file cannot be read or written by this process');
    }
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      const problem = schemaProblem(version, migrations.length);
      return problem === undefined ? READY : notReady(problem);
    } catch (err) {
      const reason = faultOf(err);
      return notReady(reason ? REASON_TEXT[reason] : 'the database does not answer');
    }
  };
}
