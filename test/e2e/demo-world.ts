/**
 * The end-to-end files' world, set up once per file: the built bin/coopctl
 * (dist/, built by the suite's global setup: test/setup/build.ts), the real embedded server with the demo
 * data at the demo walk's pinned time, and a private home folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_NOW } from '../helpers/demo-walk/index.js';
import { type ProcessRun, runNode } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { e2eLocale } from './locale.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The built CLI. */
export const bin = join(root, 'bin', 'coopctl');

export interface DemoWorld {
  readonly server: TestServer;
  readonly home: string;
  /** A run's environment, as a cron job's: no terminal, this home, both service URLs at the server, the suite's locale. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Runs the built CLI with that environment. */
  coopctl(argv: readonly string[], extra?: Record<string, string>): Promise<ProcessRun>;
}

/** Registers the file's beforeAll/afterAll; the world's parts are read once the tests run. */
export function useDemoWorld(prefix: string): DemoWorld {
  let server: TestServer | undefined;
  let home: string | undefined;
  beforeAll(async () => {
    server = await startTestServer({ now: () => DEMO_NOW });
    home = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await server?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: home!,
    XDG_CONFIG_HOME: home!,
    COOPCTL_BASE_URL: server!.url,
    COOPCTL_TEST_BASE_URL: server!.url,
    ...e2eLocale(),
    ...extra,
  });
  return {
    get server() {
      return server!;
    },
    get home() {
      return home!;
    },
    env,
    coopctl: (argv, extra) => runNode(bin, argv, env(extra)),
  };
}
