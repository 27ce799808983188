import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { makeCard } from '../../src/server/store/card.js';
import { call, EXAMPLE_CARD, openTemp } from './helpers.js';

const reads = catalogue.filter((op) => op.area === 'record').map((op) => op.id);
/** The example holder's spouse has medications and problems only. */
const SPOUSE_CARD = makeCard({ cart_coop: 1, cart_contrato: 1, cart_cod_bnf: 1, cart_cod_dependente: 1 });

describe('medical record', () => {
  it.each(reads)('%s answers the example card’s items', async (id) => {
    const { store } = await openTemp();
    const a = await call(store, id, { usuario_cartao: EXAMPLE_CARD });
    expect(a.outcome).toBe('found');
    expect(a.records.length).toBeGreaterThan(0);
    for (const r of a.records) expect(r['confirma_operacao']).toBe(2);
  });

  it.each(reads)('%s answers 3 for an unknown card', async (id) => {
    const { store } = await openTemp();
    const a = await call(store, id, { usuario_cartao: '00010001999999001' });
    expect(a.outcome).toBe('no-result');
    expect(a.message).toMatch(/no beneficiary/);
  });

  it('answers 3 for a known card with no items of a kind, and the items it has', async () => {
    const { store } = await openTemp();
    const none = await call(store, 'record.allergies', { usuario_cartao: SPOUSE_CARD });
    expect(none.outcome).toBe('no-result');
    expect(none.message).toMatch(/no allergies/);
    expect((await call(store, 'record.medications', { usuario_cartao: SPOUSE_CARD })).outcome).toBe('found');
  });
});
