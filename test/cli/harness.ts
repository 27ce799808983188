/**
 * Running coopctl in-process against two fake services (the test host and the
 * base host), with a temporary configuration directory and captured output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock, Env } from '../../src/client/types.js';
import { createClient } from '../../src/client/client.js';
import { makeContext, type ContextParts } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/run/run.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly env?: Env;
  readonly stdin?: string;
  readonly tty?: ContextParts['tty'];
  /** The terminal's size (for a run with tty.stdout: tables fit its columns, the pager starts past its rows). */
  readonly screen?: ContextParts['screen'];
  readonly signal?: AbortSignal;
  readonly prompter?: ContextParts['prompter'];
  /** The wall clock's instant for this run (the day that `hoje` names); the system's by default. */
  readonly today?: Date;
}

export interface Harness {
  /** The host of sections 4.2–4.5 (COOPCTL_BASE_URL). */
  readonly base: FakeService;
  /** The host of section 4.1 (COOPCTL_TEST_BASE_URL). */
  readonly test: FakeService;
  /** XDG_CONFIG_HOME of the runs. */
  readonly configHome: string;
  /** Waits asked for between retries (none is really waited). */
  readonly sleeps: number[];
  /** The wire of each client the runs made (src/client/wire.ts), in order. */
  readonly wires: string[];
  run(argv: readonly string[], options?: RunOptions): Promise<RunResult>;
  reset(): void;
  close(): Promise<void>;
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** `env`: variables of every run (a run's own `env` overrides them), e.g. those that select the client's wire (helpers/wires.ts). */
export async function startHarness(env: Env = {}): Promise<Harness> {
  const [base, test] = await Promise.all([startFakeService(), startFakeService()]);
  const configHome = mkdtempSync(join(tmpdir(), 'coopctl-cli-'));
  const sleeps: number[] = [];
  const wires: string[] = [];
  const clock: Clock = {
    now: () => performance.now(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  };
  return {
    base,
    test,
    configHome,
    sleeps,
    wires,
    async run(argv, options = {}) {
      const stdout = new Capture();
      const stderr = new Capture();
      const ctx = makeContext({
        stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
        stdout,
        stderr,
        env: {
          XDG_CONFIG_HOME: configHome,
          // Drafts (enrol wizard) stay in the temporary folder, never in the real home.
          XDG_STATE_HOME: join(configHome, 'state'),
          COOPCTL_BASE_URL: base.url,
          COOPCTL_TEST_BASE_URL: test.url,
          ...env,
          ...options.env,
        },
        tty: { stdin: false, stdout: false, stderr: false, ...options.tty },
        ...(options.screen ? { screen: options.screen } : {}),
        clock: options.today ? { ...clock, date: () => options.today! } : clock,
        createClient: async (clientOptions) => {
          const client = createClient(clientOptions);
          wires.push(client.wire);
          return client;
        },
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.prompter ? { prompter: options.prompter } : {}),
      });
      const code = await runCli(argv, ctx);
      return { code, stdout: stdout.text, stderr: stderr.text };
    },
    reset() {
      base.reset();
      test.reset();
      sleeps.length = 0;
      wires.length = 0;
    },
    async close() {
      await Promise.all([base.close(), test.close()]);
      rmSync(configHome, { recursive: true, force: true });
    },
  };
}

/**
 * One harness for a test file (or describe), reset before each test, with a
 * new folder (`home`: a configuration or state home) per test, removed after
 * it: the setup the config, profile, limit and enrolment wizard tests share.
 */
export function useHarness(prefix: string, env: Env = {}): { readonly h: Harness; readonly home: string } {
  let h: Harness | undefined;
  let home: string | undefined;
  beforeAll(async () => {
    h = await startHarness(env);
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h!.reset();
    const folder = mkdtempSync(join(tmpdir(), prefix));
    home = folder;
    return () => rmSync(folder, { recursive: true, force: true });
  });
  return {
    get h() {
      return h!;
    },
    get home() {
      return home!;
    },
  };
}
