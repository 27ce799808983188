/**
 * The real HTTP layer on the real SQLite store, opened with what tests of
 * storage faults need: a lock wait of their choosing, PRAGMAs that simulate a
 * full disk or a read-only file, and a spy on when a handler is called; with
 * the access audit, as `coopctl serve` has it (a key of the test's own). On
 * 127.0.0.1, a free port, the demo dataset in a file of a temporary folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { operation } from '../../src/catalogue/index.js';
import type { OpenStoreOptions } from '../../src/server/store/index.js';
import { openBackend, type Backend } from '../../src/server/wire.js';
import type { Handler, Handlers } from '../../src/server/handlers/types.js';
import { createServer } from '../../src/server/app.js';
import { listen } from '../../src/server/listen.js';
import { auditKeyOf } from '../../src/server/audit/key.js';
import { auditTrail } from '../../src/server/audit/trail.js';
import type { Auditor } from '../../src/server/http/answer.js';
import { serverLog } from '../../src/server/observe/log.js';

/** The demo's "today": Thursday 15 January 2026, 10:00 local time. */
const NOW = new Date(2026, 0, 15, 10, 0);

export interface StoreServer {
  readonly url: string;
  /** The database file. */
  readonly db: string;
  readonly store: Backend;
  /** Resolves the next time the handler of operation `id` is called. */
  called(id: string): Promise<void>;
  /** Resolves the next time a request of operation `id` is answered and its access record begins to be written. */
  auditing(id: string): Promise<void>;
  /** What the server logged (access log and fault lines). */
  logged(): string;
  stop(): Promise<void>;
}

export async function startStoreServer(
  options: Pick<OpenStoreOptions, 'lockWaitMs' | 'pragmas' | 'readCacheBytes' | 'meter' | 'checkpointPages'> = {},
): Promise<StoreServer> {
  const dir = mkdtempSync(join(tmpdir(), 'coopctl-faults-'));
  const db = join(dir, 'coop.db');
  const store = await openBackend({ path: db, demo: true, now: () => NOW, ...options });
  const waiting = new Map<string, Array<() => void>>();
  const handlers: Record<string, Handler> = {};
  for (const [id, handler] of Object.entries(store.handlers)) {
    const spied = (params: Parameters<Handler>[0], ctx: Parameters<Handler>[1]) => {
      for (const resolve of waiting.get(id)?.splice(0) ?? []) resolve();
      return handler(params, ctx);
    };
    // The fast read path stays as it is: only the handlers are spied on.
    handlers[id] = Object.assign(
      spied,
      handler.json ? { json: handler.json } : {},
      handler.jsonNow ? { jsonNow: handler.jsonNow } : {},
    );
  }
  const log = new PassThrough();
  let text = '';
  log.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const now = () => NOW;
  const serverLogged = serverLog('text', log);
  const trail = auditTrail({ store: store.repo.audit, key: auditKeyOf(randomBytes(32)), now, log: serverLogged });
  const auditing = new Map<string, Array<() => void>>();
  const audit: Auditor = (facts, reply) => {
    for (const resolve of auditing.get(facts.route.op.id)?.splice(0) ?? []) resolve();
    return trail(facts, reply);
  };
  const server = createServer({ handlers: handlers as Handlers, log: serverLogged, now, audit });
  const listening = await listen(server, '127.0.0.1', 0);
  return {
    url: listening.url,
    db,
    store,
    called(id) {
      operation(id);
      return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]));
    },
    auditing(id) {
      operation(id);
      return new Promise((resolve) => auditing.set(id, [...(auditing.get(id) ?? []), resolve]));
    },
    logged: () => text,
    async stop() {
      await listening.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
