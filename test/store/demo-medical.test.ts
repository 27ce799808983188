/**
 * The demo's medical items are made from the catalogue's response fields, so
 * a kind the catalogue does not have yet gets items too: here a made-up
 * `vaccines` read, whose fields no vocabulary names but `prestador`.
 */
import { describe, expect, it } from 'vitest';
import { req, said, type Fields, type Row } from '../../src/catalogue/index.js';
import * as r from '../../src/catalogue/rules.js';
import { kindItems, medicalItems } from '../../src/server/store/datasets/demo/medical.js';
import type { Person } from '../../src/server/store/datasets/demo/people.js';
import { CONTRACTS } from '../../src/server/store/datasets/demo/plan.js';
import { medicalKinds } from '../../src/server/store/medical.js';
import { MEDICAL_KINDS } from '../helpers/medical-kinds.js';

const TODAY = '2026-01-15';
const SEED = 7;

const vaccines: Fields = {
  dt_hr_aplicacao: req(r.dateTime, said('vaccination', 'vacinação')),
  dt_hr_observacao: req(r.dateTime, said('end of the observation after it', 'fim da observação depois dela')),
  vacina: req(r.text(120), said('vaccine name', 'nome da vacina')),
  dose: req(r.int(1, 2), said('dose number', 'número da dose')),
  reforco: req(r.flagSN, said('whether it is a booster', 'se é um reforço')),
  prestador: req(r.text(120), said('provider', 'prestador')),
  url_comprovante: req(r.text(4000), said('URL of the certificate', 'URL do comprovante')),
};

const person = (id: number, child = false): Person => ({
  id,
  card: '00010001000001005',
  contract: CONTRACTS[0]!,
  nome: 'Teste',
  female: true,
  born: '01/01/1980',
  mother: 'Mãe',
  cpf: '52998224725',
  tipo: 1,
  child,
});

describe('medical items of a kind the catalogue does not have yet', () => {
  const items = kindItems('vaccines', vaccines, person(1), TODAY, SEED)!;

  it('gives the example card three valid items, newest first', () => {
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(Object.keys(vaccines));
      for (const [name, field] of Object.entries(vaccines))
        expect(field.schema.safeParse(item[name]).success, `${name}: ${String(item[name])}`).toBe(true);
    }
    const starts = items.map((i) => String(i['dt_hr_aplicacao']));
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('makes realistic values from the field rules and the shared vocabulary', () => {
    for (const item of items) {
      const [start, end] = [String(item['dt_hr_aplicacao']), String(item['dt_hr_observacao'])];
      expect(start < `${TODAY} 00:00`).toBe(true);
      expect(end.slice(0, 10)).toBe(start.slice(0, 10));
      expect(end > start).toBe(true);
      // From the shared vocabulary of `prestador`: a physician.
      expect(item['prestador']).toMatch(/^Dra?\. \p{Lu}\p{Ll}+ /u);
      expect(item['reforco']).toMatch(/^[SN]$/);
      expect(item['vacina']).toMatch(/^Vaccine name [1-3]$/);
      expect(item['url_comprovante']).toMatch(/^https:\/\/prontuario\.coop\.example\/vaccines\/1-[1-3]\.pdf$/);
      expect(typeof item['dose']).toBe('number');
    }
  });

  it('is deterministic, and gives children no items', () => {
    expect(kindItems('vaccines', vaccines, person(1), TODAY, SEED)).toEqual(items);
    expect(kindItems('vaccines', vaccines, person(9, true), TODAY, SEED)).toBeUndefined();
  });

  it('leaves the other kinds as they are: each kind draws from a generator of its own', () => {
    const all = medicalItems(person(1), TODAY, SEED);
    expect(Object.keys(all)).toEqual(MEDICAL_KINDS);
    // Each kind's items are those of the kind alone, whatever kinds come before it.
    for (const { kind, fields } of medicalKinds) {
      expect(kindItems(kind, fields, person(1), TODAY, SEED)).toEqual(all[kind]);
      expect((all[kind] as Row[]).length).toBe(3);
    }
  });
});
