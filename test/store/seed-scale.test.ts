import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { seedScale } from '../../src/server/store/datasets/scale.js';
import { cardValid } from '../../src/catalogue/card.js';
import { cardParts } from '../../src/server/store/card.js';
import { cpfValid } from '../../src/catalogue/rules.js';
import { call, openTemp, tempDir } from './helpers.js';

it('seeds beneficiaries with valid cards, their contracts, medical items of every kind and devices, which the handlers serve', async () => {
  const path = join(tempDir(), 'scale.db');
  const counts = { beneficiaries: 2_500, devices: 3_001, medicalItems: 12_000 };
  expect(seedScale(path, { ...counts, perContract: 1_000 })).toEqual(counts);

  const db = new Database(path, { readonly: true });
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get();
    expect(count('SELECT count(*) FROM beneficiary')).toBe(2_500);
    expect(count('SELECT count(*) FROM contract')).toBe(3);
    expect(count('SELECT count(*) FROM contact')).toBe(2_500);
    expect(count('SELECT count(*) FROM address')).toBe(2_500);
    expect(count('SELECT count(*) FROM medical_item')).toBe(12_000);
    expect(count('SELECT count(DISTINCT kind) FROM medical_item')).toBe(6);
    expect(count('SELECT count(*) FROM device WHERE active = 1 AND beneficiary_id IS NOT NULL')).toBe(3_001);
    expect(count('SELECT count(DISTINCT card) FROM beneficiary')).toBe(2_500);
    const rows = db.prepare('SELECT card, contract_id, cpf FROM beneficiary WHERE id % 97 = 1').all() as Array<{
      card: string;
      contract_id: number;
      cpf: string;
    }>;
    for (const r of rows) {
      expect(cardValid(r.card), r.card).toBe(true);
      expect(cardParts(r.card).cart_contrato).toBe(r.contract_id);
      expect(cpfValid(r.cpf)).toBe(true);
    }
  } finally {
    db.close();
  }
  expect(() => seedScale(path, counts)).toThrow(/already holds data/);

  const { store } = await openTemp({ path, demo: true });
  const [card] = (await store.describeDemo()).cards;
  expect((await call(store, 'registration.show', { usuario_cartao: card })).outcome).toBe('found');
  expect((await call(store, 'record.allergies', { usuario_cartao: card })).outcome).toBe('found');
  expect((await call(store, 'record.certificates', { usuario_cartao: card })).outcome).toBe('found');
  const all = await call(store, 'notify.send-all', { conteudo: 'x', tipo_notificacao: 1, usuario_envio: 1 });
  expect(all.records[0]!['recipients']).toBe(3_001);
  const lives = await call(store, 'enrol.contract.search', { contrato_id: 3 });
  expect(lives.records[0]!['cv_qtd_vida']).toBe(500);
});
