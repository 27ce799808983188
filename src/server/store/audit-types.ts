/**
 * The access audit as the store keeps it: one record per request to an
 * operation that reads or changes personal data (src/catalogue/personal.ts),
 * appended by the server (src/server/audit/), listed and purged by `coopctl
 * audit`. The person is kept only as a keyed hash (HMAC-SHA-256 with the
 * audit key, which lives outside the database: docs/security.md); the key's
 * id is stored, so that a server given another key refuses to start instead
 * of writing hashes that no search would find.
 */
import type { MaybePromise } from '../maybe-promise.js';

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

export interface AuditRepository {
  /**
   * Appends a record. SQLite: at once (synchronously), for the open
   * transaction of the access audit's records (its write lock then held),
   * committed within 50 ms or before the next write (sqlite/group-commit.ts);
   * a lock held elsewhere or the file removed throws. PostgreSQL: resolves
   * once it is committed with the others of the same turn of the event loop
   * (one INSERT). `follows`: the record of a write, whose answer does not wait
   * for it (SQLite: it begins no transaction, committed with its window). Records are not
   * waited on to reach the disk (SQLite synchronous NORMAL, PostgreSQL
   * synchronous_commit off): they reach it with the next durable write.
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
