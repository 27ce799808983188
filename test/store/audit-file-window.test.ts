/**
 * The audit file's window for writes' records (src/server/store/sqlite/
 * audit-file.ts): a write's answer does not wait for its record, so the
 * record is held and committed with others: with the next read's record
 * (first, in the order they came), once NOTES_HELD are held, at the window's
 * end, before a listing, and when the store closes. Read back by a
 * connection of the test's own.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/server/store/areas/audit.js';
import { fileAudit } from '../../src/server/store/sqlite/audit-file.js';
import { auditFileOf, openAuditFile } from '../../src/server/store/sqlite/audit-file-open.js';
import { tempDir } from './helpers.js';

const record = (operation: string): AuditRecord => ({
  at: Date.UTC(2026, 0, 15, 10, 0),
  client: '127.0.0.1',
  tokenLabel: null,
  operation,
  status: 200,
  confirma: 1,
  subjectKind: 'card',
  subject: 'a'.repeat(32),
  reference: null,
  requestId: null,
  contract: null,
  previous: null,
  keyId: null,
});

let opened: ReturnType<typeof fileAudit> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

function open() {
  const path = join(tempDir(), 'window.db');
  opened = fileAudit(openAuditFile(path), path);
  /** The operations of the records committed, in the trail's order. */
  const committed = (): string[] => {
    const db = new Database(auditFileOf(path), { readonly: true });
    try {
      return db.prepare('SELECT operation FROM audit ORDER BY id').pluck().all() as string[];
    } finally {
      db.close();
    }
  };
  return { repo: opened.repo, committed, close: () => opened!.close() };
}

/** A turn of the event loop later: a batch of reads' records has been committed by then. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the audit file's window for writes' records", () => {
  it("a write's record is held past the turn a read's is committed in, then committed within its window", async () => {
    const { repo, committed } = open();
    const written = repo.append(record('enrol.beneficiary.add'), true);
    await turn();
    expect(committed()).toEqual([]);
    await written;
    expect(committed()).toEqual(['enrol.beneficiary.add']);
  });

  it("a read's record takes the held ones with it, first, in the order they came", async () => {
    const { repo, committed } = open();
    void repo.append(record('enrol.contract.create'), true);
    void repo.append(record('enrol.beneficiary.add'), true);
    await repo.append(record('registration.show'), false);
    expect(committed()).toEqual(['enrol.contract.create', 'enrol.beneficiary.add', 'registration.show']);
  });

  it('32 held records are committed at once, without waiting for the window', async () => {
    const { repo, committed } = open();
    const all = Array.from({ length: 32 }, (_, i) => repo.append(record(`write.${i}`), true));
    expect(committed()).toHaveLength(32);
    await Promise.all(all);
    expect(committed()[31]).toBe('write.31');
  });

  it('a listing and the store closing commit what is held', async () => {
    const { repo, committed, close } = open();
    void repo.append(record('enrol.contract.create'), true);
    const { total } = await repo.list({ limit: 10 });
    expect(total).toBe(1);
    void repo.append(record('enrol.beneficiary.add'), true);
    await close();
    opened = undefined;
    expect(committed()).toEqual(['enrol.contract.create', 'enrol.beneficiary.add']);
  });
});
