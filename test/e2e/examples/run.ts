/**
 * Running an example as a person would type it: a bash line in a working
 * folder, with `coopctl` on the PATH (a bundle of the current sources),
 * against a real embedded server with the demo data. The environment is
 * exactly the one given here (no locale or setting of the machine leaks in):
 * HOME and the XDG folders in a temporary folder, both service URLs (and
 * COOPCTL_DB_URL, for coopctl audit) at the server. A server example runs
 * until it prints its URL, then gets SIGTERM;
 * a terminal example runs in tmux up to its first question, then gets Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { MAIN } from '../../helpers/built.js';
import { Pane, type Tmux } from '../../interactive/tmux.js';

/**
 * "Now" of the examples' demo server: Monday 30 November 2026, 08:30 local
 * time. Its free slots start the next day, Tuesday 1 December 2026, the date
 * of the catalogue's examples (`2026-12-01 09:00`).
 */
export const EXAMPLES_NOW = new Date(2026, 10, 30, 8, 30);

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A folder on the PATH whose `coopctl` runs the bundle of the current sources (test/setup/build.ts). */
export async function coopctlOnPath(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-examples-bin-'));
  const shim = join(dir, 'coopctl');
  writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${MAIN}' "$@"\n`);
  chmodSync(shim, 0o755);
  return {
    dir,
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh demo server, home and working folder (holding `files`) for one group of examples. */
export class World {
  readonly root = mkdtempSync(join(tmpdir(), 'coopctl-examples-'));
  readonly home = join(this.root, 'home');
  readonly cwd = join(this.root, 'work');
  server!: TestServer;

  static async start(files: ReadonlyMap<string, string>, binDir: string): Promise<World> {
    const world = new World(binDir);
    for (const dir of [world.home, world.cwd]) mkdirSync(dir, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(world.cwd, name), text);
    // --allow-prefer: an example with a Prefer header shows what it forces.
    world.server = await startTestServer({ now: () => EXAMPLES_NOW, allowPrefer: true, admin: true });
    return world;
  }

  private constructor(readonly binDir: string) {}

  get env(): Record<string, string> {
    return {
      PATH: `${this.binDir}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
      HOME: this.home,
      XDG_CONFIG_HOME: join(this.home, '.config'),
      XDG_STATE_HOME: join(this.home, '.local', 'state'),
      XDG_DATA_HOME: join(this.home, '.local', 'share'),
      COOPCTL_BASE_URL: this.server.url,
      COOPCTL_TEST_BASE_URL: this.server.url,
      // The server's database, for the commands that read it (coopctl audit).
      COOPCTL_DB_URL: this.server.db,
    };
  }

  async close(): Promise<void> {
    await this.server.stop();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Runs the line with bash, stdin empty, and waits for it to end. */
  run(line: string, timeoutMs = 60_000): Promise<RunResult> {
    return this.#spawn(line, { timeoutMs });
  }

  /** Runs a server example: waits for the URL it prints on stdout, stops it with SIGTERM, and waits for it to end. */
  serve(line: string): Promise<RunResult> {
    return this.#spawn(line, { timeoutMs: 60_000, until: /http:\/\/\S+/ });
  }

  #spawn(line: string, o: { timeoutMs: number; until?: RegExp }): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['--norc', '--noprofile', '-c', line], {
        cwd: this.cwd,
        env: this.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let stdout = '';
      let stderr = '';
      let stopped = false;
      const stop = (signal: NodeJS.Signals) => {
        try {
          // The whole process group: bash and what it started.
          process.kill(-child.pid!, signal);
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(() => stop('SIGKILL'), o.timeoutMs);
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString('utf8');
        if (o.until && !stopped && o.until.test(stdout)) {
          stopped = true;
          stop('SIGTERM');
        }
      });
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code: code ?? (signal ? 128 : null), stdout, stderr });
      });
    });
  }

  /** Runs the line in a terminal (tmux): waits for its first question, presses Ctrl-C, and returns the exit code. */
  async inTerminal(tmux: Tmux, name: string, line: string): Promise<{ code: number; screen: string }> {
    const env = Object.entries({ ...this.env, TERM: 'xterm-256color' }).map(([k, v]) => `${k}=${v}`);
    const pane = await tmux.start(
      name,
      ['env', '-i', ...env, 'bash', '--norc', '--noprofile', '-c', `cd '${this.cwd}' && ${line}`],
      {},
    );
    try {
      const screen = await pane.waitFor('its first question', (s) => Pane.activePrompt(s) !== undefined);
      await pane.keys('C-c');
      return { code: await pane.exitCode(), screen };
    } finally {
      await tmux.killSession(name);
    }
  }
}
