/** The one start-up path of the server: open the store, listen, and stop both together. */
import type { Writable } from 'node:stream';
import {
  faultOf,
  FixturesError,
  maskUrl,
  StoreOpenError,
  StoreUnavailable,
  UnsupportedLocation,
} from './store/index.js';
import { openBackend, type Backend } from './wire.js';
import { createServer } from './app.js';
import { listen, type Listening } from './listen.js';
import { checkExposure } from './host.js';
import { StartError } from './start-error.js';
import { start, unavailable } from './words.js';

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
  readonly token?: string;
  readonly allowPrefer?: boolean;
  /** Host names answered besides the bound host, localhost and IP literals (`--allowed-host`). */
  readonly allowedHosts?: readonly string[];
  /** Access log stream; none for quiet. */
  readonly log?: Writable;
  readonly now?: () => Date;
}

export interface RunningServer extends Listening {
  readonly store: Backend;
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
    return new StartError(start.cannotOpen(path, start.asItIs(maskUrl(err.message))), 1);
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

export async function startServer(options: StartOptions): Promise<RunningServer> {
  checkExposure(options.host, options.token);
  let store: Backend;
  try {
    store = await openBackend({
      path: options.db,
      demo: options.demo,
      fixtures: options.fixtures,
      now: options.now,
      ...(options.importSqlite === undefined ? {} : { importSqlite: options.importSqlite }),
    });
  } catch (err) {
    throw openFailure(options.db, err) ?? err;
  }
  let listening: Listening;
  try {
    const allowedHosts = [options.host, ...(options.allowedHosts ?? [])];
    const server = createServer({
      handlers: store.handlers,
      token: options.token,
      allowPrefer: options.allowPrefer,
      allowedHosts,
      log: options.log,
      now: options.now,
    });
    listening = await listen(server, options.host, options.port);
  } catch (err) {
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
    close() {
      closing ??= listening.close().then(() => store.close());
      return closing;
    },
  };
}
