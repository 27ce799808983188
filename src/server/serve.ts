/**
 * `coopctl serve`: options to a running server, a start-up banner (or, as
 * JSON lines, a start-up event), and a graceful stop on SIGINT/SIGTERM: not
 * ready at once, serving on for `--shutdown-delay`, then finishing the
 * requests in flight.
 */
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './start.js';
import { StartError } from './start-error.js';
import { start } from './words.js';
import { parseExact } from '../catalogue/exact-json.js';
import { checkExposure } from './host.js';
import { banner, englishWords, type Loaded, type ServeWords } from './banner.js';
import { stopper } from './stop-signals.js';
import { LOG_FORMATS, serverLog, type LogFormat } from './observe/log.js';
import { readServerTokens, readTokens } from './tokens.js';
import { databaseOf, maskUrl, storeLocation, UnsupportedLocation } from './store/location.js';

export { defaultDbPath } from './store/location.js';

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly db?: string;
  /** Fill a new PostgreSQL database with a copy of this SQLite store. */
  readonly importSqlite?: string;
  readonly demo?: boolean;
  readonly fixtures?: string;
  readonly tokenFile?: string;
  readonly allowPrefer?: boolean;
  /** Host names answered besides the bound host, localhost and IP literals (`--allowed-host`). */
  readonly allowedHosts?: readonly string[];
  /** The admin API under /_coopctl/ (src/server/admin/). */
  readonly admin?: boolean;
  /** The validating proxy's real service (`--proxy-to`, `--proxy-to-test`). */
  readonly proxyTo?: string;
  readonly proxyToTest?: string;
  /** With --proxy-to: the fixtures file what passed is recorded to, pseudonymised (`--record`). */
  readonly record?: string;
  /** The journal keeps values and bodies (`--journal-bodies`). */
  readonly journalBodies?: boolean;
  /** How many requests the journal keeps. */
  readonly journalSize?: number;
  /** Origins of web pages that may call the server and read its answers (`--cors`). */
  readonly cors?: readonly string[];
  /** Origins of web pages that may send requests without reading the answers (`--allowed-origin`). */
  readonly allowedOrigins?: readonly string[];
  /** No banner and no access log (the URL is still printed on stdout). */
  readonly quiet?: boolean;
  /** The log's format (default: COOPCTL_LOG_FORMAT, else text). */
  readonly logFormat?: string;
  /** Count requests and serve /metrics (default true). */
  readonly metrics?: boolean;
  /** /metrics needs this file's token (default: COOPCTL_METRICS_TOKEN, else none). */
  readonly metricsTokenFile?: string;
  /** SQLite: MiB the read cache of registration records may take (default 4, READ_CACHE_BYTES; 0: no cache). */
  readonly readCache?: number;
  /** Seconds between the first stop signal (readiness 503 at once) and closing the listener (default 0). */
  readonly shutdownDelay?: number;
  /** False: no request is recorded in the access audit (`--no-audit`). */
  readonly audit?: boolean;
  /** PostgreSQL only: the audit key's file (`--audit-key-file`). */
  readonly auditKeyFile?: string;
  /** Begin a new audit key although the trail was written with another (`--new-audit-key`). */
  readonly newAuditKey?: boolean;
  /** Days the access audit keeps a record (`--audit-retention`, default 180; 0: until purged by hand). */
  readonly auditRetention?: number;
  /** Connections open at once (`--max-connections`, default 1024). */
  readonly maxConnections?: number;
  /** PostgreSQL: seconds a statement may take, and an answer be waited for (`--db-timeout`, default 5). */
  readonly dbTimeout?: number;
  /** /healthz and /readyz need the server's token too (default: open, as probes come without one). */
  readonly privateProbes?: boolean;
}

export interface ServeContext {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Where `--token-file -` reads the token. */
  readonly stdin?: Readable;
  /** Stops the server like SIGTERM does (tests; the CLI relies on the signals). */
  readonly signal?: AbortSignal;
  /** The words of the banner and the stop lines (the CLI's, in the run's language); English by default. */
  readonly words?: ServeWords;
}

async function readFixtures(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new StartError(start.cannotReadFixtures(file, (err as NodeJS.ErrnoException).code ?? 'error'));
  }
  try {
    return parseExact(text);
  } catch {
    throw new StartError(start.fixturesNotJson(file));
  }
}

/** The log's format: the option, else COOPCTL_LOG_FORMAT, else text. */
function logFormat(option: string | undefined, env: NodeJS.ProcessEnv): LogFormat {
  const [value, source] =
    option !== undefined ? [option, '--log-format'] : [env['COOPCTL_LOG_FORMAT'] || 'text', 'COOPCTL_LOG_FORMAT'];
  if (!(LOG_FORMATS as readonly string[]).includes(value))
    throw new StartError(start.logFormat(source, JSON.stringify(value.slice(0, 20))));
  return value as LogFormat;
}

/** The token /metrics needs, if any: --metrics-token-file, else COOPCTL_METRICS_TOKEN. */
async function metricsTokens(opts: ServeOptions, ctx: ServeContext) {
  if (opts.metrics === false) {
    if (opts.metricsTokenFile !== undefined) throw new StartError(start.metricsTokenWithoutMetrics);
    return undefined;
  }
  if (opts.metricsTokenFile === '-' && opts.tokenFile === '-') throw new StartError(start.bothFromStdin);
  return readTokens(opts.metricsTokenFile, ctx.env, 'COOPCTL_METRICS_TOKEN', ctx.stdin);
}

export async function runServe(opts: ServeOptions, ctx: ServeContext): Promise<void> {
  const words = ctx.words ?? englishWords;
  if (opts.demo && opts.fixtures) throw new StartError(start.demoAndFixtures);
  const format = logFormat(opts.logFormat, ctx.env);
  const token = await readServerTokens(opts.tokenFile, ctx.env, ctx.stdin);
  const forMetrics = await metricsTokens(opts, ctx);
  checkExposure(opts.host, token);
  if (opts.privateProbes && token === undefined) throw new StartError(start.privateProbes);
  if (opts.importSqlite !== undefined && (opts.fixtures !== undefined || opts.demo))
    throw new StartError(start.importWith);
  if (opts.journalBodies && !opts.admin) throw new StartError(start.journalNeedsAdmin);
  if (opts.record !== undefined && !opts.proxyTo) throw new StartError(start.recordNeedsProxy);
  if (opts.journalBodies && !opts.demo && opts.fixtures === undefined && opts.db !== ':memory:')
    throw new StartError(start.journalNeedsDemo);
  const fixtures = opts.fixtures === undefined ? undefined : await readFixtures(opts.fixtures);
  // The store creates a missing folder 0700 and a new file 0600.
  const db = databaseOf(opts.db, ctx.env);
  try {
    if (storeLocation(db).kind !== 'postgres' && opts.importSqlite !== undefined)
      throw new StartError(start.importNeedsPostgres);
  } catch (err) {
    if (err instanceof UnsupportedLocation) throw new StartError(start.asItIs(err.message));
    throw err;
  }
  // A new database gets the demo dataset unless fixtures are given (`--demo` says so explicitly).
  const demo = fixtures === undefined;

  const log = opts.quiet ? undefined : serverLog(format, ctx.stderr);
  const running = await startServer({
    host: opts.host,
    port: opts.port,
    db,
    demo,
    fixtures,
    ...(opts.importSqlite === undefined ? {} : { importSqlite: opts.importSqlite }),
    token,
    ...(forMetrics ? { metricsTokens: forMetrics } : {}),
    ...(opts.privateProbes ? { privateProbes: true } : {}),
    metrics: opts.metrics !== false,
    ...(opts.readCache === undefined ? {} : { readCacheBytes: opts.readCache * 1024 * 1024 }),
    allowPrefer: opts.allowPrefer,
    allowedHosts: opts.allowedHosts,
    ...(opts.admin ? { admin: true, journalBodies: opts.journalBodies === true } : {}),
    ...(opts.proxyTo ? { proxyTo: opts.proxyTo } : {}),
    ...(opts.proxyToTest ? { proxyToTest: opts.proxyToTest } : {}),
    ...(opts.record === undefined ? {} : { record: opts.record }),
    ...(opts.journalSize === undefined ? {} : { journalSize: opts.journalSize }),
    ...(opts.cors?.length ? { cors: opts.cors } : {}),
    ...(opts.allowedOrigins?.length ? { allowedOrigins: opts.allowedOrigins } : {}),
    log,
    env: ctx.env,
    ...(opts.maxConnections === undefined ? {} : { maxConnections: opts.maxConnections }),
    ...(opts.dbTimeout === undefined ? {} : { dbTimeoutMs: opts.dbTimeout * 1000 }),
    audit:
      opts.audit === false
        ? false
        : {
            ...(opts.auditKeyFile === undefined ? {} : { keyFile: opts.auditKeyFile }),
            ...(opts.newAuditKey ? { renewKey: true } : {}),
            ...(opts.auditRetention === undefined ? {} : { retentionDays: opts.auditRetention }),
          },
  });
  const stop = stopper(ctx.signal);
  // A second signal drops the requests in flight, and cuts the shutdown delay short.
  const cut = new AbortController();
  stop.onSecond = () => {
    cut.abort();
    running.abort();
  };
  try {
    const loaded: Loaded = !running.store.created
      ? ''
      : opts.importSqlite !== undefined
        ? 'imported'
        : fixtures !== undefined
          ? 'fixtures'
          : demo
            ? 'demo'
            : 'empty';
    if (log?.format === 'text')
      ctx.stderr.write(
        await banner(
          running,
          { db: maskUrl(db), loaded, token: token !== undefined, allowPrefer: opts.allowPrefer === true },
          words,
        ),
      );
    log?.event('info', 'start', undefined, {
      url: running.url,
      database: maskUrl(db),
      store: storeLocation(db).kind,
      loaded: loaded || null,
      clients: token?.length ?? 0,
      metrics: opts.metrics !== false,
      metrics_token: forMetrics !== undefined,
      allow_prefer: opts.allowPrefer === true,
      audit: opts.audit !== false,
    });
    ctx.stdout.write(`${running.url}\n`);
    await stop.stopped;
    running.drain();
    const delay = opts.shutdownDelay ?? 0;
    if (delay > 0) {
      log?.event('info', 'draining', words.draining(delay), { seconds: delay });
      await sleep(delay * 1000, undefined, { signal: cut.signal }).catch(() => undefined);
    }
    log?.event('info', 'stopping', words.stopping);
  } finally {
    await running.close();
    stop.dispose();
  }
  log?.event('info', 'stopped', words.stopped);
}
