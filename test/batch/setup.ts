/**
 * A batch test's world: the real embedded server on a fresh SQLite file (no
 * demo data) with its access log captured, a temporary folder for the files,
 * and `coopctl enrol batch` run in-process against that server.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { journalKeyPath, keyed, readKey, type StepHasher } from '../../src/cli/batch/step-hash.js';
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
  /** How the runs hash a journal's steps: with the journal key the first run made (src/cli/batch/step-hash.ts). */
  hasher(): StepHasher;
  /** XDG_CONFIG_HOME of the runs (their XDG_STATE_HOME is its `state` folder). */
  harnessConfigHome(): string;
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
    harnessConfigHome: () => h.configHome,
    hasher() {
      const key = readKey(journalKeyPath({ XDG_STATE_HOME: join(h.configHome, 'state') }));
      if (!key) throw new Error('no journal key yet: run a batch first');
      return keyed(key);
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

/**
 * A service whose list of document types is closed, unlike the embedded
 * server's open one: a document of type ZZZ is refused (4); every other
 * request goes on to the embedded server. Refusals are written to the
 * world's request log as the server would log them.
 */
export async function closedDocumentTypes(world: World): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (req.url?.endsWith('/beneficiario/documento') && body.toString().includes('ZZZ')) {
        world.requests.push(`${req.method} ${req.url} 200 0ms`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ confirma_operacao: 4, mensagem_erro: 'tipo_documento: ZZZ is not a known code' }]));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${world.server.url}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
