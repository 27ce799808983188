/**
 * The fixed part of the demo dataset: the catalogue's examples it holds, its
 * contracts, provider locations, providers and their weekly agendas
 * (docs/decisions.md, "Demo data").
 */
import { operation } from '../../../../catalogue/index.js';
import type { Agenda } from '../agenda.js';

/** The cooperative of the demo cards. */
export const COOP = 1;

/** The catalogue's example card, provider and location: they exist in the demo with rich data and free slots. */
export const demoExamples = {
  card: operation('registration.show').params['usuario_cartao']!.example,
  provider: operation('schedule.locations').params['prest_cod_svc_card']!.example,
  location: operation('schedule.dates').params['cd_local']!.example,
};

export interface ContractPlan {
  readonly id: number;
  readonly status: 'proposta' | 'ativo' | 'suspenso' | 'cancelado';
  /** grupo_usuario of its beneficiaries. */
  readonly group: number;
  readonly families: number;
  readonly created: string;
  readonly start?: string;
  readonly registro_ans: string;
  readonly empresa_id?: number;
  readonly origem: string;
}

export const CONTRACTS: readonly ContractPlan[] = [
  {
    id: 1,
    status: 'ativo',
    group: 1,
    families: 8,
    created: '2019-03-11',
    start: '2019-04-01',
    registro_ans: '419761',
    origem: 'WB',
  },
  {
    id: 2,
    status: 'ativo',
    group: 2,
    families: 6,
    created: '2020-07-20',
    start: '2020-08-01',
    registro_ans: '419761',
    empresa_id: 4521,
    origem: 'CO',
  },
  {
    id: 3,
    status: 'ativo',
    group: 2,
    families: 5,
    created: '2021-02-02',
    start: '2021-03-01',
    registro_ans: '482139',
    empresa_id: 7788,
    origem: 'CO',
  },
  {
    id: 4,
    status: 'ativo',
    group: 3,
    families: 4,
    created: '2022-09-14',
    start: '2022-10-01',
    registro_ans: '482139',
    origem: 'AD',
  },
  {
    id: 5,
    status: 'suspenso',
    group: 1,
    families: 2,
    created: '2018-05-30',
    start: '2018-06-01',
    registro_ans: '419761',
    origem: 'WB',
  },
  { id: 6, status: 'proposta', group: 1, families: 0, created: '', registro_ans: '419761', origem: 'WB' },
  {
    id: 7,
    status: 'cancelado',
    group: 1,
    families: 1,
    created: '2017-01-09',
    start: '2017-02-01',
    registro_ans: '419761',
    origem: 'WB',
  },
];

export const LOCATIONS = [
  {
    cd_local: 101,
    nm_local: 'Clínica Coop Saúde — Unidade Paulista',
    endereco: 'Avenida Paulista, 1842, Bela Vista, São Paulo - SP',
  },
  {
    cd_local: 102,
    nm_local: 'Clínica Coop Saúde — Unidade Pinheiros',
    endereco: 'Rua dos Pinheiros, 870, Pinheiros, São Paulo - SP',
  },
  { cd_local: 201, nm_local: 'Centro Médico Coop Moema', endereco: 'Avenida Ibirapuera, 2120, Moema, São Paulo - SP' },
  {
    cd_local: 301,
    nm_local: 'Policlínica Coop Santana',
    endereco: 'Rua Voluntários da Pátria, 1500, Santana, São Paulo - SP',
  },
  {
    cd_local: 401,
    nm_local: 'Laboratório Coop Diagnósticos — Unidade Centro',
    endereco: 'Praça da Sé, 108, Sé, São Paulo - SP',
  },
];

export const PROVIDERS = [
  { prest_cod_svc_card: 9001, cd_coop_prest: COOP, nome: 'Clínica Coop Saúde — Clínica Geral', locations: [101, 102] },
  { prest_cod_svc_card: 9002, cd_coop_prest: COOP, nome: 'Dr. Ricardo Mendes Almeida — Cardiologia', locations: [201] },
  {
    prest_cod_svc_card: 9003,
    cd_coop_prest: COOP,
    nome: 'Dra. Juliana Castro Lima — Pediatria',
    locations: [101, 301],
  },
  { prest_cod_svc_card: 9004, cd_coop_prest: 2, nome: 'Laboratório Coop Diagnósticos', locations: [401] },
];

const WEEKDAYS = [1, 2, 3, 4, 5];
const DAYS_AHEAD = 30;
/** The demo agendas; tp_evento 1 first visit, 2 return visit, 3 exam collection. */
export const AGENDAS: ReadonlyArray<Agenda> = [
  [9001, 101, 1, WEEKDAYS, '08:00', '12:00', 30],
  [9001, 101, 2, WEEKDAYS, '14:00', '17:00', 30],
  [9001, 102, 1, [2, 4], '09:00', '12:00', 30],
  [9002, 201, 1, [1, 3, 5], '13:00', '18:00', 20],
  [9003, 101, 1, [6], '08:00', '12:00', 30],
  [9003, 301, 1, [1, 2, 3, 4], '08:00', '11:00', 30],
  [9004, 401, 3, [1, 2, 3, 4, 5, 6], '07:00', '10:00', 15],
].map(([p, l, tp, weekdays, from, to, minutes]) => ({
  prest_cod_svc_card: String(p),
  cd_local: String(l),
  tp_evento: String(tp),
  weekdays: weekdays as number[],
  from: String(from),
  to: String(to),
  minutes: Number(minutes),
  days: DAYS_AHEAD,
}));
