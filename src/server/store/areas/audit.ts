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
import { read, write } from '../sql/define.js';
import type { Dialect } from '../sql/dialect.js';
import { all, type Columns, get, type Query, run, type Script, sql, value } from '../sql/query.js';

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
  /** The contract the request named (`contrato_id`): a contract's change names every life of it. */
  readonly contract: number | null;
  /** What a change replaced, as a keyed hash: the payer's CPF before a payer change (`cpf:<hash>`). */
  readonly previous: string | null;
  /** The id of the key its hashes and its seal were made with (key.ts); null for records of a coopctl before it. */
  readonly keyId: string | null;
}

/** A record as stored: with its seal, the HMAC of the record and of the seal before it (null: unsealed). */
export interface SealedRecord extends AuditRecord {
  readonly seal: string | null;
}

/** A listed record, with its number in the trail. */
export interface AuditRow extends SealedRecord {
  readonly id: number;
}

/**
 * How records are sealed (src/server/audit/seal.ts): `seal` makes a record's
 * seal from the seal before it; `keyChanged` is told when the store's key id
 * is no longer the one the record was made with (another instance rotated
 * the key), checked in every window of records.
 */
export interface Chain {
  seal(record: AuditRecord, before: string | null): string | null;
  keyChanged?(storeKeyId: string | null): void;
}

/** Which records to list: all of them by default, the newest first. */
export interface AuditFilter {
  /** Only those of one of these subject hashes (a card hashed with each key at hand), or of the payer replaced. */
  readonly subjects?: readonly string[];
  /** Only those of this contract. */
  readonly contract?: number;
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
   * Appends a record, sealed on the one before it (`chain`). SQLite: a
   * database file's audit resolves once the worker thread has committed it to
   * the audit's own file (sqlite/audit-file.ts); a `:memory:` database's is
   * taken at once into the open transaction of notes (sqlite/audit.ts,
   * group-commit.ts), before this returns its promise, resolved. PostgreSQL: resolves once it is
   * committed with the others of the same turn of the event loop (one
   * INSERT). `follows`: the record of a write, whose answer does not wait
   * for it.
   */
  append(record: AuditRecord, follows?: boolean): Promise<void>;
  /** The records the filter selects, newest first, and how many it selects in all. */
  list(filter: AuditFilter): Promise<{ readonly rows: AuditRow[]; readonly total: number }>;
  /** Deletes the records older than `before` (ms since 1970), a slice at a time; answers how many. */
  purge(before: number): Promise<number>;
  /** The id of the key the trail's hashes were made with, if one was recorded. */
  keyId(): Promise<string | undefined>;
  setKeyId(id: string): Promise<void>;
  /** Seals the records appended from now on (the server, once its key is bound); unsealed until then. */
  chain(chain: Chain): void;
  /** The records after `after` (an id), oldest first, at most `limit`: `coopctl audit verify` walks the chain. */
  page(after: number, limit: number): Promise<AuditRow[]>;
  /** The seal of the last record purged (the first record kept is sealed on it), if any was. */
  anchor(): Promise<string | null>;
}

// ── statements ─────────────────────────────────────────────────────────────────

/** The trail's columns a record fills, in APPEND's order (the audit file's move of older records copies them: sqlite/audit-file-open.ts). */
export const TRAIL_COLUMNS =
  'at, client, token_label, operation, status, confirma, subject_kind, subject, reference, request_id, contract, previous, key_id, seal';

const INTO = `INSERT INTO audit (${TRAIL_COLUMNS})`;

/** One record's INSERT (SQLite: each record of a window, group-commit.ts). */
export const APPEND = sql<SealedRecord>(
  `${INTO} VALUES (@at, @client, @tokenLabel, @operation, @status, @confirma, @subjectKind, @subject, @reference, @requestId, @contract, @previous, @keyId, @seal)`,
);

/** The records of a batch as the columns of `APPEND_ROWS`, in its order. */
export type AuditColumns = { readonly [K in keyof SealedRecord]: Array<SealedRecord[K]> };

/** A batch of records in one INSERT, each column an array (PostgreSQL's unnest: a turn's records, postgres/audit.ts). */
export const APPEND_ROWS = sql<AuditColumns>(
  `${INTO} SELECT * FROM unnest(CAST(@at AS bigint[]), CAST(@client AS text[]), CAST(@tokenLabel AS text[]),
     CAST(@operation AS text[]), CAST(@status AS integer[]), CAST(@confirma AS bigint[]), CAST(@subjectKind AS text[]),
     CAST(@subject AS text[]), CAST(@reference AS text[]), CAST(@requestId AS text[]), CAST(@contract AS bigint[]),
     CAST(@previous AS text[]), CAST(@keyId AS text[]), CAST(@seal AS text[]))`,
  { only: 'postgres' },
);

/** The head of the chain: the store's key id, and the seal the next record is sealed on (the last record's, else the anchor's). */
export const HEAD = sql<
  Record<string, never>,
  { key_id: string | null; last: number | null; seal: string | null; anchor: string | null }
>(
  `SELECT (SELECT key_id FROM audit_key) AS key_id, (SELECT max(id) FROM audit) AS last,
     (SELECT seal FROM audit WHERE id = (SELECT max(id) FROM audit)) AS seal, (SELECT seal FROM audit_anchor) AS anchor`,
  { columns: { key_id: 'text', last: 'integer', seal: 'text', anchor: 'text' } },
);

/** The columns of a sealed record, in APPEND's order (the audit file's writer binds them by position: sqlite/audit-file.ts). */
export const APPEND_POSITIONAL = `${INTO} VALUES (${Array(14).fill('?').join(', ')})`;

/** The columns of a record, in APPEND_ROWS's order (postgres/audit.ts builds its arrays from them). */
export const RECORD_FIELDS = [
  'at',
  'client',
  'tokenLabel',
  'operation',
  'status',
  'confirma',
  'subjectKind',
  'subject',
  'reference',
  'requestId',
  'contract',
  'previous',
  'keyId',
] as const satisfies ReadonlyArray<keyof AuditRecord>;

const COLUMNS =
  'id, at, client, token_label AS "tokenLabel", operation, status, confirma, subject_kind AS "subjectKind", subject, reference, request_id AS "requestId", contract, previous, key_id AS "keyId", seal';

/** The columns of COLUMNS, as an AuditRow has them. */
const AUDIT_COLUMNS: Columns<AuditRow> = {
  id: 'integer',
  at: 'integer',
  client: 'text',
  tokenLabel: 'text',
  operation: 'text',
  status: 'integer',
  confirma: 'integer',
  subjectKind: 'text',
  subject: 'text',
  reference: 'text',
  requestId: 'text',
  contract: 'integer',
  previous: 'text',
  keyId: 'text',
  seal: 'text',
};

/** The terms a filter may have, each a bit of its listing's key. */
const TERMS = [
  ['subjects', (d: Dialect) => `(subject ${d.inList('subjects')} OR previous ${d.inList('previous')})`],
  ['contract', () => 'contract = @contract'],
  ['since', () => 'at >= @since'],
  ['operation', () => 'operation = @operation'],
] as const;

/** A filter's parameters as its statements bind them: the payers replaced are kept as `cpf:<hash>`. */
type ListParams = Omit<AuditFilter, 'limit'> & { readonly previous?: readonly string[] };

interface Listing {
  readonly rows: Query<ListParams & { limit: number }, AuditRow>;
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
    const where = (d: Dialect) => (terms.length ? `WHERE ${terms.map((t) => t(d)).join(' AND ')}` : '');
    l = {
      rows: sql<ListParams & { limit: number }, AuditRow>(
        (d) => `SELECT ${COLUMNS} FROM audit ${where(d)} ORDER BY id DESC LIMIT @limit`,
        { columns: AUDIT_COLUMNS },
      ),
      count: sql<ListParams, { n: number }>((d) => `SELECT count(*) AS n FROM audit ${where(d)}`, {
        columns: { n: 'integer' },
      }),
    };
    listings.set(key, l);
  }
  return l;
}

/** Records deleted per transaction when purging: each slice holds the write lock briefly, then the server goes on. */
export const PURGE_SLICE = 2000;

/** The oldest records, by id: a purge removes the trail's beginning, so that what stays is one chain from the anchor. */
const OLDEST = sql<{ limit: number }, { id: number; at: number; seal: string | null }>(
  'SELECT id, at, seal FROM audit ORDER BY id LIMIT @limit',
  { columns: { id: 'integer', at: 'integer', seal: 'text' } },
);
const PURGE_UP_TO = sql<{ id: number }>('DELETE FROM audit WHERE id <= @id');
const SET_ANCHOR = sql<{ seal: string }>(
  'INSERT INTO audit_anchor (one, seal) VALUES (1, @seal) ON CONFLICT (one) DO UPDATE SET seal = excluded.seal',
);
const ANCHOR = sql<Record<string, never>, { seal: string }>('SELECT seal FROM audit_anchor', {
  columns: { seal: 'text' },
});
const PAGE = sql<{ after: number; limit: number }, AuditRow>(
  `SELECT ${COLUMNS} FROM audit WHERE id > @after ORDER BY id LIMIT @limit`,
  { columns: AUDIT_COLUMNS },
);
const KEY_ID = sql<Record<string, never>, { key_id: string }>('SELECT key_id FROM audit_key', {
  columns: { key_id: 'text' },
});
const SET_KEY_ID = sql<{ id: string }>(
  'INSERT INTO audit_key (one, key_id) VALUES (1, @id) ON CONFLICT (one) DO UPDATE SET key_id = excluded.key_id',
);

// ── methods ────────────────────────────────────────────────────────────────────

/** Records sealed one on the other, the first on `before`, by `chain` (unsealed without one). */
export function sealOn(
  records: readonly AuditRecord[],
  before: string | null,
  chain: Chain | undefined,
): SealedRecord[] {
  const out: SealedRecord[] = [];
  for (const r of records) {
    const seal = chain ? chain.seal(r, before) : null;
    out.push({ ...r, seal });
    before = seal;
  }
  return out;
}

/**
 * Tells `chain` when the store's key id is not the one a record was made with
 * (another instance rotated it); a store with no key id recorded has no key
 * to drift from.
 */
export function checkKey(records: readonly AuditRecord[], storeKey: string | null, chain: Chain | undefined): void {
  if (storeKey !== null && records.some((r) => r.keyId !== null && r.keyId !== storeKey)) chain?.keyChanged?.(storeKey);
}

/** The seal the next record is sealed on: the last record's, else the anchor's (the trail purged whole), else none. */
export const headSeal = (h: { last: number | null; seal: string | null; anchor: string | null } | undefined) =>
  h === undefined || h.last === null ? (h?.anchor ?? null) : h.seal;

/**
 * Records sealed one on the other from the head of the chain, read in the
 * transaction that appends them (its write lock held: SQLite's transaction of
 * notes; PostgreSQL's advisory lock, postgres/audit.ts), the store's key id
 * checked against theirs on the way.
 */
export function* sealChain(records: readonly AuditRecord[], chain: Chain | undefined): Script<SealedRecord[]> {
  const head = yield* get(HEAD, {});
  checkKey(records, head?.key_id ?? null, chain);
  return sealOn(records, headSeal(head), chain);
}

/** One record's INSERT, sealed on the last record's seal, as a script (SQLite: a note, in the transaction of notes). */
export function* appendOne(r: AuditRecord, chain: Chain | undefined): Script<number> {
  const [s] = yield* sealChain([r], chain);
  return yield* run(APPEND, s!);
}

/** The methods both stores run as they are; each store appends in its own way and purges with `purgeBySlices`. */
export const audit = {
  list: read(function* (f: AuditFilter): Script<{ rows: AuditRow[]; total: number }> {
    const { rows, count } = listing(f);
    const params: ListParams & { limit: number } =
      f.subjects === undefined ? f : { ...f, previous: f.subjects.map((h) => `cpf:${h}`) };
    const found = yield* all(rows, params);
    const total = yield* value(count, params);
    return { rows: found, total: Number(total ?? 0) };
  }),
  /**
   * Deletes the oldest records, by id, up to the first one at or after
   * `before` (at most PURGE_SLICE of them), and keeps the last one's seal as
   * the anchor; answers how many.
   */
  purgeSlice: write(function* (before: number): Script<number> {
    const oldest = yield* all(OLDEST, { limit: PURGE_SLICE });
    let last = -1;
    while (last + 1 < oldest.length && Number(oldest[last + 1]!.at) < before) last++;
    if (last < 0) return 0;
    const upTo = oldest[last]!;
    const n = yield* run(PURGE_UP_TO, { id: upTo.id });
    if (upTo.seal !== null) yield* run(SET_ANCHOR, { seal: upTo.seal });
    return n;
  }),
  keyId: read(() => value(KEY_ID, {})),
  setKeyId: write((id: string) => run(SET_KEY_ID, { id }).map(() => undefined)),
  page: read((after: number, limit: number) => all(PAGE, { after, limit })),
  anchor: read(() => value(ANCHOR, {}).map((s) => s ?? null)),
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
