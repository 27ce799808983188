/**
 * A full disk and a read-only database file, simulated deterministically on
 * the server's own connection (`max_page_count` pinned to the file's size:
 * SQLITE_FULL; `query_only`: SQLITE_READONLY): a write answers 503 with
 * Retry-After and a message that says which, never 500 "internal error", and
 * stores nothing; reads of no personal data go on, and a read of personal
 * data, whose access record cannot be written, is answered 503 without it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { startStoreServer, type StoreServer } from './store-server.js';
import { callOp, DEMO_CARD, type HttpAnswer, readValue } from './store-calls.js';

const FULL = 'the disk is full; nothing was changed, try again when there is space';
const READ_ONLY = 'the database file is read-only; nothing was changed';

/** Writes of each kind: group commit, a transaction of their own, a single statement. */
const WRITES: ReadonlyArray<readonly [id: string, params: Record<string, unknown>]> = [
  ['enrol.contract.create', {}],
  ['enrol.beneficiary.add', { contrato_id: 1 }],
  ['registration.update-contact', { usuario_cartao: DEMO_CARD }],
  ['registration.save-address', { usuario_cartao: DEMO_CARD }],
  ['notify.device.register', { usuario_cartao: DEMO_CARD, dispositivo_token: 'fault-token' }],
  ['notify.send-all', {}],
];

let srv: StoreServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

async function readsStillAnswer(url: string): Promise<void> {
  expect((await callOp(url, 'enrol.contract.search', { contrato_id: 1 })).status).toBe(200);
  expect((await callOp(url, 'registration.cep', { cep: '01310100' })).status).toBe(200);
}

describe('a full disk', () => {
  it('answers the write that needs more space 503 "the disk is full", stores none of the refused writes and keeps every acknowledged one', async () => {
    srv = await startStoreServer({ pragmas: ['max_page_count = 1'] });
    const contracts = () => readValue(srv!.db, 'SELECT count(*) FROM contract');
    const initial = contracts() as number;
    // Each new contract takes space; the file may not grow, so one of the first few hundred needs a page it cannot have.
    let acked = 0;
    let refused: HttpAnswer | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await callOp(srv.url, 'enrol.contract.create', { numero_proposta: 5000 + i });
      if (res.status === 200) acked++;
      else refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.retryAfter).toBe('60');
    expect(refused?.body).toEqual([{ confirma_operacao: 4, mensagem_erro: FULL }]);
    expect(srv.logged()).toContain('enrol.contract.create: store unavailable: full');
    expect(contracts()).toBe(initial + acked);

    // The same write again is refused the same way and changes nothing.
    const before = databaseChecksum(srv.db);
    const again = await callOp(srv.url, 'enrol.contract.create', { numero_proposta: 9999 });
    expect([again.status, again.body]).toEqual([503, [{ confirma_operacao: 4, mensagem_erro: FULL }]]);
    expect(databaseChecksum(srv.db)).toBe(before);
    await readsStillAnswer(srv.url);
  });
});

describe('a read-only database file', () => {
  it.each(WRITES)('%s answers 503 "read-only" with Retry-After and stores nothing', async (id, params) => {
    srv = await startStoreServer({ pragmas: ['query_only = 1'] });
    const before = databaseChecksum(srv.db);
    const res = await callOp(srv.url, id, params);
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBe('60');
    expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: READ_ONLY }]);
    expect(databaseChecksum(srv.db)).toBe(before);
    await readsStillAnswer(srv.url);
  });
});

describe('a read whose access record cannot be written', () => {
  it('is answered 503 with Retry-After and none of the data, and the failure is logged without the card', async () => {
    srv = await startStoreServer({ pragmas: ['query_only = 1'] });
    for (const id of ['registration.show', 'record.allergies', 'schedule.list']) {
      const res = await callOp(srv.url, id, { usuario_cartao: DEMO_CARD });
      expect([res.status, res.retryAfter, res.body]).toEqual([
        503,
        '60',
        [
          {
            confirma_operacao: 4,
            mensagem_erro:
              'the access audit could not be written (the database file is read-only): nothing was disclosed, try again later',
          },
        ],
      ]);
      expect(srv.logged()).toContain(`${id}: the access audit could not be written: readonly`);
    }
    expect(showsToken(srv.logged(), DEMO_CARD)).toBe(false);
  });
});

describe('readiness while writes are refused', () => {
  it('a full disk: ready until a write is refused, then not ready "the disk is full" (both languages)', async () => {
    srv = await startStoreServer({ pragmas: ['max_page_count = 1'] });
    expect(await srv.store.check()).toEqual({ ready: true });
    let refused = false;
    for (let i = 0; i < 500 && !refused; i++)
      refused = (await callOp(srv.url, 'enrol.contract.create', { numero_proposta: 6000 + i })).status === 503;
    expect(refused).toBe(true);
    // The page count is at its limit with no free page: the disk stays full for every check.
    for (let i = 0; i < 2; i++)
      expect(await srv.store.check()).toEqual({
        ready: false,
        reason: { en: 'the disk is full', 'pt-BR': 'o disco está cheio' },
      });
  });

  it('a read-only file: not ready "read-only" once a write was refused, and the check’s own write is refused too', async () => {
    srv = await startStoreServer({ pragmas: ['query_only = 1'] });
    expect(await srv.store.check()).toEqual({ ready: true });
    expect((await callOp(srv.url, 'enrol.contract.create')).status).toBe(503);
    const before = databaseChecksum(srv.db);
    expect(await srv.store.check()).toEqual({
      ready: false,
      reason: { en: 'the database file is read-only', 'pt-BR': 'o arquivo do banco de dados é somente leitura' },
    });
    expect(databaseChecksum(srv.db)).toBe(before);
  });
});
