/**
 * The demo dataset: deterministic (a seeded generator and fixed names), with
 * every date counted from "today", so that the same `now` always gives the
 * same data. It is built as a fixtures document and goes through the same
 * schema as `--fixtures` (docs/fixtures.md); docs/decisions.md lists what a
 * newcomer can try with it.
 */
import { operation, type Row } from '../../catalogue/index.js';
import { expandAgenda, type Agenda } from './agenda.js';
import { makeCard } from './card.js';
import { cpfFrom } from './cpf.js';
import { addDays, isoDate, toBR } from './dates.js';
import * as w from './demo-words.js';
import { parseFixtures, type Dataset } from './fixtures.js';
import { seeded, type Random } from './prng.js';
import type { SlotKey } from './repository.js';

const SEED = 20_250_601;
const COOP = 1;

/** The catalogue's example card, provider and location: they exist in the demo with rich data and free slots. */
export const demoExamples = {
  card: operation('registration.show').params['usuario_cartao']!.example,
  provider: operation('schedule.locations').params['prest_cod_svc_card']!.example,
  location: operation('schedule.dates').params['cd_local']!.example,
};

interface ContractPlan {
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

const CONTRACTS: readonly ContractPlan[] = [
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

const LOCATIONS = [
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

const PROVIDERS = [
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
const AGENDAS: ReadonlyArray<Agenda> = [
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

const plain = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const digits = (r: Random, n: number): string => Array.from({ length: n }, () => String(r.int(0, 9))).join('');
const hex = (r: Random, n: number): string => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
const uuid = (r: Random): string =>
  `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-${r.pick(['8', '9', 'a', 'b'])}${hex(r, 3)}-${hex(r, 12)}`;
const at = (day: string, r: Random): string =>
  `${day} ${String(r.int(7, 18)).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}`;

/** One person of a family, before it becomes a fixtures beneficiary. */
interface Person {
  id: number;
  card: string;
  contract: ContractPlan;
  nome: string;
  female: boolean;
  born: string;
  mother: string;
  cpf: string;
  tipo: number;
  child: boolean;
}

/** Builds the document; every random choice comes from one generator, in a fixed order. */
export function demoDocument(now: Date): Row {
  const r = seeded(SEED);
  const today = isoDate(now);
  const past = (from: number, to: number): string => addDays(today, -r.int(from, to));
  let nextId = 1;
  let family = 0;
  let url = 1000;

  const person = (
    contract: ContractPlan,
    fam: number,
    dep: number,
    last: string,
    female: boolean,
    born: string,
    tipo: number,
    child: boolean,
  ): Person => {
    const first = r.pick(female ? w.femaleNames : w.maleNames);
    const middle = r.chance(0.4) ? ` ${r.pick((female ? w.femaleNames : w.maleNames).filter((n) => n !== first))}` : '';
    const mother = `${r.pick(w.femaleNames)} ${r.pick(w.surnames.filter((s) => s !== last))} ${last}`;
    const card = makeCard({ cart_coop: COOP, cart_contrato: contract.id, cart_cod_bnf: fam, cart_cod_dependente: dep });
    return {
      id: nextId++,
      card,
      contract,
      nome: `${first}${middle} ${r.pick(w.surnames.filter((s) => s !== last))} ${last}`,
      female,
      born,
      mother,
      cpf: cpfFrom(digits(r, 9)),
      tipo,
      child,
    };
  };
  const birth = (fromYear: number, toYear: number): string =>
    toBR(
      `${r.int(fromYear, toYear)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
    );

  // Families: a holder and up to three dependents, sharing an address.
  const families: Array<{ members: Person[]; place: (typeof w.places)[number] }> = [];
  for (const contract of CONTRACTS) {
    for (let f = 0; f < contract.families; f++) {
      family += 1;
      const last = r.pick(w.surnames);
      const holderFemale = r.chance(0.55);
      const holder = person(contract, family, 0, last, holderFemale, birth(1952, 1996), 1, false);
      const members = [holder];
      const size = family === 1 ? 3 : r.int(0, 3);
      for (let d = 1; d <= size; d++) {
        const spouse = d === 1 && r.chance(0.6);
        const aggregate = !spouse && r.chance(0.15);
        const female = spouse ? !holderFemale : r.chance(0.5);
        members.push(
          person(
            contract,
            family,
            d,
            last,
            female,
            spouse || aggregate ? birth(1950, 1996) : birth(2006, 2023),
            aggregate ? 3 : 2,
            !spouse && !aggregate,
          ),
        );
      }
      families.push({ members, place: family === 1 ? w.places[0]! : r.pick(w.places) });
    }
  }
  // The catalogue's example card is the first holder: a fixed, well-known person.
  const first = families[0]!.members[0]!;
  Object.assign(first, {
    nome: 'Ana Beatriz Souza',
    female: true,
    born: '15/03/1985',
    mother: 'Maria Souza',
    cpf: '52998224725',
  });

  const beneficiaries: Row[] = [];
  for (const [fi, { members, place }] of families.entries()) {
    const [cep, logradouro, bairro, cidade, estado, ddd] = place;
    const home = {
      codigo: 1,
      tipo: 'RESIDENCIAL',
      cep,
      logradouro,
      numero: fi === 0 ? '1578' : String(r.int(10, 4999)),
      complemento: fi === 0 ? 'apto 12' : r.pick(w.complements),
      estado,
      cidade,
      bairro,
      ponto_referencia: r.pick(w.landmarks),
      caixa_postal: '',
      ind_correspondencia: 'S',
      ind_fatura: 'S',
    };
    for (const p of members) {
      const holder = p.tipo === 1;
      const work = fi === 0 || (holder && r.chance(0.35)) ? r.pick(w.places.slice(0, 8)) : undefined;
      const endereco: Row[] = [{ ...home, ind_fatura: holder ? 'S' : 'N' }];
      if (work) {
        endereco.push({
          codigo: 2,
          tipo: 'COMERCIAL',
          cep: work[0],
          logradouro: work[1],
          numero: String(r.int(10, 3999)),
          complemento: r.pick(['sala 1203', 'conj. 41', 'andar 7', '']),
          estado: work[4],
          cidade: work[3],
          bairro: work[2],
          ponto_referencia: '',
          caixa_postal: r.chance(0.3) ? String(r.int(1000, 99999)) : '',
          ind_correspondencia: 'N',
          ind_fatura: 'N',
        });
      }
      const [firstName, ...others] = plain(p.nome).split(' ');
      const young = p.child && Number(p.born.slice(6)) > Number(today.slice(0, 4)) - 14;
      const special = p.id <= 3;
      beneficiaries.push({
        beneficiario_id: p.id,
        contrato_id: p.contract.id,
        usuario_cartao: p.card,
        status: p.contract.status === 'cancelado' ? 'cancelado' : 'ativo',
        situacao: p.id === 3 || (!special && r.chance(0.1)) ? 'A' : 'E',
        lote: 4000 + p.id,
        movimento: 61000 + p.id * 7,
        codigo_usuario_portal: 70000 + p.id,
        nome: p.nome,
        data_nasc: p.born,
        nome_mae: p.mother,
        cpf: p.cpf,
        permite_atualizar: p.id === 2 || (!special && r.chance(0.12)) ? 'N' : 'S',
        grupo_usuario: p.contract.group,
        tipo_beneficiario: p.tipo,
        contato: contactOf(r, ddd, `${firstName}.${others.at(-1)}`, holder, young),
        endereco,
        medical: medicalFor(p, r, past, () => url++),
      });
    }
  }

  const slots = AGENDAS.flatMap((a) => expandAgenda(a, today));
  const appointments = appointmentsFor(
    families.flatMap((f) => f.members),
    slots,
    r,
    today,
  );
  const devices = devicesFor(
    families.flatMap((f) => f.members),
    r,
  );

  return {
    ceps: w.places.map(([cep, logradouro, bairro, cidade, estado]) => ({ cep, logradouro, bairro, cidade, estado })),
    contracts: CONTRACTS.map((c) => ({
      contrato_id: c.id,
      registro_ans: c.registro_ans,
      coop_id: COOP,
      ...(c.empresa_id ? { empresa_id: c.empresa_id } : {}),
      produto_tabela_id: 10 + c.group,
      origem: c.origem,
      status: c.status,
      created_on: c.created || addDays(today, -3),
      ...(c.start ? { start_on: c.start } : {}),
    })),
    beneficiaries,
    locations: LOCATIONS,
    providers: PROVIDERS,
    agendas: AGENDAS,
    appointments,
    devices,
  };
}

/**
 * A contact: young children have no mobile phone or e-mail. Every value is
 * drawn whether it is used or not, so that the draws that follow do not
 * depend on "today".
 */
function contactOf(r: Random, ddd: string, name: string, holder: boolean, young: boolean): Row {
  const telefone = `(${ddd})3${digits(r, 7)}`;
  const celular = `(${ddd})9${digits(r, 8)}`;
  const fax = `(${ddd})3${digits(r, 7)}`;
  const email = `${name}${r.int(1, 99)}@example.com`;
  return {
    telefone,
    celular: young ? '' : celular,
    fax: holder && r.chance(0.15) ? fax : '',
    email: young ? '' : email,
    codigo: 1,
  };
}

/** The date-time field that orders the items of each medical kind. */
const WHEN: Readonly<Record<string, string>> = {
  allergies: '',
  certificates: 'dt_hr_entrada',
  exams: 'data_exame',
  medications: 'dt_hr_inicio',
  plans: 'dt_hr_inicio',
  problems: 'dt_hr_inicio',
};

/** Medical items of one person, newest first: every kind for the example card, none for young children, some kinds for the others. */
function medicalFor(p: Person, r: Random, past: (from: number, to: number) => string, nextUrl: () => number): Row {
  const all = Object.keys(WHEN);
  const kinds =
    p.id === 1 ? all : p.id === 2 ? ['medications', 'problems'] : all.filter(() => !p.child && r.chance(0.55));
  const count = (): number => (p.id === 1 ? 3 : r.int(1, 3));
  const out: Row = {};
  for (const kind of kinds) {
    let items: Row[];
    if (kind === 'allergies') {
      items = r.sample(w.allergies, count()).map(([categoria, descricao, agente, reacoes_adversas]) => ({
        categoria,
        descricao,
        agente,
        reacoes_adversas,
        status: r.pick(w.allergyStatuses),
        observacoes: r.chance(0.5) ? 'Evitar exposição; portar identificação de alergia.' : '',
      }));
    } else if (kind === 'certificates') {
      items = Array.from({ length: count() }, () => {
        const day = past(10, 700);
        const hour = r.int(8, 16);
        return {
          dt_hr_entrada: `${day} ${String(hour).padStart(2, '0')}:10`,
          dt_hr_saida: `${day} ${String(hour + 1).padStart(2, '0')}:05`,
          prestador: r.pick(w.physicians),
          url_atestado: `https://prontuario.coop.example/atestados/${nextUrl()}.pdf`,
        };
      });
    } else if (kind === 'exams') {
      items = r.sample(w.exams, count()).map((procedimento) => ({
        data_exame: past(5, 900),
        local: r.pick(w.labs),
        procedimento,
        url_exame: `https://prontuario.coop.example/exames/${nextUrl()}.pdf`,
      }));
    } else if (kind === 'medications') {
      items = r.sample(w.medications, count()).map(([medicamento, unidade_medida, frequencia, via]) => {
        const continuous = r.chance(0.4);
        return {
          dt_hr_inicio: at(past(3, 800), r),
          medicamento,
          status: r.pick(w.medicationStatuses),
          dose: r.int(1, 2),
          unidade_medida,
          frequencia,
          via,
          duracao: continuous ? 12 : r.int(5, 30),
          unidade_duracao: continuous ? 'meses' : r.pick(w.durationUnits),
          uso_continuo: continuous ? 'S' : 'N',
          observacao: r.chance(0.4) ? 'Tomar após as refeições.' : '',
        };
      });
    } else if (kind === 'plans') {
      items = r
        .sample(w.plans, count())
        .map((descricao) => ({ dt_hr_inicio: at(past(3, 600), r), descricao, prestador: r.pick(w.physicians) }));
    } else {
      items = r.sample(w.problems, count()).map(([cid, descricao, cronicidade]) => ({
        dt_hr_inicio: at(past(30, 2000), r),
        gravidade: r.pick(w.severities),
        cid,
        descricao,
        termo_complementar: r.chance(0.5) ? 'Acompanhamento ambulatorial' : '',
        cronicidade,
        confirmado: r.chance(0.8) ? 'S' : 'N',
        prestador: r.pick(w.physicians),
      }));
    }
    const when = WHEN[kind]!;
    out[kind] = when ? items.sort((a, b) => String(b[when]).localeCompare(String(a[when]))) : items;
  }
  return out;
}

/** Past appointments (taken place, missed or cancelled) and a few future ones on real slots. */
function appointmentsFor(people: readonly Person[], slots: readonly SlotKey[], r: Random, today: string): Row[] {
  const out: Row[] = [];
  let cd = 880_001;
  const add = (p: Person, s: SlotKey, status: string, booked: string) => {
    out.push({ cd_evento: cd++, usuario_cartao: p.card, ...s, status_agendamento: status, data_cadastro: booked });
  };
  /** A past appointment of `p` at a place of the agendas, at one of the hours. */
  const history = (
    p: Person,
    status: string,
    a: Agenda,
    daysAgo: number,
    [hora_inicio, hora_fim]: readonly [string, string],
  ) => {
    const data_consulta = addDays(today, -daysAgo);
    add(
      p,
      {
        prest_cod_svc_card: a.prest_cod_svc_card,
        cd_local: a.cd_local,
        tp_evento: a.tp_evento,
        data_consulta,
        hora_inicio,
        hora_fim,
      },
      status,
      addDays(data_consulta, -r.int(2, 25)),
    );
  };
  const hours = [
    ['08:00', '08:30'],
    ['09:00', '09:30'],
    ['10:00', '10:30'],
    ['11:00', '11:30'],
    ['14:00', '14:30'],
    ['15:00', '15:30'],
  ] as const;
  const example = people[0]!;
  history(example, 'realizado', AGENDAS[0]!, 120, hours[1]);
  history(example, 'realizado', AGENDAS[3]!, 45, hours[4]);
  history(example, 'cancelado', AGENDAS[2]!, 20, hours[2]);
  for (const p of people.slice(1)) {
    if (!r.chance(0.45)) continue;
    for (let k = r.int(1, 3); k > 0; k--) {
      const status = r.chance(0.7) ? 'realizado' : r.chance(0.5) ? 'faltou' : 'cancelado';
      history(p, status, r.pick(AGENDAS), r.int(3, 400), r.pick(hours));
    }
  }
  // Future appointments take real slots, so those slots are not offered.
  const taken = new Set<number>();
  /** Books slot `index`, or the next one not taken yet. */
  const book = (p: Person, index: number, status: string) => {
    let i = index;
    while (taken.has(i)) i = (i + 1) % slots.length;
    taken.add(i);
    add(p, slots[i]!, status, today);
  };
  const exampleSlot = slots.findIndex(
    (s) =>
      s.prest_cod_svc_card === demoExamples.provider &&
      s.cd_local === demoExamples.location &&
      s.data_consulta >= addDays(today, 3) &&
      s.hora_inicio === '10:00',
  );
  if (exampleSlot >= 0) book(example, exampleSlot, 'aguardando');
  for (const p of people.filter((q) => q.contract.status === 'ativo' && r.chance(0.15)))
    book(p, r.int(0, slots.length - 1), r.chance(0.5) ? 'aguardando' : 'confirmado');
  return out;
}

/** Devices: two for the example card, one for some other holders, one not tied to a card, one inactive. */
function devicesFor(people: readonly Person[], r: Random): Row[] {
  const device = (tipo: number, card: string | undefined, active = true): Row => ({
    pushid: uuid(r),
    dispositivo_token: tipo === 2 ? `apns-${hex(r, 64)}` : `fcm-${hex(r, 22)}:APA91b${hex(r, 40)}`,
    dispositivo_tipo: tipo,
    ...(card ? { usuario_cartao: card } : {}),
    active,
  });
  const example = people[0]!;
  const others = people.filter((p) => p.id > 1 && !p.child && p.contract.status !== 'cancelado' && r.chance(0.3));
  return [
    device(1, example.card),
    device(2, example.card),
    ...others.map((p) => device(r.chance(0.6) ? 1 : 2, p.card)),
    device(3, undefined),
    device(1, people[people.length - 1]!.card, false),
  ];
}

/** The demo dataset for "today" = the local date of `now`. */
export function demoDataset(now: Date): Dataset {
  return parseFixtures(demoDocument(now));
}
