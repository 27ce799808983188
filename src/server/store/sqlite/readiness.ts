/**
 * Whether a SQLite store can serve (GET /readyz): its file is still the one
 * opened (not moved, deleted or replaced: the server would go on writing to a
 * file nobody else sees), still readable and writable by this process, and
 * the database answers with this coopctl's schema. Never waits on a lock (the
 * serving connection has busy_timeout 0); the file checks are asynchronous.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { statSync } from 'node:fs';
import type { Said } from '../../../catalogue/lang.js';
import { schemaProblem } from '../schema-words.js';
import type { Readiness } from '../types.js';
import { readiness, unavailable } from '../../words.js';
import type { Db } from './connection.js';
import { faultOf } from './faults.js';
import { migrations } from '../sql/migrations.js';

const READY: Readiness = { ready: true };
const notReady = (reason: Said): Readiness => ({ ready: false, reason });

/** The check of the database opened at `path` (`:memory:` has no file to check). */
export function sqliteReadiness(db: Db, path: string): () => Promise<Readiness> {
  const file = path === ':memory:' || path === '' ? undefined : path;
  const opened = file === undefined ? undefined : statSync(file);
  return async () => {
    if (file !== undefined && opened !== undefined) {
      const now = await stat(file).catch(() => undefined);
      if (now === undefined) return notReady(readiness.fileMissing);
      if (now.ino !== opened.ino || now.dev !== opened.dev) return notReady(readiness.fileReplaced);
      const usable = await access(file, constants.R_OK | constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!usable) return notReady(readiness.fileUnusable);
    }
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      const problem = schemaProblem(version, migrations.length);
      return problem === undefined ? READY : notReady(problem);
    } catch (err) {
      const reason = faultOf(err);
      return notReady(reason ? unavailable[reason][0] : readiness.silent);
    }
  };
}
