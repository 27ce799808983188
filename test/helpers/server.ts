/**
 * The real server for tests: the SQLite store in a file of a temporary
 * folder, listening on 127.0.0.1 on a free port, through the same start-up
 * path as `coopctl serve`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/start.js';
import { StartError } from '../../src/server/start-error.js';

export interface TestServer extends RunningServer {
  /** The database file (start another server on it to test persistence). */
  readonly db: string;
  /** Closes the server and removes the temporary folder (if this helper made it). */
  stop(): Promise<void>;
}

export type TestServerOptions = Partial<Omit<StartOptions, 'host' | 'port'>>;

/**
 * Starts the server with the demo dataset (unless `fixtures` or `demo: false`)
 * in a new temporary folder, or on `db` when given. `close()` keeps the file;
 * `stop()` also deletes the folder this helper created.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.db === undefined ? mkdtempSync(join(tmpdir(), 'coopctl-server-')) : undefined;
  const db = options.db ?? join(dir!, 'coopctl.db');
  const demo = options.demo ?? options.fixtures === undefined;
  let running: RunningServer;
  try {
    running = await startServer({ ...options, host: '127.0.0.1', port: 0, db, demo });
  } catch (err) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...running,
    db,
    async stop() {
      await running.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The StartError a start-up is refused with (fails the test if it starts, or fails otherwise). */
export async function startError(promise: Promise<unknown>): Promise<StartError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StartError) return err;
    throw err;
  }
  throw new Error('expected a StartError');
}
