import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBackend } from '../../src/server/wire.js';
import { openDatabase } from '../../src/server/store/sqlite/index.js';
import { migrations } from '../../src/server/store/sqlite/migrations.js';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
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

  it('keeps every change across close and reopen, without loading the demo again', async () => {
    const path = join(tempDir(), 'coop.db');
    const first = await openBackend({ path, demo: true, now });
    expect(first.created).toBe(true);
    await call(first, 'registration.update-contact', {
      usuario_cartao: EXAMPLE_CARD,
      usuario_celular: '(11)955554444',
    });
    const booked = await call(first, 'schedule.book', {
      usuario_cartao: EXAMPLE_CARD,
      prest_cod_svc_card: '9001',
      cd_local: '101',
      tp_evento: '1',
      dt_hr_inicio: '2026-01-19 08:00',
      dt_hr_fim: '2026-01-19 08:30',
      ds_email: 'a@example.com',
      nr_ddd_celular: '11',
      nr_celular: '955554444',
      ds_endereco: 'Avenida Paulista, 1842',
    });
    const contract = await call(first, 'enrol.contract.create', {
      registro_ans: '419761',
      coop_id: 1,
      produto_tabela_id: 11,
      origem: 'WB',
    });
    await first.close();
    const sum = databaseChecksum(path);

    const second = await openBackend({ path, demo: true, now });
    try {
      expect(second.created).toBe(false);
      expect(databaseChecksum(path)).toBe(sum);
      const show = await call(second, 'registration.show', { usuario_cartao: EXAMPLE_CARD });
      expect((show.records[0]!['contato'] as Record<string, unknown>)['celular']).toBe('(11)955554444');
      const list = await call(second, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
      expect(list.records.map((r) => r['cd_evento'])).toContain(booked.records[0]!['cd_evento']);
      const search = await call(second, 'enrol.contract.search', { contrato_id: contract.records[0]!['contrato_id'] });
      expect(search.records).toHaveLength(1);
    } finally {
      await second.close();
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

  it('opens an empty database without demo data when not asked for it', async () => {
    const { store } = await openTemp({ demo: false });
    expect((await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD })).outcome).toBe('no-result');
    expect(await store.describeDemo()).toEqual({ cards: [], providers: [] });
  });
});
