/**
 * Crash safety: `coopctl serve` as a real child process on a database file,
 * under a write load (contracts and beneficiaries created over HTTP),
 * killed with SIGKILL in the middle of it, several times over. After every
 * restart on the same file, every write the server acknowledged (200,
 * confirma_operacao 1 and the new id) is there, and `PRAGMA integrity_check`
 * says ok.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { sendJson, spawnServe, type ServeProcess } from './helpers.js';

const CONTRACT = operation('enrol.contract.create');
const BENEFICIARY = operation('enrol.beneficiary.add');
const SEARCH = operation('enrol.contract.search');

/** How many writes are acknowledged before each kill: early, and deeper into the load. */
const KILL_AFTER = [25, 160, 60, 240, 400];
const WORKERS = 8;

let dir: string;
let running: ServeProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-crash-'));
});
afterAll(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Acked {
  readonly contracts: number[];
  /** Beneficiary id → the contract it was added to. */
  readonly beneficiaries: Map<number, number>;
}

/** The id a write answered, when it was acknowledged as done. */
function ackedId(status: number, body: unknown, field: string): number | undefined {
  if (status !== 200 || !Array.isArray(body) || body.length !== 1) return undefined;
  const rec = body[0] as Record<string, unknown>;
  if (rec['confirma_operacao'] !== 1) return undefined;
  const id = rec[field];
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/**
 * Writes as fast as `WORKERS` connections allow, and kills the server with
 * SIGKILL once `killAfter` writes are acknowledged, with requests in flight.
 * Resolves when every worker has seen its connection die.
 */
async function loadThenKill(
  proc: ServeProcess,
  target: number,
  killAfter: number,
  acked: Acked,
): Promise<{ acked: number; failed: number; cut: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  let count = 0;
  let failed = 0;
  let cut = 0;
  let killed = false;
  let n = 0;
  const kill = () => {
    if (killed) return;
    killed = true;
    proc.child.kill('SIGKILL');
  };
  const worker = async () => {
    for (;;) {
      const i = n++;
      const contract = i % 2 === 0;
      const op = contract ? CONTRACT : BENEFICIARY;
      const params = contract
        ? { ...sampleParams(CONTRACT, false), numero_proposta: 100_000 + i }
        : { ...sampleParams(BENEFICIARY), contrato_id: target, nome: `Crash ${i}` };
      let res: Awaited<ReturnType<typeof sendJson>>;
      try {
        res = await sendJson(`${proc.url}${op.path}`, params, { agent });
      } catch {
        // The connection died: only expected once the server is killed.
        if (killed) cut++;
        else failed++;
        return;
      }
      const id = ackedId(res.status, res.body, contract ? 'contrato_id' : 'beneficiario_id');
      if (id === undefined) {
        failed++;
        continue;
      }
      // An answer read after the kill was still written by the server before it: acknowledged all the same.
      if (contract) acked.contracts.push(id);
      else acked.beneficiaries.set(id, target);
      if (++count >= killAfter) kill();
      if (killed) return;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  agent.destroy();
  return { acked: count, failed, cut };
}

/** Everything acknowledged so far is stored: contracts over HTTP, beneficiaries by their contract's lives and by id in the file. */
async function verify(proc: ServeProcess, db: string, acked: Acked): Promise<void> {
  const res = await sendJson(`${proc.url}${SEARCH.path}`, {}, { method: 'GET' });
  expect(res.status).toBe(200);
  const contracts = res.body as Array<{ cv_nro: number; cv_qtd_vida: number }>;
  const stored = new Set(contracts.map((c) => c.cv_nro));
  const missing = acked.contracts.filter((id) => !stored.has(id));
  expect(missing, 'acknowledged contracts missing after the restart').toEqual([]);

  const perContract = new Map<number, number>();
  for (const c of acked.beneficiaries.values()) perContract.set(c, (perContract.get(c) ?? 0) + 1);
  for (const [c, lives] of perContract) {
    const found = contracts.find((x) => x.cv_nro === c);
    expect(found?.cv_qtd_vida ?? -1, `lives of contract ${c}`).toBeGreaterThanOrEqual(lives);
  }

  // A separate read-only connection, while the server (which recovered the file) keeps it open.
  const conn = new Database(db, { readonly: true, fileMustExist: true });
  try {
    expect(conn.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(conn.pragma('foreign_key_check')).toEqual([]);
    const ids = conn.prepare<[], number>('SELECT id FROM beneficiary').pluck().all();
    const have = new Set(ids);
    const lost = [...acked.beneficiaries.keys()].filter((id) => !have.has(id));
    expect(lost, 'acknowledged beneficiaries missing after the restart').toEqual([]);
  } finally {
    conn.close();
  }
}

describe('SIGKILL under a write load', () => {
  it(`keeps every acknowledged write over ${KILL_AFTER.length} kills, and the file stays sound`, async () => {
    const db = join(dir, 'crash.db');
    const acked: Acked = { contracts: [], beneficiaries: new Map() };
    let cut = 0;
    for (const [round, killAfter] of KILL_AFTER.entries()) {
      const proc = await spawnServe(db, dir);
      running = proc;
      await verify(proc, db, acked);

      // A new contract (proposta) takes this round's beneficiaries.
      const created = await sendJson(`${proc.url}${CONTRACT.path}`, sampleParams(CONTRACT, false));
      const target = ackedId(created.status, created.body, 'contrato_id');
      expect(target, JSON.stringify(created.body)).toBeDefined();
      acked.contracts.push(target!);

      const result = await loadThenKill(proc, target!, killAfter, acked);
      expect(await proc.exited, `round ${round}`).toBe('SIGKILL');
      expect(result.failed, `round ${round}: writes refused or lost before the kill`).toBe(0);
      expect(result.acked).toBeGreaterThanOrEqual(killAfter);
      cut += result.cut;
    }

    // The last restart: everything is there, and a graceful stop still works on the recovered file.
    const proc = await spawnServe(db, dir);
    running = proc;
    await verify(proc, db, acked);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    // The kills did land in the middle of the load: requests in flight lost their connection.
    expect(cut).toBeGreaterThan(0);
    expect(acked.contracts.length + acked.beneficiaries.size).toBeGreaterThanOrEqual(
      KILL_AFTER.reduce((a, b) => a + b, 0),
    );
  }, 120_000);
});
