/**
 * `coopctl serve` as a real process (the built bin/coopctl) on 127.0.0.1 and
 * a free port, for the tests of what operators see: probes, metrics, the
 * log, signals. Its stderr is kept whole; its URL is the first stdout line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { childEnv } from '../robust/helpers.js';
import { dropLocations } from '../store/backend.js';

const BIN = new URL('../../bin/coopctl', import.meta.url).pathname;

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** Resolves once stderr holds `text`. */
  printed(text: string): Promise<void>;
  /** The exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `coopctl serve --port 0 ...args` and waits for its URL. */
export async function startServe(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const waiters: Array<[string, () => void]> = [];
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    for (const [text, resolve] of waiters) if (err.includes(text)) resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    void exited.then((code) => reject(new Error(`coopctl serve exited (${code}) before printing its URL:\n${err}`)));
  });
  return {
    child,
    url,
    stderr: () => err,
    printed: (text) => new Promise((resolve) => (err.includes(text) ? resolve() : waiters.push([text, resolve]))),
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The JSON lines of a log (every line must be one JSON object). */
export function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const value: unknown = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error(`not a JSON object: ${line}`);
      return value as Record<string, unknown>;
    });
}

/**
 * For a test file: a home folder of its own (made before its tests, removed
 * after them with the databases `newLocation` made), and `serve`, which starts
 * a process there (its environment free of COOPCTL_ variables but `env`'s) and
 * kills it when the test ends.
 */
export function serveProcesses(prefix: string): {
  home(): string;
  serve(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ServeProcess>;
} {
  let home = '';
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), `coopctl-${prefix}-`));
  });
  afterAll(async () => {
    await dropLocations();
    rmSync(home, { recursive: true, force: true });
  });
  return {
    home: () => home,
    async serve(args, env = {}) {
      const proc = await startServe(args, childEnv(home, { XDG_CACHE_HOME: join(home, 'cache'), ...env }));
      onTestFinished(async () => {
        proc.child.kill('SIGKILL');
        await proc.exited;
      });
      return proc;
    },
  };
}
