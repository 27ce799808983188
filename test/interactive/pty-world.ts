/**
 * What a terminal test file needs, set up once for the file: a real embedded
 * server on loopback, the bundled CLI (dist/, built by test/setup/build.ts), a private tmux server and a private
 * home folder, and the environment coopctl runs with in the pane (exactly
 * that: tmux.ts starts it with `env -i`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { MAIN } from '../helpers/built.js';
import { Tmux } from './tmux.js';

export interface PtyWorld {
  readonly server: TestServer;
  readonly tmux: Tmux;
  /** The bundle of the current sources to run with node. */
  readonly cli: { readonly main: string };
  readonly home: string;
  /** The pane's environment: both hosts at the server, the home folder, `LANG` as given, and `extra`. */
  env(extra?: Readonly<Record<string, string>>): Record<string, string>;
}

/** Registers the file's beforeAll/afterAll; the world's parts are read once the tests run. */
export function usePtyWorld(prefix: string, lang: string): PtyWorld {
  let server: TestServer | undefined;
  let tmux: Tmux | undefined;
  let home: string | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    tmux = new Tmux();
    home = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await tmux?.close();
    await server?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  const world: PtyWorld = {
    get server() {
      return server!;
    },
    get tmux() {
      return tmux!;
    },
    get cli() {
      return { main: MAIN };
    },
    get home() {
      return home!;
    },
    env: (extra = {}) => ({
      COOPCTL_BASE_URL: server!.url,
      COOPCTL_TEST_BASE_URL: server!.url,
      XDG_CONFIG_HOME: home!,
      XDG_DATA_HOME: home!,
      HOME: home!,
      TERM: 'xterm-256color',
      LANG: lang,
      ...extra,
    }),
  };
  return world;
}
