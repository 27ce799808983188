/** What only a SQLite store has: its file's durable settings, its schema version pragma, `:memory:`. */
import Database from 'better-sqlite3';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBackend } from '../../src/server/wire.js';
import { fileAudit } from '../../src/server/store/sqlite/audit-file.js';
import { openAuditFile } from '../../src/server/store/sqlite/audit-file-open.js';
import { forServing, openDatabase } from '../../src/server/store/sqlite/index.js';
import { migrations } from '../../src/server/store/sql/migrations.js';
import { call, EXAMPLE_CARD, now, openTemp, tempDir } from './helpers.js';

describe('the database file', () => {
  it('is durable: WAL, synchronous FULL, foreign keys on, schema at the current version', () => {
    const { db, created } = openDatabase(join(tempDir(), 'a.db'));
    try {
      expect(created).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    } finally {
      db.close();
    }
  });

  it('serves with a 2,000 KiB page cache, its audit file on the event loop with 512 KiB (docs/performance.md)', async () => {
    const path = join(tempDir(), 'cache.db');
    const { db } = openDatabase(path);
    const trail = openAuditFile(path);
    const audit = fileAudit(trail, path);
    try {
      // better-sqlite3 builds SQLite with 16,000 KiB a connection: what a new connection has before either.
      const fresh = new Database(':memory:');
      expect(fresh.pragma('cache_size', { simple: true })).toBe(-16000);
      fresh.close();
      forServing(db);
      expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
      expect(trail.pragma('cache_size', { simple: true })).toBe(-512);
    } finally {
      await audit.close();
      db.close();
    }
  });

  it('refuses a database written by a newer schema, leaving it untouched', async () => {
    const path = join(tempDir(), 'new.db');
    const db = new Database(path);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    await expect(openBackend({ path, demo: true, now })).rejects.toThrow(/newer/);
    const again = new Database(path, { readonly: true });
    expect(again.pragma('user_version', { simple: true })).toBe(migrations.length + 1);
    again.close();
  });

  it('serves a throwaway :memory: database with the demo data', async () => {
    const { store } = await openTemp({ path: ':memory:' });
    expect(store.created).toBe(true);
    expect((await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD })).outcome).toBe('found');
  });
});

describe('readiness of a SQLite store (GET /readyz)', () => {
  it('ready; not ready once its file is replaced by another file; ready again once it is back', async () => {
    const path = join(tempDir(), 'ready.db');
    const store = await openBackend({ path, demo: true, now });
    try {
      expect(await store.check()).toEqual({ ready: true });
      renameSync(path, `${path}.kept`);
      writeFileSync(path, 'another file');
      expect(await store.check()).toEqual({
        ready: false,
        reason: {
          en: 'the database file was replaced by another file',
          'pt-BR': 'o arquivo do banco de dados foi substituído por outro arquivo',
        },
      });
      rmSync(path);
      renameSync(`${path}.kept`, path);
      expect(await store.check()).toEqual({ ready: true });
      expect(store.schema).toEqual({ found: 0, current: migrations.length });
    } finally {
      await store.close();
    }
    const again = await openBackend({ path, now });
    try {
      expect(again.schema).toEqual({ found: migrations.length, current: migrations.length });
    } finally {
      await again.close();
    }
  });

  it(':memory: has no file to check: ready while the database answers', async () => {
    const store = await openBackend({ path: ':memory:', demo: true, now });
    try {
      expect(await store.check()).toEqual({ ready: true });
    } finally {
      await store.close();
    }
    expect(await store.check()).toEqual({
      ready: false,
      reason: { en: 'the database does not answer', 'pt-BR': 'o banco de dados não responde' },
    });
  });
});
