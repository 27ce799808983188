/**
 * The access audit on SQLite (areas/audit.ts): each record kept for the group
 * commit's window of records (group-commit.ts `note`), listed once the window
 * is committed, purged a slice at a time. Its rows hold no data: each one it
 * adds or removes is counted in `notData`, so that the hot read's answers stay
 * kept (unchanged-cache.ts).
 */
import { appendOne, audit, type AuditRepository, type Chain, purgeBySlices } from '../areas/audit.js';
import type { Db } from './connection.js';
import type { GroupCommit } from './group-commit.js';
import { methods } from './methods.js';
import { type Runner, sqliteRunner } from './runner.js';
import type { ChangeCount } from './unchanged-cache.js';

export function sqliteAudit(
  db: Db,
  commit: GroupCommit,
  notData: ChangeCount,
  run: Runner = sqliteRunner(db),
): AuditRepository {
  const m = methods(db, audit, run, commit, { bytes: 0, meter: undefined, notData });
  let chain: Chain | undefined;
  return {
    // The record is in the transaction of notes when this returns (its promise resolved) (group-commit.ts); it is sealed
    // when it is inserted, in that transaction, on the record inserted before it by any process.
    append: async (r, follows) =>
      commit.note(() => {
        run(appendOne(r, chain));
        notData.count += 1;
      }, follows),
    chain: (c) => {
      chain = c;
    },
    page: (after, limit) => {
      commit.flush();
      return m.page(after, limit);
    },
    anchor: m.anchor,
    list: (f) => {
      // The records appended and not yet committed are listed too.
      commit.flush();
      return m.list(f);
    },
    purge: purgeBySlices((before) =>
      commit.run(() => {
        const n = run(audit.purgeSlice.plan(before));
        notData.count += n;
        return n;
      }),
    ),
    keyId: m.keyId,
    setKeyId: m.setKeyId,
  };
}
