/** A store keeps what it stored across close and reopen (on either backend: backend.ts). */
import { describe, expect, it } from 'vitest';
import { openBackend } from '../../src/server/wire.js';
import { checksum, newLocation } from './backend.js';
import { call, EXAMPLE_CARD, now, openTemp } from './helpers.js';

describe('the database', () => {
  it('keeps every change across close and reopen, without loading the demo again', async () => {
    const path = await newLocation();
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
    const sum = await checksum(path);

    const second = await openBackend({ path, demo: true, now });
    try {
      expect(second.created).toBe(false);
      expect(await checksum(path)).toBe(sum);
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

  it('opens an empty database without demo data when not asked for it', async () => {
    const { store } = await openTemp({ demo: false });
    expect((await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD })).outcome).toBe('no-result');
    expect(await store.describeDemo()).toEqual({ cards: [], providers: [] });
  });
});
