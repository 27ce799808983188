import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/catalogue/index.js';
import { call, EXAMPLE_CARD, openTemp } from './helpers.js';

const PROVIDER = { prest_cod_svc_card: '9001', cd_local: '101' };
const contactFields = {
  ds_email: 'ana.souza@example.com',
  nr_ddd_celular: '11',
  nr_celular: '987654321',
  ds_endereco: 'Avenida Paulista, 1842',
};
const booking = (day: string, start: string, end: string, over: Record<string, unknown> = {}) => ({
  usuario_cartao: EXAMPLE_CARD,
  ...PROVIDER,
  tp_evento: '1',
  dt_hr_inicio: `${day} ${start}`,
  dt_hr_fim: `${day} ${end}`,
  ...contactFields,
  ...over,
});
/** A dataset with one slot: tomorrow (16/01/2026) 09:00–09:30 at provider 9001, location 101. */
function oneSlot(): unknown {
  const doc = JSON.parse(readFileSync('docs/fixtures.example.json', 'utf8')) as Row;
  return {
    ...doc,
    agendas: [],
    slots: [{ ...PROVIDER, tp_evento: 1, data_consulta: '2026-01-16', hora_inicio: '09:00', hora_fim: '09:30' }],
  };
}

async function times(store: Awaited<ReturnType<typeof openTemp>>['store'], day: string): Promise<string[]> {
  const a = await call(store, 'schedule.times', { ...PROVIDER, data_consulta: day });
  return a.outcome === 'found' ? a.records.map((r) => `${String(r['hora_inicio'])}/${String(r['tp_evento'])}`) : [];
}

describe('providers, locations, dates and times', () => {
  it('lists a provider’s locations, or 3 for an unknown provider', async () => {
    const { store } = await openTemp();
    const a = await call(store, 'schedule.locations', { prest_cod_svc_card: '9001' });
    expect(a.records.map((r) => r['cd_local'])).toEqual([101, 102]);
    expect((await call(store, 'schedule.locations', { prest_cod_svc_card: '123456789012345678' })).outcome).toBe(
      'no-result',
    );
  });

  it('offers future dates with a free slot, in order, on the agenda’s weekdays', async () => {
    const { store } = await openTemp();
    const a = await call(store, 'schedule.dates', PROVIDER);
    // The agenda of 9001 at 101: Monday to Friday, the 30 days after Thursday 15 January 2026.
    expect(a.records.map((r) => r['data_consulta'])).toEqual([
      '2026-01-16',
      ...['19', '20', '21', '22', '23', '26', '27', '28', '29', '30'].map((d) => `2026-01-${d}`),
      ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-02-${d}`),
    ]);
  });

  it('leaves out slots that have started and dates with no free slot', async () => {
    const { store } = await openTemp({ fixtures: oneSlot() });
    expect(await times(store, '2026-01-16')).toEqual(['09:00/1']);
    const started = () => new Date(2026, 0, 16, 9, 0);
    expect((await call(store, 'schedule.times', { ...PROVIDER, data_consulta: '2026-01-16' }, started)).outcome).toBe(
      'no-result',
    );
    expect((await call(store, 'schedule.dates', PROVIDER, started)).outcome).toBe('no-result');
    const late = await call(store, 'schedule.book', booking('2026-01-16', '09:00', '09:30'), started);
    expect(late.outcome).toBe('failed');

    expect((await call(store, 'schedule.book', booking('2026-01-16', '09:00', '09:30'))).outcome).toBe('ok');
    expect((await call(store, 'schedule.dates', PROVIDER)).outcome).toBe('no-result');
  });

  it('leaves out the slots that the demo’s future appointments hold', async () => {
    const { store } = await openTemp();
    const list = await call(store, 'schedule.list', {
      usuario_cartao: EXAMPLE_CARD,
      prest_cod_svc_card: '9001',
      ind_apenas_concluidas: 'N',
    });
    const future = list.records.find((r) => r['status_agendamento'] === 'aguardando')!;
    expect(future).toBeDefined();
    const free = await times(store, String(future['data_consulta']));
    expect(free).not.toContain(`${String(future['hora_inicio'])}/1`);
    expect(free).toContain('09:30/1');
  });
});

describe('booking and cancelling', () => {
  it('books a listed free slot, which then disappears; cancelling frees it', async () => {
    const { store } = await openTemp();
    const day = '2026-01-19';
    expect(await times(store, day)).toContain('08:30/1');
    const booked = await call(store, 'schedule.book', booking(day, '08:30', '09:00'));
    expect(booked.outcome).toBe('ok');
    const cd = booked.records[0]!['cd_evento'];
    expect(typeof cd).toBe('number');
    expect(await times(store, day)).not.toContain('08:30/1');

    const mine = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
    expect(mine.records.find((r) => r['cd_evento'] === cd)).toMatchObject({
      prest_cod_svc_card: 9001,
      cd_coop_prest: 1,
      data_consulta: day,
      hora_inicio: '08:30',
      hora_fim: '09:00',
      status_agendamento: 'aguardando',
      data_cadastro: '2026-01-15',
    });

    const again = await call(store, 'schedule.book', booking(day, '08:30', '09:00'));
    expect(again.outcome).toBe('failed');
    expect(again.message).toMatch(/taken/);

    expect((await call(store, 'schedule.cancel', { cd_evento: String(cd) })).outcome).toBe('ok');
    expect(await times(store, day)).toContain('08:30/1');
    const after = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
    expect(after.records.find((r) => r['cd_evento'] === cd)!['status_agendamento']).toBe('cancelado');
    expect((await call(store, 'schedule.book', booking(day, '08:30', '09:00'))).outcome).toBe('ok');
  });

  it.each([
    ['a time that is not a slot', booking('2026-01-19', '08:15', '08:45')],
    ['another event type', booking('2026-01-19', '08:30', '09:00', { tp_evento: '2' })],
    ['another location', booking('2026-01-19', '08:30', '09:00', { cd_local: '201' })],
    ['a past slot', booking('2026-01-12', '08:30', '09:00')],
    ['an unknown card', booking('2026-01-19', '08:30', '09:00', { usuario_cartao: '00010001999999001' })],
  ])('refuses %s with 4', async (_what, params) => {
    const { store } = await openTemp();
    const a = await call(store, 'schedule.book', params);
    expect(a.outcome).toBe('failed');
    expect(a.message.length).toBeGreaterThan(0);
  });

  it('of 50 concurrent bookings of one slot, exactly one wins', async () => {
    const { store } = await openTemp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(store, 'schedule.book', booking('2026-01-20', '11:00', '11:30'))),
    );
    const codes = answers.map((a) => a.records[0]!['confirma_operacao']);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    expect(codes.filter((c) => c === 4)).toHaveLength(49);
    const list = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
    expect(
      list.records.filter((r) => r['data_consulta'] === '2026-01-20' && r['hora_inicio'] === '11:00'),
    ).toHaveLength(1);
  });

  it('refuses to cancel an unknown, cancelled or completed appointment', async () => {
    const { store } = await openTemp();
    expect((await call(store, 'schedule.cancel', { cd_evento: '999999999999999999' })).outcome).toBe('failed');
    const list = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
    for (const status of ['cancelado', 'realizado']) {
      const cd = list.records.find((r) => r['status_agendamento'] === status)!['cd_evento'];
      const a = await call(store, 'schedule.cancel', { cd_evento: String(cd) });
      expect(a.outcome, status).toBe('failed');
      expect(a.message).toMatch(new RegExp(status));
    }
  });
});

describe('buscaagendamentos', () => {
  it('filters by provider and by completed (realizado) appointments', async () => {
    const { store } = await openTemp();
    const all = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'N' });
    expect(new Set(all.records.map((r) => r['status_agendamento']))).toEqual(
      new Set(['realizado', 'cancelado', 'aguardando']),
    );
    const done = await call(store, 'schedule.list', { usuario_cartao: EXAMPLE_CARD, ind_apenas_concluidas: 'S' });
    expect(done.records.length).toBeGreaterThan(0);
    expect(done.records.every((r) => r['status_agendamento'] === 'realizado')).toBe(true);
    const cardio = await call(store, 'schedule.list', {
      usuario_cartao: EXAMPLE_CARD,
      prest_cod_svc_card: '9002',
      ind_apenas_concluidas: 'N',
    });
    expect(cardio.records.length).toBeGreaterThan(0);
    expect(cardio.records.every((r) => r['prest_cod_svc_card'] === 9002)).toBe(true);
    const dates = all.records.map((r) => `${String(r['data_consulta'])} ${String(r['hora_inicio'])}`);
    expect(dates).toEqual([...dates].sort());
  });

  it('answers 3 for an unknown card and for a card with no appointments of the filter', async () => {
    const { store } = await openTemp();
    expect(
      (await call(store, 'schedule.list', { usuario_cartao: '00010001999999001', ind_apenas_concluidas: 'N' })).outcome,
    ).toBe('no-result');
    const none = await call(store, 'schedule.list', {
      usuario_cartao: EXAMPLE_CARD,
      prest_cod_svc_card: '9003',
      ind_apenas_concluidas: 'S',
    });
    expect(none.outcome).toBe('no-result');
  });
});

it('keeps 18-digit scheduling codes exact', async () => {
  const big = '900000000000000001';
  const doc = oneSlot() as Row;
  const { store } = await openTemp({
    fixtures: {
      ...doc,
      providers: [{ prest_cod_svc_card: big, cd_coop_prest: 1, nome: 'Big code', locations: [101] }],
      slots: [
        {
          prest_cod_svc_card: big,
          cd_local: 101,
          tp_evento: big,
          data_consulta: '2026-01-16',
          hora_inicio: '09:00',
          hora_fim: '09:30',
        },
      ],
      appointments: [],
    },
  });
  const t = await call(store, 'schedule.times', {
    prest_cod_svc_card: big,
    cd_local: '101',
    data_consulta: '2026-01-16',
  });
  // Answered as the exact integer (a bigint, written as the same number literal on the wire).
  expect(t.records[0]!['tp_evento']).toBe(BigInt(big));
  const b = await call(
    store,
    'schedule.book',
    booking('2026-01-16', '09:00', '09:30', { prest_cod_svc_card: big, tp_evento: big }),
  );
  expect(b.outcome).toBe('ok');
  const list = await call(store, 'schedule.list', {
    usuario_cartao: EXAMPLE_CARD,
    prest_cod_svc_card: big,
    ind_apenas_concluidas: 'N',
  });
  expect(list.records.map((r) => r['prest_cod_svc_card'])).toEqual([BigInt(big)]);
});
