/**
 * The access audit as the store keeps it: one record per request to an
 * operation that reads or changes personal data (src/catalogue/personal.ts),
 * appended by the server (src/server/audit/), listed and purged by `coopctl
 * audit`. The person is kept only as a keyed hash (HMAC-SHA-256 with the
 * audit key, which lives outside the database: docs/security.md); the key's
 * id is stored, so that a server given another key refuses to start instead
 * of writing hashes that no search would find.
 *
 * Written once for both databases, as the areas are (areas/index.ts), but not
 * one of them: its list, purge and key are definitions both stores run; its
 * append is each store's own (SQLite: the group commit's window of records,
 * sqlite/audit.ts; PostgreSQL: a turn's records in one INSERT,
 * postgres/audit.ts).
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { MaybePromise } from '../../maybe-promise.js';
import { read, write } from '../sql/define.js';
import { all, type Query, run, type Script, sql, type Step, value } from '../sql/query.js';

// ── types ──────────────────────────────────────────────────────────────────────

/** One request to an audited operation. */
export interface AuditRecord {
  /** When it was answered, in milliseconds since 1970 (UTC). */
  readonly at: number;
  /** The client's address, as the server saw it. */
  readonly client: string;
  /** The label of the token it presented (src/server/tokens.ts), or null on a server without tokens. */
  readonly tokenLabel: string | null;
  /** The catalogue operation's id (`record.allergies`). */
  readonly operation: string;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The answer's first `confirma_operacao`, when it had one. */
  readonly confirma: number | null;
  /** What the subject hash is of: `card`, `cpf` or `device` (SUBJECT_FIELDS); null when the request named none. */
  readonly subjectKind: string | null;
  /** The keyed hash of the card, CPF or device id (hex), never the value. */
  readonly subject: string | null;
  /** A record of the store named by its number (`beneficiario_id=12`, `cd_evento=880061`), when the request named one. */
  readonly reference: string | null;
  /** The request's id, as the server's log and the answer's X-Request-Id give it. */
  readonly requestId: string | null;
}

/** A listed record, with its number in the trail. */
export interface AuditRow extends AuditRecord {
  readonly id: number;
}

/** Which records to list: all of them by default, the newest first. */
export interface AuditFilter {
  /** Only those of this subject hash. */
  readonly subject?: string;
  /** Only those at or after this time (ms since 1970). */
  readonly since?: number;
  /** Only those of this operation id. */
  readonly operation?: string;
  /** At most this many (the newest). */
  readonly limit: number;
}

/** The access audit as a store serves it: its statements are this file's (`audit` below), its append the store's own. */
export interface AuditRepository {
  /**
   * Appends a record. SQLite: at once (synchronously), for the open
   * transaction of the access audit's records (its write lock then held),
   * committed within 50 ms or before the next write (sqlite/group-commit.ts);
   * a lock held elsewhere or the file removed throws. PostgreSQL: resolves
   * once it is committed with the others of the same turn of the event loop
   * (one INSERT). `follows`: the record of a write, whose answer does not wait
   * for it (SQLite: it begins no transaction, committed with its window).
   * Records are not waited on to reach the disk (SQLite synchronous NORMAL,
   * PostgreSQL synchronous_commit off): they reach it with the next durable
   * write.
   */
  append(record: AuditRecord, follows?: boolean): MaybePromise<void>;
  /** The records the filter selects, newest first, and how many it selects in all. */
  list(filter: AuditFilter): Promise<{ readonly rows: AuditRow[]; readonly total: number }>;
  /** Deletes the records older than `before` (ms since 1970), a slice at a time; answers how many. */
  purge(before: number): Promise<number>;
  /** The id of the key the trail's hashes were made with, if one was recorded. */
  keyId(): Promise<string | undefined>;
  setKeyId(id: string): Promise<void>;
}

// ── statements ─────────────────────────────────────────────────────────────────

const INTO =
  'INSERT INTO audit (at, client, token_label, operation, status, confirma, subject_kind, subject, reference, request_id)';

/** One record's INSERT (SQLite: each record of a window, group-commit.ts). */
export const APPEND = sql<AuditRecord>(
  `${INTO} VALUES (@at, @client, @tokenLabel, @operation, @status, @confirma, @subjectKind, @subject, @reference, @requestId)`,
);

/** The records of a batch as the columns of `APPEND_ROWS`, in its order. */
export type AuditColumns = { readonly [K in keyof AuditRecord]: Array<AuditRecord[K]> };

/** A batch of records in one INSERT, each column an array (PostgreSQL's unnest: a turn's records, postgres/audit.ts). */
export const APPEND_ROWS = sql<AuditColumns>(
  `${INTO} SELECT * FROM unnest(CAST(@at AS bigint[]), CAST(@client AS text[]), CAST(@tokenLabel AS text[]),
     CAST(@operation AS text[]), CAST(@status AS integer[]), CAST(@confirma AS bigint[]), CAST(@subjectKind AS text[]),
     CAST(@subject AS text[]), CAST(@reference AS text[]), CAST(@requestId AS text[]))`,
);

const COLUMNS =
  'id, at, client, token_label AS "tokenLabel", operation, status, confirma, subject_kind AS "subjectKind", subject, reference, request_id AS "requestId"';

/** The terms a filter may have, each a bit of its listing's key. */
const TERMS = [
  ['subject', 'subject = @subject'],
  ['since', 'at >= @since'],
  ['operation', 'operation = @operation'],
] as const;

type ListParams = Omit<AuditFilter, 'limit'>;

interface Listing {
  readonly rows: Query<AuditFilter, AuditRow>;
  readonly count: Query<ListParams, { n: number }>;
}

/** The statements of each combination of terms (at most eight), made once. */
const listings = new Map<number, Listing>();

function listing(f: AuditFilter): Listing {
  let key = 0;
  for (let i = 0; i < TERMS.length; i++) if (f[TERMS[i]![0]] !== undefined) key |= 1 << i;
  let l = listings.get(key);
  if (!l) {
    const terms = TERMS.filter((_, i) => key & (1 << i)).map(([, term]) => term);
    const where = terms.length ? `WHERE ${terms.join(' AND ')}` : '';
    l = {
      rows: sql(`SELECT ${COLUMNS} FROM audit ${where} ORDER BY id DESC LIMIT @limit`),
      count: sql(`SELECT count(*) AS n FROM audit ${where}`),
    };
    listings.set(key, l);
  }
  return l;
}

/** Records deleted per transaction when purging: each slice holds the write lock briefly, then the server goes on. */
export const PURGE_SLICE = 2000;

const PURGE = sql<{ before: number }>(
  `DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < @before LIMIT ${PURGE_SLICE})`,
);
const KEY_ID = sql<Record<string, never>, { key_id: string }>('SELECT key_id FROM audit_key');
const SET_KEY_ID = sql<{ id: string }>(
  'INSERT INTO audit_key (one, key_id) VALUES (1, @id) ON CONFLICT (one) DO UPDATE SET key_id = excluded.key_id',
);

// ── methods ────────────────────────────────────────────────────────────────────

/** One record's INSERT, as a step. */
export const appendOne = (r: AuditRecord): Step<number> => run(APPEND, r);

/** The methods both stores run as they are; each store appends in its own way and purges with `purgeBySlices`. */
export const audit = {
  list: read(function* (f: AuditFilter): Script<{ rows: AuditRow[]; total: number }> {
    const { rows, count } = listing(f);
    const found = yield* all(rows, f);
    const total = yield* value(count, f);
    return { rows: found, total: Number(total ?? 0) };
  }),
  /** Deletes at most PURGE_SLICE records older than `before`; answers how many. */
  purgeSlice: write((before: number) => run(PURGE, { before })),
  keyId: read(() => value(KEY_ID, {})),
  setKeyId: write((id: string) => run(SET_KEY_ID, { id }).map(() => undefined)),
};

/** A purge a slice at a time (each its own transaction), letting the requests waiting meanwhile be answered. */
export function purgeBySlices(slice: (before: number) => Promise<number>): (before: number) => Promise<number> {
  return async (before) => {
    let deleted = 0;
    for (;;) {
      const n = await slice(before);
      deleted += n;
      if (n < PURGE_SLICE) return deleted;
      await turn();
    }
  };
}
