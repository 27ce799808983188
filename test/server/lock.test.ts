/**
 * Another process holding the database's write lock (a child process in a
 * `BEGIN IMMEDIATE`/`EXCLUSIVE` transaction) never freezes the server: reads
 * go on (WAL), reads of personal data too, their access records written to
 * the audit's own file (src/server/store/sqlite/audit-file.ts); a write waits
 * on timers and is answered once the lock is released, or answers 503 with
 * Retry-After when the lock outlasts the wait. Non-blocking is shown by order
 * (a read answered while a write waits and the lock is still held), never by
 * a duration.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch } from '../../src/server/http/dispatch.js';
import type { PlainResponse } from '../../src/server/http/exchange.js';
import { auditFileOf } from '../../src/server/store/sqlite/audit-file-open.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { holdLock, HOLDER_ROW, type LockHolder } from './lock-holder.js';
import { startStoreServer, type StoreServer } from './store-server.js';
import { callOp, DEMO_CARD, readValue } from './store-calls.js';

const LOCKED = 'the database is locked by another process; nothing was changed, try again';

/** Two writes: one through group commit, one in a transaction of its own; and how to see that each was stored. */
const WRITES = [
  {
    id: 'enrol.beneficiary.add',
    params: (tag: string) => ({ contrato_id: 1, nome: `Lock ${tag}` }),
    stored: (db: string, tag: string) =>
      readValue(db, 'SELECT count(*) FROM beneficiary WHERE nome = ?', `Lock ${tag}`) === 1,
  },
  {
    id: 'registration.update-contact',
    params: (tag: string) => ({ usuario_cartao: DEMO_CARD, usuario_email: `${tag.toLowerCase()}@example.com` }),
    stored: (db: string, tag: string) =>
      readValue(
        db,
        'SELECT count(*) FROM contact c JOIN beneficiary b ON b.id = c.beneficiary_id WHERE b.card = ? AND c.email = ?',
        DEMO_CARD,
        `${tag.toLowerCase()}@example.com`,
      ) === 1,
  },
] as const;

/** A read of no personal data (not audited): answered while the lock is held. */
async function otherReadAnswers(url: string): Promise<void> {
  const contracts = await callOp(url, 'enrol.contract.search', { contrato_id: 1 });
  expect(contracts.status).toBe(200);
  expect(contracts.body[0]).toMatchObject({ cv_nro: 1 });
}

/** A write, with the lock held, waits the server's whole lock wait (guard.ts) and answers 503: that long has passed. */
async function writeGivesUp(url: string): Promise<void> {
  const res = await callOp(url, 'registration.update-contact', {
    usuario_cartao: DEMO_CARD,
    usuario_email: 'x@example.com',
  });
  expect([res.status, res.body]).toEqual([503, [{ confirma_operacao: 4, mensagem_erro: LOCKED }]]);
}

/** The reads of personal data the server's access audit holds (its records of the last window too). */
const auditedReads = async (server: StoreServer) =>
  (await server.store.repo.audit.list({ operation: 'registration.show', limit: 10 })).total;

let srv: StoreServer | undefined;
let holder: LockHolder | undefined;
afterEach(async () => {
  holder?.kill();
  holder = undefined;
  await srv?.stop();
  srv = undefined;
});

describe('another process holds the database write lock', () => {
  it.each(WRITES)(
    '$id waits for it without blocking: reads are answered meanwhile, a read of personal data with its record, and the write is done once it is released',
    async (w) => {
      srv = await startStoreServer({ lockWaitMs: 600_000 });
      holder = await holdLock(srv.db, 'EXCLUSIVE');
      const reached = srv.called(w.id);
      let answered = false;
      const write = callOp(srv.url, w.id, w.params('Waiter')).finally(() => (answered = true));
      await reached;
      let readAnswered = false;
      const personal = callOp(srv.url, 'registration.show', { usuario_cartao: DEMO_CARD }).finally(
        () => (readAnswered = true),
      );
      const read = await personal;
      expect(read.status).toBe(200);
      expect(read.body[0]).toMatchObject({ confirma_operacao: 2, cod_pessoa: 1 });
      expect(await auditedReads(srv)).toBe(1);

      await otherReadAnswers(srv.url);
      // Those reads were answered while the write still waited, and the lock was held.
      expect([answered, readAnswered]).toEqual([false, true]);
      expect(holder.holding()).toBe(true);
      expect(w.stored(srv.db, 'Waiter')).toBe(false);

      await holder.release('commit');
      const res = await write;
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ confirma_operacao: 1 });
      expect(w.stored(srv.db, 'Waiter')).toBe(true);
      // The other process's own write was kept too.
      expect(readValue(srv.db, 'SELECT value FROM counter WHERE name = ?', HOLDER_ROW)).toBe(1);
    },
  );

  it.each(WRITES)(
    '$id answers 503 with Retry-After and says the database is locked when the lock outlasts the wait; nothing is stored',
    async (w) => {
      srv = await startStoreServer({ lockWaitMs: 50 });
      holder = await holdLock(srv.db, 'IMMEDIATE');
      const before = databaseChecksum(srv.db);

      const res = await callOp(srv.url, w.id, w.params('Refused'));
      expect(res.status).toBe(503);
      expect(res.retryAfter).toBe('1');
      expect(res.body).toEqual([{ confirma_operacao: 4, mensagem_erro: LOCKED }]);
      expect(srv.logged()).toContain(`${w.id}: store unavailable: busy`);

      // A read of personal data is answered, its access record written to the audit's own file.
      const read = await callOp(srv.url, 'registration.show', { usuario_cartao: DEMO_CARD });
      expect(read.status).toBe(200);
      expect(await auditedReads(srv)).toBe(1);
      // Other reads still flow, and the lock is still held: the answers came before the other process let go.
      await otherReadAnswers(srv.url);
      expect(holder.holding()).toBe(true);

      await holder.release('rollback');
      expect(databaseChecksum(srv.db)).toBe(before);
      expect(w.stored(srv.db, 'Refused')).toBe(false);
      // Once the lock is free, the same write goes through.
      expect((await callOp(srv.url, w.id, w.params('Refused'))).status).toBe(200);
      expect(w.stored(srv.db, 'Refused')).toBe(true);
    },
  );

  it('record allergies answers while another process holds the write lock past the lock wait, its record written', async () => {
    srv = await startStoreServer();
    holder = await holdLock(srv.db, 'IMMEDIATE');
    const allergies = () => callOp(srv!.url, 'record.allergies', { usuario_cartao: DEMO_CARD });
    const first = await allergies();
    expect([first.status, first.body[0]?.['confirma_operacao']]).toEqual([200, 2]);
    // Still held past the server's lock wait, which a write gives up at: reads go on.
    await writeGivesUp(srv.url);
    const second = await allergies();
    expect(second.status).toBe(200);
    expect(holder.holding()).toBe(true);
    // Both records are in the audit's file, read by a connection of the test's own while the lock is still held.
    expect(readValue(auditFileOf(srv.db), "SELECT count(*) FROM audit WHERE operation = 'record.allergies'")).toBe(2);
    await writeGivesUp(srv.url);
    expect((await allergies()).status).toBe(200);
    expect(holder.holding()).toBe(true);
    await holder.release('rollback');
  });

  it("a read of personal data waits for the audit file's write lock held by another process, and the event loop does not", async () => {
    srv = await startStoreServer();
    // Its record committed on the event loop's own connection while the audit file's lock is free.
    expect((await callOp(srv.url, 'registration.show', { usuario_cartao: DEMO_CARD })).status).toBe(200);
    expect(await auditedReads(srv)).toBe(1);
    holder = await holdLock(auditFileOf(srv.db), 'IMMEDIATE');
    let answered = false;
    const recording = srv.auditing('registration.show');
    const read = callOp(srv.url, 'registration.show', { usuario_cartao: DEMO_CARD }).then((r) => {
      answered = true;
      return r;
    });
    // A read of no personal data is answered meanwhile: the worker thread waits for the lock, not the event loop.
    await otherReadAnswers(srv.url);
    // Its record is being written, and waits: the read is not answered while the lock is held.
    await recording;
    await otherReadAnswers(srv.url);
    expect([answered, holder.holding()]).toEqual([false, true]);
    await holder.release('rollback');
    expect((await read).status).toBe(200);
    expect(readValue(auditFileOf(srv.db), "SELECT count(*) FROM audit WHERE operation = 'registration.show'")).toBe(2);
  });

  it('the fast read path still answers synchronously (no promise) while the lock is held', async () => {
    srv = await startStoreServer();
    holder = await holdLock(srv.db, 'EXCLUSIVE');
    const show = srv.store.handlers['registration.show']!;
    const text = show.jsonNow!({ usuario_cartao: DEMO_CARD }, { now: () => new Date(2026, 0, 15, 10, 0) });
    expect(typeof text).toBe('string');
    expect(JSON.parse(text)).toMatchObject([{ confirma_operacao: 2, cod_pessoa: 1 }]);
    expect(holder.holding()).toBe(true);
  });

  it('and the server core answers it at once from the store (the fast path, no audit): no promise', async () => {
    srv = await startStoreServer();
    holder = await holdLock(srv.db, 'EXCLUSIVE');
    const dispatch = createDispatch({ handlers: srv.store.handlers, now: () => new Date(2026, 0, 15, 10, 0) });
    const target = `/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=${DEMO_CARD}`;
    const res = dispatch({ method: 'GET', target, headers: { host: 'localhost' } });
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as PlainResponse).status).toBe(200);
    expect(JSON.parse((res as PlainResponse).body)).toMatchObject([{ confirma_operacao: 2, cod_pessoa: 1 }]);
  });
});
