/** The demo walk's scheduling steps (spec §4.3): look up a slot, book it, see it taken, cancel it, see it free again. */
import { expect } from 'vitest';
import type { Row } from '../../../src/catalogue/index.js';
import { CARD, ok, type Step } from './step.js';

/** Provider 9001 (Clínica Geral) at location 102 (Unidade Pinheiros): Tuesdays and Thursdays, 09:00–12:00, 30 min. */
const slotAt = { prest_cod_svc_card: '9001', cd_local: '102' };
const freeStarts = (records: readonly Row[]): unknown[] => records.map((r) => r['hora_inicio']);

export const schedule: Step[] = [
  {
    op: 'schedule.locations',
    title: 'lists the locations of provider 9001',
    params: () => ({ prest_cod_svc_card: '9001' }),
    check: (records) =>
      expect(records.map((r) => [r['cd_local'], r['nm_local']])).toEqual([
        [101, 'Clínica Coop Saúde — Unidade Paulista'],
        [102, 'Clínica Coop Saúde — Unidade Pinheiros'],
      ]),
  },
  {
    op: 'schedule.dates',
    title: 'lists the free dates at Pinheiros: Tuesdays and Thursdays from tomorrow',
    params: () => slotAt,
    check: (records) =>
      expect(records.slice(0, 4).map((r) => r['data_consulta'])).toEqual([
        '2026-06-02',
        '2026-06-04',
        '2026-06-09',
        '2026-06-11',
      ]),
  },
  {
    op: 'schedule.times',
    title: 'lists the free times at Pinheiros on Thursday 4 June, 09:00 among them',
    params: () => ({ ...slotAt, data_consulta: '2026-06-04' }),
    check: (records) => {
      expect(records).toContainEqual({
        confirma_operacao: 2,
        mensagem_erro: '',
        tp_evento: 1,
        hora_inicio: '09:00',
        hora_fim: '09:30',
      });
      expect(freeStarts(records).every((t) => String(t) >= '09:00' && String(t) < '12:00')).toBe(true);
    },
  },
  {
    op: 'schedule.book',
    title: 'books Ana at Pinheiros on Thursday 4 June at 09:00',
    params: () => ({
      usuario_cartao: CARD,
      ...slotAt,
      tp_evento: '1',
      dt_hr_inicio: '2026-06-04 09:00',
      dt_hr_fim: '2026-06-04 09:30',
      ds_email: 'ana.souza@example.com',
      nr_ddd_celular: '11',
      nr_celular: '987654321',
      ds_endereco: 'Rua dos Pinheiros, 870, Pinheiros, São Paulo - SP',
    }),
    check: ([booked], state) => {
      expect(booked).toMatchObject({ confirma_operacao: 1, mensagem_erro: '', cd_evento: expect.any(Number) });
      state.cdEvento = String(booked!['cd_evento']);
    },
  },
  {
    op: 'schedule.times',
    title: 'no longer offers the booked 09:00 slot',
    params: () => ({ ...slotAt, data_consulta: '2026-06-04' }),
    check: (records) => expect(freeStarts(records)).not.toContain('09:00'),
  },
  {
    op: 'schedule.list',
    title: "lists Ana's appointments with provider 9001, the new one waiting",
    params: () => ({ usuario_cartao: CARD, prest_cod_svc_card: '9001', ind_apenas_concluidas: 'N' }),
    check: (records, state) => {
      expect(records).toContainEqual(
        expect.objectContaining({ data_consulta: '2026-02-01', hora_inicio: '09:00', status_agendamento: 'realizado' }),
      );
      expect(records).toContainEqual(
        expect.objectContaining({
          cd_evento: Number(state.cdEvento),
          data_consulta: '2026-06-04',
          hora_inicio: '09:00',
          status_agendamento: 'aguardando',
          data_cadastro: '2026-06-01',
        }),
      );
    },
  },
  {
    op: 'schedule.cancel',
    title: 'cancels the appointment just booked',
    params: (state) => ({ cd_evento: state.cdEvento! }),
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'schedule.times',
    title: 'offers the 09:00 slot again',
    params: () => ({ ...slotAt, data_consulta: '2026-06-04' }),
    check: (records) => expect(freeStarts(records)).toContain('09:00'),
  },
];
