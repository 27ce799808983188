/**
 * What the server needs from a database: the repository (each area's methods
 * are its definitions' types, written once for both databases in areas/, with
 * the data types they take and answer) and an opened store around it. Every
 * method is asynchronous but the hot read (`registration.record`), which
 * SQLite answers at once.
 *
 * The business rules live in the domain (src/server/domain/), applied by the
 * handlers. Where a rule must hold atomically with the rows it reads (a stamp
 * drawn from the counters, a free address code, a free slot, a device's new
 * state, a sending's recipients), the method takes the rule as a *decision*:
 * a pure, synchronous function from what was read to what to write. The store
 * reads, calls it and writes its answer in one transaction: the rule stays in
 * TypeScript, the atomicity in the store. A conditional write (`from` or
 * `states`) reports whether its condition held instead of failing.
 */
import type { Said } from '../../catalogue/index.js';
import type { DemoSummary, TablesDump } from './areas/dataset.js';
import type { AuditRepository } from './areas/audit.js';
import type { Areas } from './areas/index.js';
import type { DatasetRows } from './datasets/rows.js';

export type { AuditFilter, AuditRecord, AuditRepository, AuditRow } from './areas/audit.js';
export type { TablesDump } from './areas/dataset.js';

// ── the whole store ────────────────────────────────────────────────────────────

/** Every area's methods (areas/index.ts), and the whole store's. */
export interface Repository extends Areas {
  /** The access audit: who read or changed whose data (areas/audit.ts). */
  readonly audit: AuditRepository;
  /** Replaces everything stored with these rows, in one transaction. */
  load(rows: DatasetRows): Promise<void>;
  /** Every data table's rows, read in one transaction (the admin API's snapshots). */
  dump(): Promise<TablesDump>;
  /** Replaces everything stored with a dump's rows, in one transaction. */
  restore(dump: TablesDump): Promise<void>;
  /** A few cards and provider locations to try. */
  describe(): Promise<DemoSummary>;
  close(): Promise<void>;
}

/** Whether a store can serve: it answers, with its migrations applied; when not, why, in both languages (GET /readyz answers in the one asked for). */
export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: Said };

/** The schema version an opening found (0: a new database), and the version it left (this coopctl's). */
export interface SchemaVersions {
  readonly found: number;
  readonly current: number;
}

/** A PostgreSQL pool's connections: open, idle, and requests waiting for one. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * What a store reports as it runs (for /metrics). SQLite: its group-commit
 * transactions; PostgreSQL: every transaction it runs.
 */
export interface StoreMeter {
  /** A transaction ended after `seconds`: committed, or rolled back (a failed write, a retried race). */
  transaction(seconds: number, committed: boolean): void;
  /** A group commit ran `writes` writes in one transaction (SQLite). */
  batch(writes: number): void;
  /** A look-up in the read cache of `buscadadosusuario`'s records (SQLite): found, or not (then read). */
  cacheRead?(found: boolean): void;
}

/** An opened store: its repository, and whether this open created the database. */
export interface Store {
  readonly repo: Repository;
  /** True when the database was created by this open (so demo data may be loaded). */
  readonly created: boolean;
  /** The schema versions of this opening (migrations applied: from `found` to `current`). */
  readonly schema: SchemaVersions;
  /** Demo cards, providers and locations to show on start-up. */
  describeDemo(): Promise<DemoSummary>;
  /** Whether the database answers now, with this coopctl's schema; never waits long, never rejects. */
  check(): Promise<Readiness>;
  /** PostgreSQL only: the pool's connections. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** SQLite file path, `:memory:`, or a PostgreSQL URL (`postgres://…`, `postgresql://…`; location.ts). */
  readonly path: string;
  /** Load the deterministic demo dataset when the database is new (or always, for `:memory:`). */
  readonly demo?: boolean;
  /** Load this fixtures JSON document (docs/fixtures.md) instead of the demo dataset. */
  readonly fixtures?: unknown;
  /** "Today" for the demo dataset and derived dates (tests pin it). */
  readonly now?: () => Date;
  /** How long a request retries while another process holds the database lock, before failing (ms; default 2000). */
  readonly lockWaitMs?: number;
  /** PostgreSQL only: the bound on a statement while serving, in ms (`serve --db-timeout`; default DB_TIMEOUT_MS). */
  readonly dbTimeoutMs?: number;
  /** Extra PRAGMA statements for the serving connection (tests simulate a full disk or a read-only file). */
  readonly pragmas?: readonly string[];
  /** PostgreSQL only: a new database is filled with a copy of this SQLite store (instead of any dataset). */
  readonly importSqlite?: string;
  /** Where the store reports its transactions and group-commit batches (none: not reported). */
  readonly meter?: StoreMeter;
  /** SQLite: told of access-audit records lost after they were appended (their transaction failed to commit). */
  readonly auditLost?: (err: unknown, count: number) => void;
  /**
   * SQLite only: the memory (bytes) the cache of `buscadadosusuario`'s records may take
   * (store/sqlite/unchanged-cache.ts; default READ_CACHE_BYTES); 0: no cache.
   */
  readonly readCacheBytes?: number;
  /**
   * SQLite only: the database held data before (its audit key is beside it): a file without coopctl's schema (empty,
   * or a header alone) is refused (StoreOpenError) instead of being made a new database.
   */
  readonly expectData?: boolean;
  /** SQLite only: the frames of the `-wal` after which a commit checkpoints and truncates it (store/sqlite/checkpoint.ts; default 1,000; tests take fewer). */
  readonly checkpointPages?: number;
  /** SQLite only: told once of a damage to the database's files found while serving, and of a `-shm` given its length back (file-guard.ts). */
  readonly fileDamage?: (what: FileDamage) => void;
}

/** The bound on a PostgreSQL statement while serving: 5 s (`serve --db-timeout`; store/postgres/pool.ts). */
export const DB_TIMEOUT_MS = 5000;

/** A damage to a SQLite database's files (store/sqlite/file-guard.ts): truncated, or its `-wal` removed or replaced; a `-shm` given its length back. */
export type FileDamage = 'shrunk' | 'walTruncated' | 'walReplaced' | 'shmRestored';

/**
 * The read cache's default size: 4 MiB, about 3,700 registration records (`serve --read-cache`): the cards read again
 * and again (an app's, a support desk's) fit, and a large database's reads spread over more cards than any size holds
 * (docs/decisions.md, "The read cache at 4 MiB by default").
 */
export const READ_CACHE_BYTES = 4 * 1024 * 1024;
