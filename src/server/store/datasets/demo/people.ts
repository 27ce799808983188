/**
 * The people of the demo dataset: families of a holder and up to three
 * dependents on each contract, with names, CPFs, cards, addresses and
 * contacts. Every random choice comes from the one generator given, in a
 * fixed order, so the same seed gives the same people.
 */
import type { Row } from '../../../../catalogue/index.js';
import { isoOf, toBR } from '../../../../catalogue/dates.js';
import { makeCard } from '../../card.js';
import { cpfFrom } from '../cpf.js';
import * as w from '../demo-words.js';
import { randomDigits, type Random } from '../prng.js';
import { COOP, CONTRACTS, type ContractPlan } from './plan.js';

/** One person of a family, before it becomes a fixtures beneficiary. */
export interface Person {
  id: number;
  card: string;
  contract: ContractPlan;
  nome: string;
  female: boolean;
  born: string;
  mother: string;
  cpf: string;
  /** tipo_beneficiario: 1 holder, 2 dependent, 3 aggregate. */
  tipo: number;
  child: boolean;
}

type Place = (typeof w.places)[number];

export interface Family {
  readonly members: Person[];
  readonly place: Place;
}

/** What a new person is, before the random parts of a name and a CPF. */
interface Who {
  readonly contract: ContractPlan;
  readonly family: number;
  readonly dependent: number;
  readonly last: string;
  readonly female: boolean;
  readonly born: string;
  readonly tipo: number;
  readonly child: boolean;
}

const plain = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A function that makes the next person (ids 1, 2, …). */
function people(r: Random): (who: Who) => Person {
  let nextId = 1;
  return ({ contract, family, dependent, last, female, born, tipo, child }) => {
    const names = female ? w.femaleNames : w.maleNames;
    const first = r.pick(names);
    const middle = r.chance(0.4) ? ` ${r.pick(names.filter((n) => n !== first))}` : '';
    const mother = `${r.pick(w.femaleNames)} ${r.pick(w.surnames.filter((s) => s !== last))} ${last}`;
    const parts = { cart_coop: COOP, cart_contrato: contract.id, cart_cod_bnf: family, cart_cod_dependente: dependent };
    return {
      id: nextId++,
      card: makeCard(parts),
      contract,
      nome: `${first}${middle} ${r.pick(w.surnames.filter((s) => s !== last))} ${last}`,
      female,
      born,
      mother,
      cpf: cpfFrom(randomDigits(r, 9)),
      tipo,
      child,
    };
  };
}

/** A date of birth DD/MM/YYYY between two years. */
const birth = (r: Random, fromYear: number, toYear: number): string =>
  toBR(isoOf({ y: r.int(fromYear, toYear), m: r.int(1, 12), d: r.int(1, 28) }));

/** The members of family number `family` of a contract: the holder, then the spouse, children or an aggregate. */
function members(r: Random, person: (who: Who) => Person, contract: ContractPlan, family: number): Person[] {
  const last = r.pick(w.surnames);
  const holderFemale = r.chance(0.55);
  const born = birth(r, 1952, 1996);
  const base = { contract, family, last };
  const out = [person({ ...base, dependent: 0, female: holderFemale, born, tipo: 1, child: false })];
  const size = family === 1 ? 3 : r.int(0, 3);
  for (let d = 1; d <= size; d++) {
    const spouse = d === 1 && r.chance(0.6);
    const aggregate = !spouse && r.chance(0.15);
    const female = spouse ? !holderFemale : r.chance(0.5);
    const born = spouse || aggregate ? birth(r, 1950, 1996) : birth(r, 2006, 2023);
    out.push(person({ ...base, dependent: d, female, born, tipo: aggregate ? 3 : 2, child: !spouse && !aggregate }));
  }
  return out;
}

/** The families of every contract; the first holder is the catalogue's example card, a fixed, well-known person. */
export function drawFamilies(r: Random): Family[] {
  const person = people(r);
  const families: Family[] = [];
  for (const contract of CONTRACTS) {
    for (let f = 0; f < contract.families; f++) {
      const n = families.length + 1;
      families.push({ members: members(r, person, contract, n), place: n === 1 ? w.places[0]! : r.pick(w.places) });
    }
  }
  Object.assign(families[0]!.members[0]!, {
    nome: 'Ana Beatriz Souza',
    female: true,
    born: '15/03/1985',
    mother: 'Maria Souza',
    cpf: '52998224725',
  });
  return families;
}

/** The home address a family shares (the example family's is fixed). */
function homeOf(r: Random, first: boolean, [cep, logradouro, bairro, cidade, estado]: Place): Row {
  return {
    codigo: 1,
    tipo: 'RESIDENCIAL',
    cep,
    logradouro,
    numero: first ? '1578' : String(r.int(10, 4999)),
    complemento: first ? 'apto 12' : r.pick(w.complements),
    estado,
    cidade,
    bairro,
    ponto_referencia: r.pick(w.landmarks),
    caixa_postal: '',
    ind_correspondencia: 'S',
    ind_fatura: 'S',
  };
}

/** A work address at one of the first places of the CEP table. */
function workAt(r: Random, [cep, logradouro, bairro, cidade, estado]: Place): Row {
  return {
    codigo: 2,
    tipo: 'COMERCIAL',
    cep,
    logradouro,
    numero: String(r.int(10, 3999)),
    complemento: r.pick(['sala 1203', 'conj. 41', 'andar 7', '']),
    estado,
    cidade,
    bairro,
    ponto_referencia: '',
    caixa_postal: r.chance(0.3) ? String(r.int(1000, 99999)) : '',
    ind_correspondencia: 'N',
    ind_fatura: 'N',
  };
}

/**
 * A contact: young children have no mobile phone or e-mail. Every value is
 * drawn whether it is used or not, so that the draws that follow do not
 * depend on "today".
 */
function contactOf(r: Random, ddd: string, name: string, holder: boolean, young: boolean): Row {
  const telefone = `(${ddd})3${randomDigits(r, 7)}`;
  const celular = `(${ddd})9${randomDigits(r, 8)}`;
  const fax = `(${ddd})3${randomDigits(r, 7)}`;
  const email = `${name}${r.int(1, 99)}@example.com`;
  return {
    telefone,
    celular: young ? '' : celular,
    fax: holder && r.chance(0.15) ? fax : '',
    email: young ? '' : email,
    codigo: 1,
  };
}

/** A person's fixtures beneficiary, with its addresses and medical items. */
function beneficiaryOf(r: Random, p: Person, endereco: Row[], ddd: string, today: string, medical: Row): Row {
  const [firstName, ...others] = plain(p.nome).split(' ');
  const young = p.child && Number(p.born.slice(6)) > Number(today.slice(0, 4)) - 14;
  // The first three people are the documented cards: the example, the locked spouse, the pending child.
  const special = p.id <= 3;
  return {
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
    contato: contactOf(r, ddd, `${firstName}.${others.at(-1)}`, p.tipo === 1, young),
    endereco,
    medical,
  };
}

/** The fixtures beneficiaries of the families, with the medical items `medical` makes for each person. */
export function beneficiaryRows(r: Random, families: readonly Family[], today: string, medical: (p: Person) => Row) {
  const out: Row[] = [];
  for (const [fi, { members, place }] of families.entries()) {
    const home = homeOf(r, fi === 0, place);
    for (const p of members) {
      const holder = p.tipo === 1;
      const work = fi === 0 || (holder && r.chance(0.35)) ? r.pick(w.places.slice(0, 8)) : undefined;
      const endereco: Row[] = [{ ...home, ind_fatura: holder ? 'S' : 'N' }];
      if (work) endereco.push(workAt(r, work));
      out.push(beneficiaryOf(r, p, endereco, place[5], today, medical(p)));
    }
  }
  return out;
}
