/**
 * Erasure in the SQLite file (docs/security.md, "Privacy"): an overwritten e-mail, a
 * deleted address and purged access records are not left readable in the
 * file's free space (`grep -a`), since the store runs with secure_delete. The
 * real server over HTTP; the file's bytes read once it has stopped (its WAL
 * checkpointed into it), and while it serves, after a checkpoint: the `-wal`
 * truncated by it (checkpoint.ts), the old e-mail in neither file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { callOp, DEMO_CARD } from './store-calls.js';
import { startStoreServer } from './store-server.js';

const OLD_EMAIL = 'maria.antiga.privada@example.com';
const OLD_STREET = 'Rua das Lembrancas Secretas';
const PURGED = 'purged-request-of-an-old-read';

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.stop();
  srv = undefined;
});

/** Every byte the database keeps on disk: the file, and its WAL if one is left. */
function fileBytes(db: string): Buffer {
  return Buffer.concat(
    [db, `${db}-wal`, `${db}.audit`, `${db}.audit-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
  );
}

describe('erasure in the SQLite file', () => {
  it('an overwritten e-mail, a deleted address and purged audit records leave no readable trace', async () => {
    srv = await startTestServer({ audit: { retentionDays: 0 } });
    const db = srv.db;
    const card = { usuario_cartao: DEMO_CARD };
    // The oldest record of the trail (a purge removes the trail's beginning: docs/security.md).
    await srv.store.repo.audit.append({
      at: 0,
      client: '127.0.0.1',
      tokenLabel: null,
      operation: 'registration.show',
      status: 200,
      confirma: 2,
      subjectKind: null,
      subject: null,
      reference: null,
      requestId: PURGED,
      contract: null,
      previous: null,
      keyId: null,
    });
    expect((await callOp(srv.url, 'registration.update-contact', { ...card, usuario_email: OLD_EMAIL })).status).toBe(
      200,
    );
    // The card's address 1, its street changed to one that is deleted below.
    const saved = await callOp(srv.url, 'registration.save-address', {
      ...card,
      endereco_ind: 1,
      endereco_logradouro: OLD_STREET,
    });
    expect(saved.body[0]).toMatchObject({ confirma_operacao: 1 });
    await srv.close();
    // Before erasing, the values are there to be found: the test looks in the right place.
    for (const value of [OLD_EMAIL, OLD_STREET, PURGED]) expect(fileBytes(db).includes(value)).toBe(true);

    srv = await startTestServer({ db, audit: { retentionDays: 0 } });
    expect((await callOp(srv.url, 'registration.update-contact', { ...card, usuario_email: 'm@x.org' })).status).toBe(
      200,
    );
    const deleted = await callOp(srv.url, 'registration.delete-address', { ...card, endereco_ind: 1 });
    expect(deleted.body[0]).toMatchObject({ confirma_operacao: 1 });
    expect(await srv.store.repo.audit.purge(1)).toBe(1);
    await srv.close();

    const bytes = fileBytes(db);
    for (const value of [OLD_EMAIL, OLD_STREET, PURGED]) expect(bytes.includes(value), value).toBe(false);
    expect(bytes.includes('m@x.org')).toBe(true);
  });
});

describe('erasure in the -wal while the server runs', () => {
  it('after a checkpoint an overwritten e-mail is in neither the -wal nor the database file', async () => {
    // A checkpoint every 40 frames, not 1,000: the same code, reached in a few dozen writes.
    const store = await startStoreServer({ checkpointPages: 40 });
    try {
      const db = store.db;
      const card = { usuario_cartao: DEMO_CARD };
      const contact = async (email: string) =>
        expect((await callOp(store.url, 'registration.update-contact', { ...card, usuario_email: email })).status).toBe(
          200,
        );
      await contact(OLD_EMAIL);
      await contact('maria.nova@example.org');
      const wal = () => readFileSync(`${db}-wal`);
      // Before a checkpoint the old e-mail is in the -wal (the page as it was): the test looks in the right place.
      expect(wal().includes(OLD_EMAIL)).toBe(true);
      const longest = wal().length;
      let writes = 0;
      for (; writes < 200 && wal().includes(OLD_EMAIL); writes++)
        expect((await callOp(store.url, 'enrol.contract.create', { numero_proposta: 20_000 + writes })).status).toBe(
          200,
        );
      const after = wal();
      expect(after.includes(OLD_EMAIL)).toBe(false);
      // Gone at once, by the checkpoint, not page by page as new writes came over it: the -wal truncated, holding
      // the frames of the writes since only.
      expect(writes).toBeLessThan(60);
      expect(after.length).toBeLessThan(longest);
      expect(readFileSync(db).includes(OLD_EMAIL)).toBe(false);
      expect(Buffer.concat([readFileSync(db), after]).includes('maria.nova@example.org')).toBe(true);
    } finally {
      await store.stop();
    }
  });
});
