/**
 * The access audit of a starting server: its key bound to the store's trail
 * (bind.ts), the auditor the HTTP layer calls (trail.ts), and the retention:
 * records older than `retentionDays` (default 180) are removed at start and
 * once a day, a slice at a time, without holding up requests.
 */
import type { Auditor } from '../http/answer.js';
import type { ServerLog } from '../observe/log.js';
import type { AuditRepository } from '../store/areas/audit.js';
import { StoreUnavailable } from '../store/unavailable.js';
import { bindAuditKey } from './bind.js';
import { auditKeyFile, auditKeyOf, readAuditKey } from './key.js';
import { auditTrail } from './trail.js';

export interface AuditOptions {
  /** PostgreSQL only: the key's file (`--audit-key-file`; key.ts says where it is otherwise). */
  readonly keyFile?: string;
  /** `--new-audit-key`: rotate the key (bind.ts), or begin one although the trail was written with another. */
  readonly renewKey?: boolean;
  /** Days a record is kept (`--audit-retention`); 0: kept until `coopctl audit purge`. */
  readonly retentionDays?: number;
}

/** Days a record is kept unless told otherwise. */
export const DEFAULT_RETENTION_DAYS = 180;
export const DAY_MS = 86_400_000;

export interface RunningAudit {
  readonly auditor: Auditor;
  /** Stops the daily purge (the server is closing). */
  stop(): void;
}

export async function auditFor(
  repo: AuditRepository,
  db: string,
  env: NodeJS.ProcessEnv,
  options: AuditOptions,
  run: { readonly now: () => Date; readonly log?: ServerLog },
): Promise<RunningAudit> {
  const file = auditKeyFile(db, env, options.keyFile);
  const key = (await bindAuditKey(repo, { file, write: true, renew: options.renewKey === true }))!;
  const reread = async () => {
    const secret = file === undefined ? undefined : await readAuditKey(file);
    return secret === undefined ? undefined : auditKeyOf(secret);
  };
  const auditor = auditTrail({
    store: repo,
    key,
    now: run.now,
    reread,
    ...(file ? { keyFile: file } : {}),
    ...(run.log ? { log: run.log } : {}),
  });
  const days = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  if (days <= 0) return { auditor, stop: () => undefined };
  let stopped = false;
  const purge = () => {
    repo.purge(run.now().getTime() - days * DAY_MS).then(
      (removed) => {
        if (removed > 0 && !stopped)
          run.log?.event('info', 'audit_purged', `access audit: ${removed} records older than ${days} days removed`, {
            removed,
            days,
          });
      },
      (err: unknown) => {
        if (!stopped)
          run.log?.event(
            'warn',
            'audit_purge_failed',
            'access audit: the records past their retention were not removed',
            {
              reason: err instanceof StoreUnavailable ? err.reason : err instanceof Error ? err.name : typeof err,
            },
          );
      },
    );
  };
  const first = setTimeout(purge, 0);
  const daily = setInterval(purge, DAY_MS);
  first.unref();
  daily.unref();
  return {
    auditor,
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
