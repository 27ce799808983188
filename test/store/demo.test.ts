import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue, type Row } from '../../src/catalogue/index.js';
import { cpfValid } from '../../src/catalogue/rules.js';
import { cardValid } from '../../src/catalogue/card.js';
import { cardParts } from '../../src/server/store/card.js';
import { demoDocument, demoExamples } from '../../src/server/store/datasets/demo.js';
import { addDays } from '../../src/catalogue/dates.js';
import { checksum } from './backend.js';
import { call, EXAMPLE_CARD, NOW, openTemp } from './helpers.js';
import { MEDICAL_KINDS } from '../helpers/medical-kinds.js';

const reads = catalogue.filter((op) => op.area === 'record').map((op) => op.id);
const beneficiaries = (doc: Row) => doc['beneficiaries'] as Row[];

describe('demo dataset', () => {
  it('is deterministic: the same now gives the same document and the same database', async () => {
    expect(demoDocument(NOW)).toEqual(demoDocument(new Date(NOW)));
    const a = await openTemp();
    const b = await openTemp();
    expect(await checksum(a.path)).toBe(await checksum(b.path));
  });

  it('counts its dates from today: another day keeps the people and moves the dates', () => {
    const later = new Date(NOW.getTime() + 10 * 24 * 3600 * 1000);
    const [x, y] = [demoDocument(NOW), demoDocument(later)];
    expect(beneficiaries(y).map((b) => b['usuario_cartao'])).toEqual(beneficiaries(x).map((b) => b['usuario_cartao']));
    const last = (doc: Row) =>
      (doc['appointments'] as Row[])
        .map((a) => String(a['data_consulta']))
        .sort()
        .at(-1)!;
    expect(last(y) > last(x)).toBe(true);
  });

  it('has the same number of everything whatever the day (what docs/decisions.md counts)', () => {
    const sizes = (at: Date) =>
      Object.fromEntries(Object.entries(demoDocument(at)).map(([k, v]) => [k, (v as unknown[]).length]));
    const first = sizes(NOW);
    for (let day = 17; day < 800; day += 61)
      expect(sizes(new Date(NOW.getTime() + day * 24 * 3600 * 1000)), `day ${day}`).toEqual(first);
  });

  it('has at least 50 beneficiaries with valid CPFs and cards whose parts are their contract and family', () => {
    const doc = demoDocument(NOW);
    const list = beneficiaries(doc);
    expect(list.length).toBeGreaterThanOrEqual(50);
    for (const b of list) {
      const card = String(b['usuario_cartao']);
      expect(cardValid(card), card).toBe(true);
      expect(cardParts(card)).toMatchObject({ cart_coop: 1, cart_contrato: b['contrato_id'] });
      expect(cpfValid(String(b['cpf'])), String(b['cpf'])).toBe(true);
    }
    expect(new Set(list.map((b) => b['cpf'])).size).toBe(list.length);
  });

  it('answers every demo card’s registration, medical record and appointments in the catalogue’s shapes', async () => {
    const { store } = await openTemp();
    const doc = demoDocument(NOW);
    const appointments = doc['appointments'] as Row[];
    for (const b of beneficiaries(doc)) {
      const card = String(b['usuario_cartao']);
      const show = await call(store, 'registration.show', { usuario_cartao: card });
      expect(show.outcome).toBe('found');
      expect(show.records[0]).toMatchObject({
        ...cardParts(card),
        contrato: b['contrato_id'],
        cod_pessoa: b['beneficiario_id'],
      });
      // What the document holds for the card says what each read finds.
      const kinds = Object.keys(b['medical'] as Row);
      for (const id of reads) {
        const expected = kinds.includes(id.slice('record.'.length)) ? 'found' : 'no-result';
        expect((await call(store, id, { usuario_cartao: card })).outcome, `${id} ${card}`).toBe(expected);
      }
      const booked = appointments.some((a) => a['usuario_cartao'] === card);
      expect((await call(store, 'schedule.list', { usuario_cartao: card, ind_apenas_concluidas: 'N' })).outcome).toBe(
        booked ? 'found' : 'no-result',
      );
    }
  });

  it('covers every medical kind, and has cards without items of some kind', () => {
    const list = beneficiaries(demoDocument(NOW));
    const kinds = (b: Row) => Object.keys(b['medical'] as Row);
    expect(kinds(list[0]!).sort()).toEqual([...MEDICAL_KINDS].sort());
    expect(list.some((b) => kinds(b).length > 0 && kinds(b).length < MEDICAL_KINDS.length)).toBe(true);
    expect(list.some((b) => kinds(b).length === 0)).toBe(true);
  });

  it('has contracts in every state, providers with locations and free slots over the next 30 days, history and devices', async () => {
    const doc = demoDocument(NOW);
    expect(new Set((doc['contracts'] as Row[]).map((c) => c['status']))).toEqual(
      new Set(['proposta', 'ativo', 'suspenso', 'cancelado']),
    );
    expect((doc['ceps'] as Row[]).length).toBeGreaterThanOrEqual(10);
    const statuses = new Set((doc['appointments'] as Row[]).map((a) => a['status_agendamento']));
    for (const s of ['realizado', 'cancelado', 'aguardando', 'confirmado']) expect(statuses).toContain(s);
    expect((doc['devices'] as Row[]).length).toBeGreaterThan(3);

    const { store } = await openTemp();
    const providers = doc['providers'] as Row[];
    expect(providers.length).toBeGreaterThanOrEqual(3);
    for (const p of providers) {
      for (const l of p['locations'] as number[]) {
        const dates = await call(store, 'schedule.dates', { prest_cod_svc_card: p['prest_cod_svc_card'], cd_local: l });
        expect(dates.outcome, `${String(p['prest_cod_svc_card'])}/${l}`).toBe('found');
        for (const d of dates.records) expect(String(d['data_consulta']) <= addDays('2026-01-15', 30)).toBe(true);
      }
    }
  });

  it('has the catalogue’s example card, provider and location, shown on start-up', async () => {
    expect(demoExamples).toEqual({ card: EXAMPLE_CARD, provider: '9001', location: '101' });
    const { store } = await openTemp();
    const banner = await store.describeDemo();
    expect(banner.cards[0]).toBe(EXAMPLE_CARD);
    expect(banner.providers).toContainEqual({ prest_cod_svc_card: 9001, cd_local: 101, nm_local: expect.any(String) });
    expect(
      (
        await call(store, 'schedule.times', {
          prest_cod_svc_card: '9001',
          cd_local: '101',
          data_consulta: '2026-01-16',
        })
      ).outcome,
    ).toBe('found');
  });

  it('behaves as docs/decisions.md says of the cards it lists', async () => {
    const doc = readFileSync('docs/decisions.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Demo data'));
    const listed = [...section.matchAll(/^\| `(\d{17})`/gm)].map((m) => m[1]!);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    const { store } = await openTemp();
    for (const card of listed)
      expect((await call(store, 'registration.show', { usuario_cartao: card })).outcome, card).toBe('found');
    const counts = section
      .replace(/\s+/g, ' ')
      .match(
        /It has (\d+) beneficiaries in \d+ families on (\d+) contracts, (\d+) providers at (\d+) locations, a CEP table of (\d+) entries, (\d+) appointments and (\d+) devices/,
      );
    expect(counts, 'the counts sentence of the Demo data section').not.toBeNull();
    const demo = demoDocument(NOW);
    const sizes = ['beneficiaries', 'contracts', 'providers', 'locations', 'ceps', 'appointments', 'devices'].map((k) =>
      String((demo[k] as Row[]).length),
    );
    expect(counts!.slice(1)).toEqual(sizes);
    const [rich, locked, pending] = listed;
    for (const id of reads) expect((await call(store, id, { usuario_cartao: rich! })).outcome).toBe('found');
    expect(
      (await call(store, 'registration.update-contact', { usuario_cartao: locked!, usuario_fax: '(11)33334444' }))
        .message,
    ).toMatch(/permite_atualizar N/);
    expect((await call(store, 'record.allergies', { usuario_cartao: locked! })).outcome).toBe('no-result');
    expect((await call(store, 'registration.show', { usuario_cartao: pending! })).records[0]!['situacao']).toBe('A');
    const unknown = section.match(/`(\d{17})` has a valid layout and check digit but no beneficiary/)![1]!;
    expect(cardValid(unknown)).toBe(true);
    expect((await call(store, 'registration.show', { usuario_cartao: unknown })).outcome).toBe('no-result');
  });
});
