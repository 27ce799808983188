/**
 * The `-shm` (SQLite's wal-index, mapped into the server's memory) truncated
 * while `coopctl serve` runs, a real process: before, the next statement
 * killed it with SIGBUS. Now every call first finds the file shorter than
 * SQLite mapped it and gives it its length back (file-guard.ts): reads and
 * writes go on with 200, nothing acknowledged is lost or written over (the
 * audit's open window of records is rolled back, not committed on the lost
 * index), the log warns, and the process stops with 0. (A truncation landing between that check and
 * SQLite's read still kills it: docs/deployment.md gives the figure.)
 */
import { statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { serveProcesses } from '../helpers/serve-process.js';
import { callOp, DEMO_CARD } from './store-calls.js';

const { home, serve } = serveProcesses('shm');

describe('the -shm truncated while the server runs', () => {
  it('does not kill the process: reads and writes answer 200, the -shm gets its length back, the log warns', async () => {
    const db = join(home(), 'coopctl.db');
    const proc = await serve(['--db', db]);
    const first = await callOp(proc.url, 'enrol.contract.create', { numero_proposta: 8000 });
    expect(first.status).toBe(200);
    const mapped = statSync(`${db}-shm`).size;
    expect(mapped).toBeGreaterThan(0);
    const made: number[] = [first.body[0]!['contrato_id'] as number];
    for (let round = 0; round < 3; round++) {
      truncateSync(`${db}-shm`, 0);
      expect((await callOp(proc.url, 'registration.show', { usuario_cartao: DEMO_CARD })).status).toBe(200);
      truncateSync(`${db}-shm`, 0);
      const created = await callOp(proc.url, 'enrol.contract.create', { numero_proposta: 8001 + round });
      expect(created.status).toBe(200);
      made.push(created.body[0]!['contrato_id'] as number);
      expect((await fetch(`${proc.url}/readyz`)).status).toBe(200);
    }
    // Each a new contract: none written over one acknowledged before (a commit on a lost index would).
    expect(new Set(made).size).toBe(4);
    expect(statSync(`${db}-shm`).size).toBe(mapped);
    expect(proc.stderr()).toContain(
      'the -shm was truncated while the server ran: given its length back, SQLite rebuilds its index from the -wal',
    );
    expect(await proc.stop()).toBe(0);
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    const stored = conn
      .prepare(`SELECT id FROM contract WHERE id IN (${made.join(',')})`)
      .pluck()
      .all();
    expect(stored).toEqual(made);
    expect(conn.pragma('integrity_check', { simple: true })).toBe('ok');
    conn.close();
  });
});
