/**
 * The store's concurrency rules across processes, with two stores (two
 * connection pools, as two server processes have) on one PostgreSQL
 * database: stamps drawn once each, free address codes handed out once,
 * lives counted right while a contract is cancelled, one device per token,
 * a sending counted on one snapshot. Expected values are counted from the
 * requests sent, not from the store.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import type { Backend } from '../../src/server/wire.js';
import { until } from '../helpers/until.js';
import { newLocation, query } from '../store/backend.js';
import { call, EXAMPLE_CARD, openTemp } from '../store/helpers.js';

/** Two stores on one new database (demo data), as two server processes. */
async function twoStores(): Promise<{ a: Backend; b: Backend; url: string }> {
  const url = await newLocation();
  const [{ store: a }, { store: b }] = await Promise.all([openTemp({ path: url }), openTemp({ path: url })]);
  return { a, b, url };
}

const counters = async (url: string) =>
  Object.fromEntries(
    (await query<{ name: string; value: number }>(url, 'SELECT name, value FROM counter')).map((r) => [
      r.name,
      r.value,
    ]),
  );

describe('two stores on one PostgreSQL database', () => {
  it('opened together: one of them created and seeded it', async () => {
    const { a, b, url } = await twoStores();
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await query(url, 'SELECT count(*)::int AS n FROM contract')).toEqual([{ n: 7 }]);
  });

  it("opened while another instance's start-up holds the lock for longer than a request waits for a row: waits, then opens", async () => {
    const url = await newLocation();
    // Another instance starting: it holds the start-up lock (src/server/store/postgres/index.ts) for 1.5 s.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock('27981246513787500'::bigint)");
      const opening = openTemp({ path: url, lockWaitMs: 200 });
      // Released once the opening has waited for it twice as long as a request waits for a row (PostgreSQL's clock).
      await until('the opening waiting 400 ms for the start-up lock', async () => {
        const waiting = await query<{ n: number }>(
          url,
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND waitstart < now() - interval '400 milliseconds' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return waiting[0]?.n === 1;
      });
      await other.query("SELECT pg_advisory_unlock('27981246513787500'::bigint)");
      const { store } = await opening;
      expect(store.created).toBe(true);
      expect(await query(url, 'SELECT count(*)::int AS n FROM contract')).toEqual([{ n: 7 }]);
    } finally {
      await other.end();
    }
  });

  it('draws every movement stamp once, from changes through both', async () => {
    const { a, b, url } = await twoStores();
    const cards = (
      await query<{ card: string }>(
        url,
        "SELECT card FROM beneficiary WHERE permite_atualizar = 'S' ORDER BY id LIMIT 12",
      )
    ).map((r) => r.card);
    const before = await counters(url);
    const answers = await Promise.all(
      cards.flatMap((card, i) =>
        [0, 1].map((k) =>
          call(k === 0 ? a : b, 'registration.update-contact', {
            usuario_cartao: card,
            usuario_fax: `(11)3333${String(i).padStart(2, '0')}${k}0`,
          }),
        ),
      ),
    );
    expect(answers.map((x) => x.outcome)).toEqual(answers.map(() => 'ok'));
    const after = await counters(url);
    expect(after['movimento']).toBe(before['movimento']! + 2 * cards.length);
    const stamps = await query<{ movimento: number }>(url, 'SELECT movimento FROM beneficiary WHERE movimento > ?', [
      before['movimento'],
    ]);
    // Each card's last change holds its own movement number: no two are equal.
    expect(new Set(stamps.map((s) => s.movimento)).size).toBe(cards.length);
  });

  it('hands out each free address code once, to inserts through both', async () => {
    const { a, b, url } = await twoStores();
    const params = {
      ...sampleParams(operation('registration.save-address')),
      usuario_cartao: EXAMPLE_CARD,
      endereco_ind: '0',
    };
    const [{ n: had }] = (await query<{ n: number }>(
      url,
      'SELECT count(*)::int AS n FROM address a JOIN beneficiary b ON b.id = a.beneficiary_id WHERE b.card = ?',
      [EXAMPLE_CARD],
    )) as [{ n: number }];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call(i % 2 ? a : b, 'registration.save-address', params)),
    );
    expect(answers.filter((x) => x.outcome === 'ok')).toHaveLength(16);
    const codes = await query<{ codigo: number }>(
      url,
      'SELECT codigo FROM address a JOIN beneficiary b ON b.id = a.beneficiary_id WHERE b.card = ?',
      [EXAMPLE_CARD],
    );
    expect(codes).toHaveLength(had + 16);
    expect(new Set(codes.map((c) => c.codigo)).size).toBe(had + 16);
  });

  it('counts no life on a contract cancelled while beneficiaries are added through the other store', async () => {
    const { a, b, url } = await twoStores();
    const created = await call(a, 'enrol.contract.create', sampleParams(operation('enrol.contract.create')));
    const id = created.records[0]!['contrato_id'] as number;
    expect((await call(a, 'enrol.contract.set-status', { contrato_id: id, opcao_id: 1 })).outcome).toBe('ok');
    const person = { ...sampleParams(operation('enrol.beneficiary.add')), contrato_id: id };
    const adds = Array.from({ length: 30 }, (_, i) => call(i % 2 ? a : b, 'enrol.beneficiary.add', person));
    const cancel = call(b, 'enrol.contract.set-status', { contrato_id: id, opcao_id: 4 });
    await Promise.all([...adds, cancel]);
    expect((await cancel).outcome).toBe('ok');
    const active = await query(url, "SELECT id FROM beneficiary WHERE contract_id = ? AND status <> 'cancelado'", [id]);
    expect(active).toEqual([]);
    const search = await call(a, 'enrol.contract.search', { contrato_id: id });
    expect(search.records[0]!['cv_qtd_vida']).toBe(0);
  });

  it('keeps one device, and one pushid, for a new token registered through both at once', async () => {
    const { a, b, url } = await twoStores();
    const params = { ...sampleParams(operation('notify.device.register')), dispositivo_token: 'fcm-token-race-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, 'notify.device.register', params)),
    );
    const pushids = new Set(answers.map((x) => x.records[0]!['id']));
    expect(pushids.size).toBe(1);
    expect(await query(url, 'SELECT pushid FROM device WHERE token = ?', ['fcm-token-race-1'])).toEqual([
      { pushid: [...pushids][0] },
    ]);
  });
});
