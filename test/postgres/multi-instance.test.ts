/**
 * Several `coopctl serve` processes on one PostgreSQL database, as behind a
 * load balancer (docs/deployment.md): started together on a new database
 * (migrated and seeded once, under the start-up lock); 60 concurrent bookings
 * of one slot spread over both, exactly one of which wins; concurrent
 * enrolments through both, every id handed out once and the lives counted
 * right; and one process killed with SIGKILL in the middle of a write load
 * on both, losing no acknowledged write while the other keeps serving.
 * Loopback only; every request loop is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, operation, sampleParams } from '../../src/catalogue/index.js';
import { sendJson, spawnServe, type ServeProcess } from '../robust/helpers.js';
import { createDatabase, dropDatabase, sql } from './cluster.js';

const BOOK = operation('schedule.book');
const TIMES = operation('schedule.times');
const CONTRACT = operation('enrol.contract.create');
const BENEFICIARY = operation('enrol.beneficiary.add');
const SEARCH = operation('enrol.contract.search');
const CARDS = ['00010001000001005', '00010001000001013', '00010001000001021'];

let dir: string;
let db: { name: string; url: string };
const procs: ServeProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-multi-'));
  db = await createDatabase('multi');
  // Both start at once on the new database: one migrates and seeds it, the other waits on the start-up lock.
  procs.push(...(await Promise.all([spawnServe(db.url, dir), spawnServe(db.url, dir)])));
});
afterAll(async () => {
  for (const p of procs) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await p.exited;
  }
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(db.name);
});

/** The id a write acknowledged (200, confirma_operacao 1), else undefined. */
function ackedId(status: number, body: unknown, field: string): number | undefined {
  if (status !== 200 || !Array.isArray(body) || body.length !== 1) return undefined;
  const rec = body[0] as Record<string, unknown>;
  return rec['confirma_operacao'] === 1 && typeof rec[field] === 'number' ? (rec[field] as number) : undefined;
}

describe('two server processes on one PostgreSQL database', () => {
  it('started together: the schema migrated once, the demo data loaded once', async () => {
    expect(await sql(db.url, 'SELECT version FROM coopctl_schema_version ORDER BY version')).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
    // The demo dataset's 7 contracts (docs/decisions.md), seen through both processes.
    for (const p of procs) {
      const res = await sendJson(`${p.url}${SEARCH.path}`, {}, { method: 'GET' });
      expect((res.body as unknown[]).length).toBe(7);
    }
  });

  it('60 concurrent bookings of one slot, spread over both: exactly one wins', async () => {
    const [a, b] = procs as [ServeProcess, ServeProcess];
    // The furthest offered date of provider 9001 at location 101: its slots cannot start during the test.
    const dates = await sendJson(
      `${a.url}${operation('schedule.dates').path}?prest_cod_svc_card=9001&cd_local=101`,
      {},
      { method: 'GET' },
    );
    const day = String((dates.body as Array<Record<string, unknown>>).at(-1)!['data_consulta']);
    const times = await sendJson(
      `${b.url}${TIMES.path}?prest_cod_svc_card=9001&cd_local=101&data_consulta=${day}`,
      {},
      { method: 'GET' },
    );
    const t = (times.body as Array<Record<string, unknown>>)[0]!;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        sendJson(
          `${procs[i % 2]!.url}${BOOK.path}`,
          {
            ...sampleParams(BOOK),
            usuario_cartao: CARDS[i % CARDS.length],
            prest_cod_svc_card: '9001',
            cd_local: '101',
            tp_evento: String(t['tp_evento']),
            dt_hr_inicio: `${day} ${String(t['hora_inicio'])}`,
            dt_hr_fim: `${day} ${String(t['hora_fim'])}`,
          },
          { agent: false },
        ),
      ),
    );
    const outcomes = answers.map((res) => {
      const check = res.status === 200 ? checkResponse(BOOK, res.body) : undefined;
      return check?.ok ? check.outcome : `HTTP ${res.status}`;
    });
    const won = outcomes.filter((o) => o === 'ok').length;
    const refused = outcomes.filter((o) => o === 'failed').length;
    expect({ won, refused }).toEqual({ won: 1, refused: 59 });
    // One appointment holds the slot in the database, whichever process stored it.
    const held = await sql(
      db.url,
      `SELECT count(*)::int AS n FROM appointment WHERE provider = 9001 AND cd_local = 101 AND data_consulta = $1
          AND hora_inicio = $2 AND status <> 'cancelado'`,
      [day, String(t['hora_inicio'])],
    );
    expect(held).toEqual([{ n: 1 }]);
  });

  it('concurrent enrolments through both: every id once, the lives counted right', async () => {
    const created = await sendJson(`${procs[0]!.url}${CONTRACT.path}`, sampleParams(CONTRACT, false));
    const target = ackedId(created.status, created.body, 'contrato_id')!;
    expect(target).toBeTypeOf('number');
    const writes = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        const p = procs[i % 2]!;
        const contract = i % 4 === 0;
        const res = contract
          ? await sendJson(`${p.url}${CONTRACT.path}`, { ...sampleParams(CONTRACT, false), numero_proposta: 5000 + i })
          : await sendJson(`${p.url}${BENEFICIARY.path}`, {
              ...sampleParams(BENEFICIARY),
              contrato_id: target,
              nome: `Multi ${i}`,
            });
        return { contract, id: ackedId(res.status, res.body, contract ? 'contrato_id' : 'beneficiario_id') };
      }),
    );
    expect(writes.filter((w) => w.id === undefined)).toEqual([]);
    const contracts = writes.filter((w) => w.contract).map((w) => w.id);
    const beneficiaries = writes.filter((w) => !w.contract).map((w) => w.id);
    expect(new Set(contracts).size).toBe(20);
    expect(new Set(beneficiaries).size).toBe(60);
    const search = await sendJson(`${procs[1]!.url}${SEARCH.path}?contrato_id=${target}`, {}, { method: 'GET' });
    expect((search.body as Array<Record<string, unknown>>)[0]!['cv_qtd_vida']).toBe(60);
  });

  it('SIGKILL of one during writes on both: no acknowledged write lost, the other keeps serving', async () => {
    const [victim, survivor] = procs as [ServeProcess, ServeProcess];
    const acked: number[] = [];
    let killed = false;
    let afterKill = 0;
    let cut = 0;
    const worker = async (p: ServeProcess, agent: http.Agent, from: number) => {
      for (let i = 0; i < 150; i++) {
        let res: Awaited<ReturnType<typeof sendJson>>;
        try {
          res = await sendJson(
            `${p.url}${CONTRACT.path}`,
            { ...sampleParams(CONTRACT, false), numero_proposta: from + i },
            { agent },
          );
        } catch {
          if (p !== victim || !killed) throw new Error('a connection to the surviving process failed');
          cut++;
          return;
        }
        const id = ackedId(res.status, res.body, 'contrato_id');
        expect(id, JSON.stringify(res.body)).toBeDefined();
        acked.push(id!);
        if (killed && p === survivor) afterKill++;
        if (p === victim && i === 40) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
        if (p === victim && killed) return;
      }
    };
    const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
    await Promise.all([
      ...Array.from({ length: 4 }, (_, w) => worker(victim, agents[0]!, 10_000 + w * 1000)),
      ...Array.from({ length: 4 }, (_, w) => worker(survivor, agents[1]!, 20_000 + w * 1000)),
    ]);
    for (const agent of agents) agent.destroy();
    expect(await victim.exited).toBe('SIGKILL');
    expect(afterKill).toBeGreaterThan(0);
    // Every acknowledged contract is stored, as the survivor answers it.
    const res = await sendJson(`${survivor.url}${SEARCH.path}`, {}, { method: 'GET' });
    const stored = new Set((res.body as Array<{ cv_nro: number }>).map((c) => c.cv_nro));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    expect(new Set(acked).size).toBe(acked.length);
    expect(cut + acked.length).toBeGreaterThan(0);
  });
});
