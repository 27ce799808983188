import { describe, expect, it } from 'vitest';
import { operation, sampleParams, type Row } from '../../src/catalogue/index.js';
import { cardParts, makeCard } from '../../src/server/store/card.js';
import { call, EXAMPLE_CARD, NOW, openTemp } from './helpers.js';

/** The example holder's spouse: permite_atualizar N in the demo. */
const LOCKED_CARD = makeCard({ cart_coop: 1, cart_contrato: 1, cart_cod_bnf: 1, cart_cod_dependente: 1 });
const UNKNOWN_CARD = '00010001999999001';
const tomorrow = () => new Date(NOW.getTime() + 24 * 3600 * 1000);

const address = (over: Record<string, unknown> = {}) => ({
  ...sampleParams(operation('registration.save-address')),
  usuario_cartao: EXAMPLE_CARD,
  ...over,
});

async function record(
  store: Awaited<ReturnType<typeof openTemp>>['store'],
  card = EXAMPLE_CARD,
  at = () => NOW,
): Promise<Row> {
  const a = await call(store, 'registration.show', { usuario_cartao: card }, at);
  expect(a.outcome).toBe('found');
  return a.records[0]!;
}

describe('registration record', () => {
  it('answers the record with its card parts, addresses and contact', async () => {
    const { store } = await openTemp();
    const r = await record(store);
    expect(r).toMatchObject({
      ...cardParts(EXAMPLE_CARD),
      situacao: 'E',
      permite_atualizar: 'S',
      nome: 'Ana Beatriz Souza',
      cpf: '52998224725',
    });
    expect((r['endereco'] as Row[]).map((a) => [a['codigo'], a['tipo']])).toEqual([
      [1, 'RESIDENCIAL'],
      [2, 'COMERCIAL'],
    ]);
    expect(r['contato']).toMatchObject({ codigo: 1, email: expect.stringContaining('@') });
  });

  it('answers 3 for an unknown card, for reads and writes', async () => {
    const { store } = await openTemp();
    expect((await call(store, 'registration.show', { usuario_cartao: UNKNOWN_CARD })).outcome).toBe('no-result');
    expect(
      (
        await call(store, 'registration.update-contact', {
          usuario_cartao: UNKNOWN_CARD,
          usuario_celular: '(11)912345678',
        })
      ).outcome,
    ).toBe('no-result');
    expect((await call(store, 'registration.save-address', address({ usuario_cartao: UNKNOWN_CARD }))).outcome).toBe(
      'no-result',
    );
    expect(
      (await call(store, 'registration.delete-address', { usuario_cartao: UNKNOWN_CARD, endereco_ind: 1 })).outcome,
    ).toBe('no-result');
  });
});

describe('contact update and the pending change', () => {
  it('stores the new contact and opens a pending change; a second change joins the batch; the next day it is effected', async () => {
    const { store } = await openTemp();
    const before = await record(store);
    const ok = await call(store, 'registration.update-contact', {
      usuario_cartao: EXAMPLE_CARD,
      usuario_celular: '(11)912345678',
      usuario_email: 'ana.nova@example.com',
    });
    expect(ok.outcome).toBe('ok');
    const open = await record(store);
    expect(open['contato']).toMatchObject({
      celular: '(11)912345678',
      email: 'ana.nova@example.com',
      telefone: (before['contato'] as Row)['telefone'],
    });
    expect(open['situacao']).toBe('A');
    expect(open['lote']).not.toBe(before['lote']);

    await call(store, 'registration.update-contact', { usuario_cartao: EXAMPLE_CARD, usuario_fax: '(11)33334444' });
    const joined = await record(store);
    expect(joined['lote']).toBe(open['lote']);
    expect(joined['movimento']).toBeGreaterThan(open['movimento'] as number);

    const effected = await record(store, EXAMPLE_CARD, tomorrow);
    expect(effected).toMatchObject({ situacao: 'E', lote: joined['lote'], movimento: joined['movimento'] });
    await call(
      store,
      'registration.update-contact',
      { usuario_cartao: EXAMPLE_CARD, usuario_fax: '(11)33335555' },
      tomorrow,
    );
    const reopened = await record(store, EXAMPLE_CARD, tomorrow);
    expect(reopened['situacao']).toBe('A');
    expect(reopened['lote']).toBeGreaterThan(joined['lote'] as number);
  });

  it('refuses every change of a registration with permite_atualizar N, saying why', async () => {
    const { store } = await openTemp();
    expect((await record(store, LOCKED_CARD))['permite_atualizar']).toBe('N');
    for (const [id, params] of [
      ['registration.update-contact', { usuario_cartao: LOCKED_CARD, usuario_celular: '(11)912345678' }],
      ['registration.save-address', address({ usuario_cartao: LOCKED_CARD })],
      ['registration.delete-address', { usuario_cartao: LOCKED_CARD, endereco_ind: 1 }],
    ] as const) {
      const a = await call(store, id, params);
      expect(a.outcome, id).toBe('failed');
      expect(a.message).toMatch(/permite_atualizar N/);
    }
  });
});

describe('addresses', () => {
  it('inserts with endereco_ind 0 (new codigo, type from tipo_endereco), updates and deletes by codigo', async () => {
    const { store } = await openTemp();
    const inserted = await call(
      store,
      'registration.save-address',
      address({ endereco_ind: 0, tipo_endereco: 'C', endereco_logradouro: 'Rua Augusta', endereco_numero: '100' }),
    );
    expect(inserted.outcome).toBe('ok');
    let list = (await record(store))['endereco'] as Row[];
    expect(list.map((a) => a['codigo'])).toEqual([1, 2, 3]);
    expect(list[2]).toMatchObject({
      pes_cod: 1,
      codigo: 3,
      tipo: 'COMERCIAL',
      logradouro: 'Rua Augusta',
      numero: '100',
    });

    expect(
      (
        await call(
          store,
          'registration.save-address',
          address({ endereco_ind: 3, tipo_endereco: 'R', endereco_numero: '200' }),
        )
      ).outcome,
    ).toBe('ok');
    list = (await record(store))['endereco'] as Row[];
    expect(list[2]).toMatchObject({ codigo: 3, tipo: 'RESIDENCIAL', numero: '200' });

    expect(
      (await call(store, 'registration.delete-address', { usuario_cartao: EXAMPLE_CARD, endereco_ind: 3 })).outcome,
    ).toBe('ok');
    expect(((await record(store))['endereco'] as Row[]).map((a) => a['codigo'])).toEqual([1, 2]);
  });

  it('answers 3 for an address the card does not have', async () => {
    const { store } = await openTemp();
    expect((await call(store, 'registration.save-address', address({ endereco_ind: 42 }))).outcome).toBe('no-result');
    const gone = await call(store, 'registration.delete-address', { usuario_cartao: EXAMPLE_CARD, endereco_ind: 42 });
    expect(gone.outcome).toBe('no-result');
    expect(gone.message).toMatch(/no address 42/);
  });

  it('keeps a city of 50 characters, the most the registration record holds', async () => {
    const { store } = await openTemp();
    const city = `${'Ç'.repeat(48)}😀x`;
    expect((await call(store, 'registration.save-address', address({ endereco_cidade: city }))).outcome).toBe('ok');
    const addresses = (await record(store, EXAMPLE_CARD))['endereco'] as Array<Record<string, unknown>>;
    expect(addresses.map((a) => a['cidade'])).toContain(city);
  });

  it('stores text in NFC: a street and a city written decomposed are read back composed', async () => {
    const { store } = await openTemp();
    const decomposed = { endereco_logradouro: 'Rua Sa\u0303o Joa\u0303o', endereco_cidade: 'Sa\u0303o Paulo' };
    expect((await call(store, 'registration.save-address', address(decomposed))).outcome).toBe('ok');
    const addresses = (await record(store, EXAMPLE_CARD))['endereco'] as Array<Record<string, unknown>>;
    const saved = addresses.find((a) => a['logradouro'] === 'Rua S\u00e3o Jo\u00e3o');
    expect(saved?.['cidade']).toBe('S\u00e3o Paulo');
    expect(addresses.some((a) => String(a['logradouro']).includes('\u0303'))).toBe(false);
  });
});

describe('buscacep', () => {
  it('answers the CEP table entry, or 3', async () => {
    const { store } = await openTemp();
    const a = await call(store, 'registration.cep', { cep: '01310100' });
    expect(a.outcome).toBe('found');
    expect(a.records[0]).toMatchObject({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
    });
    expect((await call(store, 'registration.cep', { cep: '99999999' })).outcome).toBe('no-result');
  });

  it.each(['00001310100', '0001310100', '001310100'])(
    'finds the demo CEP 01310100 written with 11, 10 or 9 digits (%s), as section 4.1 writes CEPs',
    async (cep) => {
      const { store } = await openTemp();
      const a = await call(store, 'registration.cep', { cep });
      expect(a.outcome).toBe('found');
      expect(a.records[0]).toMatchObject({ cep: '01310100', logradouro: 'Avenida Paulista' });
    },
  );

  it('a longer CEP whose first digits are not zeros is another CEP: 3', async () => {
    const { store } = await openTemp();
    expect((await call(store, 'registration.cep', { cep: '10001310100' })).outcome).toBe('no-result');
    expect((await call(store, 'registration.cep', { cep: '00101310100' })).outcome).toBe('no-result');
  });
});
