/** `coopctl serve`: options to a running server, a start-up banner, and a graceful stop on SIGINT/SIGTERM. */
import { type FileHandle, open, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { startServer } from './start.js';
import { StartError } from './start-error.js';
import { start } from './words.js';
import { parseExact } from '../catalogue/exact-json.js';
import { checkExposure } from './host.js';
import { banner, englishWords, type Loaded, type ServeWords } from './banner.js';
import { stopper } from './stop-signals.js';
import { MIN_TOKEN_LENGTH } from './http/auth.js';
import { maskUrl, storeLocation, UnsupportedLocation } from './store/location.js';

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
  /** No banner and no access log (the URL is still printed on stdout). */
  readonly quiet?: boolean;
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

/** `$XDG_DATA_HOME/coopctl/coopctl.db`, or `~/.local/share/coopctl/coopctl.db`. */
export function defaultDbPath(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.local', 'share');
  return join(base, 'coopctl', 'coopctl.db');
}

/**
 * A token file's text, refused when group or others may read or write it (as
 * ssh refuses an unprotected private key). The mode is read from the opened file.
 */
async function readTokenFile(file: string): Promise<string> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const { mode } = await handle.stat();
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(4, '0');
      throw new StartError(start.tokenFileOpen(file, octal));
    }
    return await handle.readFile('utf8');
  } catch (err) {
    if (err instanceof StartError) throw err;
    throw new StartError(start.cannotReadTokenFile(file, (err as NodeJS.ErrnoException).code ?? 'error'));
  } finally {
    await handle?.close();
  }
}

/**
 * The server token: from `--token-file` (`-` for stdin), else `COOPCTL_SERVER_TOKEN`;
 * surrounding whitespace dropped; refused when shorter than MIN_TOKEN_LENGTH.
 */
export async function readServerToken(
  tokenFile: string | undefined,
  env: NodeJS.ProcessEnv,
  stdin?: Readable,
): Promise<string | undefined> {
  let token = env['COOPCTL_SERVER_TOKEN'];
  let source = 'COOPCTL_SERVER_TOKEN';
  if (tokenFile === '-') {
    source = 'stdin';
    token = stdin ? await text(stdin) : '';
  } else if (tokenFile !== undefined) {
    source = tokenFile;
    token = await readTokenFile(tokenFile);
  }
  if (token === undefined) return undefined;
  token = token.trim();
  if (!token) throw new StartError(start.emptyToken(source));
  if (token.length < MIN_TOKEN_LENGTH) throw new StartError(start.shortToken(source, MIN_TOKEN_LENGTH));
  return token;
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

export async function runServe(opts: ServeOptions, ctx: ServeContext): Promise<void> {
  const words = ctx.words ?? englishWords;
  if (opts.demo && opts.fixtures) throw new StartError(start.demoAndFixtures);
  const token = await readServerToken(opts.tokenFile, ctx.env, ctx.stdin);
  checkExposure(opts.host, token);
  if (opts.importSqlite !== undefined && (opts.fixtures !== undefined || opts.demo))
    throw new StartError(start.importWith);
  const fixtures = opts.fixtures === undefined ? undefined : await readFixtures(opts.fixtures);
  // The store creates a missing folder 0700 and a new file 0600.
  const db = opts.db ?? (ctx.env['COOPCTL_DB_URL'] || defaultDbPath(ctx.env));
  try {
    if (storeLocation(db).kind !== 'postgres' && opts.importSqlite !== undefined)
      throw new StartError(start.importNeedsPostgres);
  } catch (err) {
    if (err instanceof UnsupportedLocation) throw new StartError(start.asItIs(err.message));
    throw err;
  }
  // A new database gets the demo dataset unless fixtures are given (`--demo` says so explicitly).
  const demo = fixtures === undefined;

  const running = await startServer({
    host: opts.host,
    port: opts.port,
    db,
    demo,
    fixtures,
    ...(opts.importSqlite === undefined ? {} : { importSqlite: opts.importSqlite }),
    token,
    allowPrefer: opts.allowPrefer,
    allowedHosts: opts.allowedHosts,
    log: opts.quiet ? undefined : ctx.stderr,
  });
  const stop = stopper(ctx.signal);
  stop.onSecond = () => running.abort();
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
    if (!opts.quiet)
      ctx.stderr.write(
        await banner(
          running,
          { db: maskUrl(db), loaded, token: token !== undefined, allowPrefer: opts.allowPrefer === true },
          words,
        ),
      );
    ctx.stdout.write(`${running.url}\n`);
    await stop.stopped;
    if (!opts.quiet) ctx.stderr.write(`${words.stopping}\n`);
  } finally {
    await running.close();
    stop.dispose();
  }
  if (!opts.quiet) ctx.stderr.write(`${words.stopped}\n`);
}
