/** Calling operations of a server over HTTP the way a client does, and reading what a database file holds (through its own connection). */
import Database from 'better-sqlite3';
import { operation, sampleParams, type Operation } from '../../src/catalogue/index.js';

export interface HttpAnswer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: Array<Record<string, unknown>>;
}

/** The demo's first card (the holder of contract 1). */
export const DEMO_CARD = '00010001000001005';

/** Calls operation `id` with its sample parameters and `params` over them: a JSON body for a write, a query for a read. */
export async function callOp(url: string, id: string, params: Record<string, unknown> = {}): Promise<HttpAnswer> {
  const op: Operation = operation(id);
  const all = { ...sampleParams(op), ...params };
  const res =
    op.methods[0] === 'POST'
      ? await fetch(`${url}${op.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(all),
        })
      : await fetch(`${url}${op.path}?${new URLSearchParams(all as Record<string, string>).toString()}`);
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as HttpAnswer['body'],
  };
}

/** One value read from the database file through a read-only connection of its own (committed data only). */
export function readValue(path: string, sql: string, ...args: unknown[]): unknown {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...args);
  } finally {
    db.close();
  }
}
