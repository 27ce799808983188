/**
 * The one start-up path of the server: open the store, listen, and stop both
 * together; with the probes (readiness: the store's check, until the server
 * starts draining), the metrics' tallies, and the log's start-up events.
 */
import { existsSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { catalogue } from '../catalogue/index.js';
import { logOf, type LogFormat, type ServerLog } from './observe/log.js';
import { metricsText } from './observe/metrics.js';
import { RequestMeter, StoreTally } from './observe/tally.js';
import type { FileDamage, Readiness } from './store/types.js';
import { tokenList, type ServerToken } from './tokens.js';
import {
  faultOf,
  FixturesError,
  maskUrl,
  StoreOpenError,
  storeLocation,
  StoreUnavailable,
  UnsupportedLocation,
} from './store/index.js';
import { sqliteKeyFile } from './audit/key.js';
import { openBackend, type Backend } from './wire.js';
import { createServer } from './app.js';
import { listen, type Listening } from './listen.js';
import { checkExposure } from './host.js';
import { ANY_ORIGIN } from './http/origins.js';
import { publicSuffixAmong } from './public-suffix.js';
import { adminRoutes } from './admin/routes.js';
import { adminState } from './admin/state.js';
import { filterOf, journalRoutes } from './admin/journal-routes.js';
import { validatingProxy } from './admin/proxy.js';
import { journalStream } from './admin/journal-stream.js';
import { type Recording, recording } from './admin/recording.js';
import { consoleRoutes, forcedPrefer, type ForcedPrefer } from './admin/console-routes.js';
import { requestJournal, type Journal } from './admin/journal.js';
import { StartError } from './start-error.js';
import { auditFor, type AuditOptions } from './audit/start.js';
import { lostRecords } from './audit/trail.js';
import { readiness, start, unavailable } from './words.js';

export interface StartOptions {
  readonly host: string;
  readonly port: number;
  /** SQLite file path, `:memory:`, or a PostgreSQL URL. */
  readonly db: string;
  /** PostgreSQL only: fill a new database with a copy of this SQLite store. */
  readonly importSqlite?: string;
  /** Load the demo dataset when the database is new. */
  readonly demo?: boolean;
  /** A fixtures document to load instead of the demo dataset. */
  readonly fixtures?: unknown;
  /** The server's token, or its clients' tokens (tokens.ts); none: no token asked. */
  readonly token?: string | readonly ServerToken[];
  /** /metrics needs one of these tokens; none: /metrics is open like the other probes. */
  readonly metricsTokens?: readonly ServerToken[];
  /** /healthz and /readyz need the server's token (`token`) too. */
  readonly privateProbes?: boolean;
  /** Count requests and store transactions and serve /metrics (default true). */
  readonly metrics?: boolean;
  /** SQLite: the memory (bytes) the read cache of registration records may take (store/types.ts; 0: none). */
  readonly readCacheBytes?: number;
  readonly allowPrefer?: boolean;
  /** Host names answered besides the bound host, localhost and IP literals (`--allowed-host`). */
  readonly allowedHosts?: readonly string[];
  /** The admin API under /_coopctl/ (reset, load, snapshots, the request journal: src/server/admin/). */
  readonly admin?: boolean;
  /** The validating proxy: every operation forwarded to this base URL (`--proxy-to`), the test host's to `proxyToTest`. */
  readonly proxyTo?: string;
  readonly proxyToTest?: string;
  /** With `proxyTo`: the fixtures file what passed is recorded to, pseudonymised (admin/recording.ts). */
  readonly record?: string;
  /** How many requests the journal keeps (with `admin`). */
  readonly journalSize?: number;
  /** The journal keeps parameters' values and answers' bodies (`--journal-bodies`: a demo or fixtures database). */
  readonly journalBodies?: boolean;
  /** Origins of web pages that may call the server and read its answers (`--cors`; `*` only without a token). */
  readonly cors?: readonly string[];
  /** Origins of web pages that may send requests without reading the answers (`--allowed-origin`). */
  readonly allowedOrigins?: readonly string[];
  /** The log, or a stream for one in `logFormat` (text by default); none for quiet. */
  readonly log?: ServerLog | Writable;
  readonly logFormat?: LogFormat;
  readonly now?: () => Date;
  /** The access audit's key and retention (audit/start.ts); false: no request is recorded (the key is still checked). */
  readonly audit?: AuditOptions | false;
  /** Connections open at once (`--max-connections`; default 1024). */
  readonly maxConnections?: number;
  /** PostgreSQL: the bound on a statement, in ms (`--db-timeout`; store/types.ts's DB_TIMEOUT_MS). */
  readonly dbTimeoutMs?: number;
  /** Where a PostgreSQL database's audit key is looked for (COOPCTL_AUDIT_KEY_FILE, XDG_DATA_HOME, HOME). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface RunningServer extends Listening {
  readonly store: Backend;
  /** From now on /readyz answers 503 (shutting down), so that load balancers stop sending requests; serving goes on. */
  drain(): void;
}

/** What the log says of a damage to the database's files (English, for the operators' tools). */
const DAMAGE: Record<FileDamage, string> = {
  shrunk: readiness.shrunk.en,
  walTruncated: readiness.walTruncated.en,
  walReplaced: readiness.walReplaced.en,
  shmRestored:
    'the -shm was truncated while the server ran: given its length back, SQLite rebuilds its index from the -wal',
};

const DRAINING: Readiness = { ready: false, reason: readiness.draining };

/** The readiness of the server: the store's, logged when it changes, or DRAINING once draining. */
function readinessOf(store: Backend, log: ServerLog | undefined, draining: () => boolean): () => Promise<Readiness> {
  let last: Readiness = { ready: true };
  return async () => {
    if (draining()) return DRAINING;
    const now = await store.check();
    // The log is the operator's, in English (docs/server.md).
    if (now.ready !== last.ready || (!now.ready && !last.ready && now.reason.en !== last.reason.en)) {
      if (now.ready) log?.event('info', 'ready', 'ready: the store answers again');
      else log?.event('warn', 'not_ready', `not ready: ${now.reason.en}`, { reason: now.reason.en });
    }
    last = now;
    return now;
  };
}

/** The migrations this opening applied, as a log event (a line of the text log only when an existing database changed). */
function logSchema(store: Backend, log: ServerLog | undefined): void {
  const { found, current } = store.schema;
  const text =
    found > 0 && found < current ? `database schema migrated from version ${found} to ${current}` : undefined;
  log?.event('info', 'migrations', text, { from: found, to: current, applied: current - found });
}

/**
 * Why a database could not be opened, for the person starting the server: a
 * lock held elsewhere past the start-up wait, a full disk, a read-only file, a
 * file that is not a SQLite database, a PostgreSQL server out of reach or
 * refusing us (its reason). Undefined for anything else (a bug). A URL's
 * password is never shown.
 */
function openFailure(db: string, err: unknown): StartError | undefined {
  if (err instanceof FixturesError || err instanceof UnsupportedLocation)
    return new StartError(start.asItIs(err.message));
  const path = maskUrl(db);
  if (err instanceof StoreOpenError)
    return new StartError(start.cannotOpen(path, { en: maskUrl(err.said.en), 'pt-BR': maskUrl(err.said['pt-BR']) }), 1);
  if (err instanceof StoreUnavailable) return new StartError(start.cannotOpen(path, unavailable[err.reason][0]), 1);
  const code = (err as { code?: unknown } | null)?.code;
  const reason = faultOf(err);
  const why = reason
    ? unavailable[reason][0]
    : code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
      ? start.notSqlite
      : undefined;
  return why === undefined ? undefined : new StartError(start.cannotOpen(path, why), 1);
}

/**
 * A SQLite database that is missing while its audit key is there was moved
 * or deleted: a new, empty (or demo) database would replace it without a
 * word, and every write acknowledged before would seem lost. Refused (exit 1),
 * as is a 0-byte file beside its audit key, a `-wal` that holds frames (which
 * SQLite deletes when it opens a 0-byte database) or a rollback journal.
 * Answers whether the database held data (its audit key is there): a file
 * without a schema is then refused when it is opened (a header alone).
 */
function refuseVanished(db: string): boolean {
  const location = storeLocation(db);
  if (location.kind !== 'sqlite' || db === ':memory:' || db === '') return false;
  const key = sqliteKeyFile(db);
  const keyed = existsSync(key);
  const size = statSync(db, { throwIfNoEntry: false })?.size;
  if (size === undefined) {
    if (keyed) throw new StartError(start.vanished(db, key), 1);
    return false;
  }
  if (size === 0) {
    const beside = keyed
      ? key
      : [`${db}-wal`, `${db}-journal`].find((f) => (statSync(f, { throwIfNoEntry: false })?.size ?? 0) > 0);
    if (beside !== undefined) throw new StartError(start.emptied(db, beside), 1);
  }
  return keyed;
}

/** The admin API on the store and its console, the journal cleared by every reset. */
function adminApi(store: Backend, options: StartOptions, journal: Journal, prefer: ForcedPrefer) {
  const state = adminState({ repo: store.repo, fixtures: options.fixtures, now: options.now ?? (() => new Date()) });
  state.onReset(() => journal.clear());
  return adminRoutes(state, [
    journalRoutes(journal),
    journalStream(journal, filterOf),
    consoleRoutes(state, prefer, () => store.describeDemo()),
  ]);
}

/** The web pages that may call the server: `--cors '*'` never with a token, no public suffix as an allowed host. */
async function checkOrigins(options: StartOptions): Promise<void> {
  if (options.cors?.includes(ANY_ORIGIN) && options.token !== undefined) throw new StartError(start.anyOriginWithToken);
  const suffix = await publicSuffixAmong(options.allowedHosts ?? []);
  if (suffix !== undefined) throw new StartError(start.publicSuffix(suffix));
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  checkExposure(options.host, options.token);
  await checkOrigins(options);
  const log = logOf(options.log, options.logFormat);
  const metered = options.metrics !== false;
  const storeTally = metered ? new StoreTally() : undefined;
  let store: Backend;
  const audit = options.audit === false ? {} : (options.audit ?? {});
  try {
    const expectData = refuseVanished(options.db);
    store = await openBackend({
      expectData,
      fileDamage: (what) =>
        log?.event(what === 'shmRestored' ? 'warn' : 'error', 'database_damaged', DAMAGE[what], { what }),
      path: options.db,
      demo: options.demo,
      fixtures: options.fixtures,
      now: options.now,
      ...(options.importSqlite === undefined ? {} : { importSqlite: options.importSqlite }),
      ...(storeTally ? { meter: storeTally } : {}),
      auditLost: lostRecords(log),
      ...(options.readCacheBytes === undefined ? {} : { readCacheBytes: options.readCacheBytes }),
      ...(options.dbTimeoutMs === undefined ? {} : { dbTimeoutMs: options.dbTimeoutMs }),
    });
  } catch (err) {
    throw openFailure(options.db, err) ?? err;
  }
  logSchema(store, log);
  let trail: Awaited<ReturnType<typeof auditFor>>;
  try {
    trail = await auditFor(store.repo.audit, options.db, options.env ?? process.env, audit, {
      now: options.now ?? (() => new Date()),
      ...(log ? { log } : {}),
    });
  } catch (err) {
    await store.close();
    throw openFailure(options.db, err) ?? err;
  }
  let draining = false;
  let listening: Listening;
  let recorder: Recording | undefined;
  try {
    const allowedHosts = [options.host, ...(options.allowedHosts ?? [])];
    const requests = metered ? new RequestMeter(catalogue.map((op) => op.id)) : undefined;
    const pool = store.poolStats?.bind(store);
    const journal = options.admin
      ? requestJournal(options.journalSize, options.journalBodies === true, options.now)
      : undefined;
    const prefer = journal ? forcedPrefer() : undefined;
    const admin = journal && prefer ? adminApi(store, options, journal, prefer) : undefined;
    recorder =
      options.proxyTo && options.record ? recording(options.record, options.now ?? (() => new Date()), log) : undefined;
    const proxy = options.proxyTo
      ? validatingProxy({
          ...(recorder ? { record: recorder.note } : {}),
          base: options.proxyTo,
          ...(options.proxyToTest ? { test: options.proxyToTest } : {}),
          ...(log ? { log } : {}),
          ...(journal ? { journal: journal.note } : {}),
        })
      : undefined;
    const server = createServer({
      handlers: store.handlers,
      ...(proxy ? { proxy } : {}),
      ...(admin && prefer ? { admin, forcedPrefer: prefer.get } : {}),
      ...(journal ? { journal: journal.note } : {}),
      token: options.token,
      allowPrefer: options.allowPrefer,
      allowedHosts,
      ...(options.cors ? { cors: options.cors } : {}),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
      log,
      now: options.now,
      ...(options.audit === false ? {} : { audit: trail.auditor }),
      ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
      ...(requests ? { meter: requests } : {}),
      probes: {
        ready: readinessOf(store, log, () => draining),
        ...(requests && storeTally
          ? { metrics: metricsText({ requests, store: storeTally, ...(pool ? { pool } : {}) }) }
          : {}),
        ...(options.metricsTokens ? { metricsTokens: options.metricsTokens } : {}),
        ...(options.privateProbes && options.token !== undefined ? { probeTokens: tokenList(options.token) } : {}),
      },
    });
    listening = await listen(server, options.host, options.port);
  } catch (err) {
    trail.stop();
    await recorder?.stop();
    await store.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartError(start.cannotListen(`${options.host}:${options.port}`, code), 1);
    }
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    ...listening,
    store,
    drain() {
      draining = true;
    },
    close() {
      draining = true;
      trail.stop();
      closing ??= listening
        .close()
        .then(() => recorder?.stop())
        .then(() => store.close());
      return closing;
    },
  };
}
