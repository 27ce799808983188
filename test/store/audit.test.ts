/**
 * The access audit's storage, on both stores: records appended (a turn's
 * together) are listed newest first with their fields as given, filtered by
 * subject, time and operation, counted, purged by age a slice at a time, and
 * kept across a reopening; the key id is recorded and replaced.
 */
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/server/store/index.js';
import { PURGE_SLICE } from '../../src/server/store/areas/audit.js';
import { auditOf, BACKEND, query } from './backend.js';
import { openTemp } from './helpers.js';

/** 15 January 2026, 10:00 UTC, in ms. */
const T0 = Date.UTC(2026, 0, 15, 10, 0);
const HOUR = 3_600_000;

function record(n: number, more: Partial<AuditRecord> = {}): AuditRecord {
  return {
    at: T0 + n * HOUR,
    client: '127.0.0.1',
    tokenLabel: 'desk',
    operation: 'record.allergies',
    status: 200,
    confirma: 1,
    subjectKind: 'card',
    subject: 'a'.repeat(32),
    reference: null,
    requestId: `req-${n}`,
    contract: null,
    previous: null,
    keyId: null,
    ...more,
  };
}

describe(`access audit storage (${BACKEND})`, () => {
  it('appends the records of one turn together and lists them newest first, each field as given', async () => {
    const { store, path } = await openTemp();
    const audit = store.repo.audit;
    const given = [
      record(0),
      record(1, { tokenLabel: null, status: 422, confirma: null, subjectKind: null, subject: null }),
      record(2, {
        operation: 'enrol.beneficiary.declaration',
        reference: 'beneficiario_id=12',
        client: '::1',
        requestId: null,
      }),
    ];
    await Promise.all(given.map((r) => audit.append(r)));
    const { rows, total } = await audit.list({ limit: 10 });
    expect(total).toBe(3);
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([...given].reverse().map((r) => ({ ...r, seal: null })));
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    // Read back by a connection of the test's own: the rows are committed.
    expect(await query(auditOf(path), 'SELECT count(*) AS n FROM audit')).toEqual([{ n: 3 }]);
  });

  it('filters by subject, time and operation, alone and together; counts all that match past the limit', async () => {
    const { store } = await openTemp();
    const audit = store.repo.audit;
    const ana = 'a'.repeat(32);
    const bia = 'b'.repeat(32);
    await Promise.all([
      audit.append(record(0, { subject: ana })),
      audit.append(record(1, { subject: bia })),
      audit.append(record(2, { subject: ana, operation: 'registration.show' })),
      audit.append(record(3, { subject: ana })),
    ]);
    const ids = async (f: Parameters<typeof audit.list>[0]) => (await audit.list(f)).rows.map((r) => r.requestId);
    expect(await ids({ subjects: [ana], limit: 10 })).toEqual(['req-3', 'req-2', 'req-0']);
    expect(await ids({ since: T0 + 2 * HOUR, limit: 10 })).toEqual(['req-3', 'req-2']);
    expect(await ids({ operation: 'registration.show', limit: 10 })).toEqual(['req-2']);
    expect(await ids({ subjects: [ana], since: T0 + HOUR, operation: 'record.allergies', limit: 10 })).toEqual([
      'req-3',
    ]);
    expect(await audit.list({ subjects: [ana], limit: 2 })).toMatchObject({
      total: 3,
      rows: [{ requestId: 'req-3' }, { requestId: 'req-2' }],
    });
    expect(await audit.list({ subjects: ['c'.repeat(32)], limit: 10 })).toEqual({ rows: [], total: 0 });
  });

  it(`purges the records older than a time, ${PURGE_SLICE} at a time, and keeps the others`, async () => {
    const { store } = await openTemp();
    const audit = store.repo.audit;
    const old = PURGE_SLICE + 5;
    await Promise.all(Array.from({ length: old }, (_, i) => audit.append(record(0, { requestId: `old-${i}` }))));
    await Promise.all([audit.append(record(24)), audit.append(record(48))]);
    expect(await audit.purge(T0 + 24 * HOUR)).toBe(old);
    expect((await audit.list({ limit: 10 })).rows.map((r) => r.requestId)).toEqual(['req-48', 'req-24']);
    expect(await audit.purge(T0 + 24 * HOUR)).toBe(0);
  });

  it('keeps the records and the key id across a reopening', async () => {
    const first = await openTemp();
    await first.store.repo.audit.append(record(5));
    await first.store.repo.audit.setKeyId('0123456789abcdef');
    await first.store.close();
    const again = await openTemp({ path: first.path, demo: false });
    expect(await again.store.repo.audit.keyId()).toBe('0123456789abcdef');
    expect((await again.store.repo.audit.list({ limit: 10 })).rows.map((r) => r.requestId)).toEqual(['req-5']);
    await again.store.repo.audit.setKeyId('fedcba9876543210');
    expect(await again.store.repo.audit.keyId()).toBe('fedcba9876543210');
  });

  it('a new database has no key id and no record', async () => {
    const { store } = await openTemp();
    expect(await store.repo.audit.keyId()).toBeUndefined();
    expect(await store.repo.audit.list({ limit: 10 })).toEqual({ rows: [], total: 0 });
  });
});
