/**
 * Pseudonyms for `serve --proxy-to URL --record FILE`: each real value of a
 * kind (a name, a CPF, a card's family, a phone, an e-mail, an address part)
 * is replaced by a generated one of the same form (a CPF with valid check
 * digits, a card with its check digit, a phone of the same area code and
 * length). The same real value always gets the same pseudonym within a run,
 * so relations hold (a holder's name is her dependent's `nome_mae`); two real
 * values never share one. The mapping lives in memory only, keyed by an HMAC
 * of the value under a random key drawn at start: the real values are not
 * kept, and nothing of the mapping is written (docs/decisions.md).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cpfCheckDigits } from '../../catalogue/rules.js';

/** Vocabularies of their own: no pseudonym is one of the demo dataset's names or streets. */
// biome-ignore format: a table
const FIRST = [
  'Aurora', 'Bento', 'Clarice', 'Dalva', 'Elias', 'Flora', 'Gael', 'Iris',
  'Jonas', 'Luna', 'Noé', 'Olga', 'Pietro', 'Rosa', 'Téo', 'Yara',
];
// biome-ignore format: a table
const LAST = [
  'Azevedo', 'Bezerra', 'Campos', 'Duarte', 'Esteves', 'Fontes', 'Guerra', 'Macedo',
  'Nogueira', 'Prado', 'Queiroz', 'Siqueira', 'Tavares', 'Vasconcelos', 'Xavier', 'Zanetti',
];
const STREET = ['Rua', 'Avenida', 'Travessa', 'Alameda'];

/** How many tries a kind gets to find a pseudonym no other value holds. */
const TRIES = 1000;

const digitsOf = (b: Buffer, n: number, from = 0): string =>
  Array.from({ length: n }, (_, i) => String(b[(from + i) % b.length]! % 10)).join('');

/** A generator: the pseudonym of a value of this kind, drawn from 32 pseudo-random bytes. */
type Make = (b: Buffer, real: string) => string;

export const make = {
  name: (b) => `${FIRST[b[0]! % 16]} ${LAST[b[1]! % 16]} ${LAST[b[2]! % 16]}`,
  cpf: (b) => {
    let nine = digitsOf(b, 9);
    if (/^(\d)\1{8}$/.test(nine)) nine = `${(Number(nine[0]) + 1) % 10}${nine.slice(1)}`;
    return nine + cpfCheckDigits(nine);
  },
  /** The six digits of a card's family (`cart_cod_bnf`). */
  family: (b) => digitsOf(b, 6),
  /** `(11)987654321` → `(11)9` and eight digits; a landline keeps its eight digits' form. */
  phone: (b, real) => {
    const m = /^\((\d{2})\)(\d{8,9})$/.exec(real);
    const area = m?.[1] ?? '11';
    const mobile = (m?.[2] ?? '').length === 9;
    return mobile ? `(${area})9${digitsOf(b, 8)}` : `(${area})${2 + (b[0]! % 4)}${digitsOf(b, 7, 1)}`;
  },
  email: (b) => `${b.subarray(0, 5).toString('hex')}@example.com`,
  street: (b) => `${STREET[b[0]! % 4]} ${FIRST[b[1]! % 16]} ${LAST[b[2]! % 16]}`,
  number: (b) => String(1 + (b.readUInt16BE(0) % 9999)),
  complement: (b) => `sala ${1 + (b[0]! % 250)}`,
  landmark: (b) => `perto da praça ${LAST[b[0]! % 16]}`,
  box: (b) => digitsOf(b, 5),
  cep: (b) => `${1 + (b[0]! % 9)}${digitsOf(b, 7, 1)}`,
  /** A date of birth in the same year (DD/MM/YYYY). */
  birth: (b, real) => {
    const year = /\/(\d{4})$/.exec(real)?.[1] ?? '1980';
    return `${String(1 + (b[0]! % 28)).padStart(2, '0')}/${String(1 + (b[1]! % 12)).padStart(2, '0')}/${year}`;
  },
} satisfies Record<string, Make>;

export type Kind = keyof typeof make;

export interface Pseudonyms {
  /** The pseudonym of `real` ('' stays ''). */
  of(kind: Kind, real: string, scope?: string): string;
}

/** A fresh mapping with its own random key. */
export function pseudonyms(): Pseudonyms {
  const key = randomBytes(32);
  /** HMAC of (kind, scope, value) → pseudonym. */
  const given = new Map<string, string>();
  /** (kind, scope, pseudonym) already given. */
  const taken = new Set<string>();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  return {
    of(kind, real, scope = '') {
      if (real === '') return '';
      const id = mac(`${kind}\0${scope}\0${real}`).toString('base64');
      const known = given.get(id);
      if (known !== undefined) return known;
      for (let n = 0; n < TRIES; n++) {
        const v = make[kind](mac(`${n}\0${kind}\0${scope}\0${real}`), real);
        const slot = `${kind}\0${scope}\0${v}`;
        if (v === real || taken.has(slot)) continue;
        taken.add(slot);
        given.set(id, v);
        return v;
      }
      throw new Error(`no free ${kind} pseudonym left`);
    },
  };
}
