/**
 * A batch test's world: the real embedded server on a fresh SQLite file (no
 * demo data) with its access log captured, a temporary folder for the files,
 * and `coopctl enrol batch` run in-process against that server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startHarness, type Harness, type RunOptions, type RunResult } from '../cli/harness.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

export interface World {
  readonly server: TestServer;
  readonly dir: string;
  /** Access-log lines of the server: `POST /api/svcweb/beneficiario 200 0.4ms`. */
  readonly requests: string[];
  /** Writes a file in the folder; returns its path. */
  file(name: string, text: string): string;
  /** `coopctl <args>` against the server. */
  run(args: readonly string[], options?: RunOptions): Promise<RunResult>;
  close(): Promise<void>;
}

let harness: Harness | undefined;

export async function startWorld(): Promise<World> {
  harness ??= await startHarness();
  const h = harness;
  const requests: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) requests.push(line);
      done();
    },
  });
  const server = await startTestServer({ demo: false, log });
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-batch-'));
  return {
    server,
    dir,
    requests,
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    run(args, options = {}) {
      return h.run(args, { ...options, env: { COOPCTL_BASE_URL: server.url, ...options.env } });
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function closeHarness(): Promise<void> {
  await harness?.close();
  harness = undefined;
}

/** The JSON report of a run with `-o json`. */
export interface Report {
  summary: Record<string, number | string>;
  rows: Array<Record<string, unknown>>;
  failures: Array<Record<string, unknown>>;
  invalid: Array<Record<string, unknown>>;
}

export function report(r: RunResult): Report {
  try {
    return JSON.parse(r.stdout) as Report;
  } catch {
    throw new Error(`not a JSON report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
}

/** POST requests of the access log (from index `since`), by path. */
export function posts(requests: readonly string[], since = 0): string[] {
  return requests
    .slice(since)
    .filter((l) => l.startsWith('POST '))
    .map((l) => l.split(' ')[1]!);
}
