import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { cardCheckDigit, cardValid } from '../../src/catalogue/card.js';
import { cardParts, makeCard } from '../../src/server/store/card.js';
import { cpfFrom, maskCpf } from '../../src/server/store/datasets/cpf.js';
import { addDays, addMonths, firstOfNextMonth, fromBR, toBR, weekday } from '../../src/catalogue/dates.js';
import { seeded } from '../../src/server/store/datasets/prng.js';
import { cpfValid } from '../../src/catalogue/rules.js';

describe('card layout', () => {
  it('makes the catalogue’s example card from its parts, and reads them back', () => {
    const example = operation('registration.show').params['usuario_cartao']!.example;
    const parts = { cart_coop: 1, cart_contrato: 1, cart_cod_bnf: 1, cart_cod_dependente: 0 };
    expect(makeCard(parts)).toBe(example);
    expect(cardParts(example)).toEqual(parts);
    expect(cardValid(example)).toBe(true);
  });

  it('detects a changed digit, and maps 10 and 11 to check digit 0', () => {
    expect(cardValid('00010001000001006')).toBe(false);
    expect(cardValid('00010001000011005')).toBe(false);
    const zero = Array.from({ length: 200 }, (_, i) =>
      makeCard({ cart_coop: 1, cart_contrato: 1, cart_cod_bnf: i, cart_cod_dependente: 0 }),
    ).find((c) => c.endsWith('0'))!;
    expect(cardCheckDigit(zero.slice(0, 16))).toBe(0);
    expect(cardValid(zero)).toBe(true);
  });
});

describe('CPF', () => {
  it('completes nine digits with the check digits cpfValid accepts', () => {
    expect(cpfFrom('529982247')).toBe('52998224725');
    const r = seeded(7);
    for (let i = 0; i < 50; i++) expect(cpfValid(cpfFrom(String(r.int(100_000_000, 999_999_999))))).toBe(true);
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-12-15', 1, '2026-01-15'],
  ])('%s plus %i months is %s', (from, n, to) => expect(addMonths(from, n)).toBe(to));

  it('adds days across months, finds next month and weekdays, converts DD/MM/YYYY', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(firstOfNextMonth('2026-12-15')).toBe('2027-01-01');
    expect(weekday('2026-01-15')).toBe(4);
    expect(fromBR('15/03/1985')).toBe('1985-03-15');
    expect(toBR('1985-03-15')).toBe('15/03/1985');
  });
});

describe('seeded generator', () => {
  it('repeats its sequence for a seed and differs for another', () => {
    const a = seeded(1);
    const b = seeded(1);
    const xs = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(xs);
    expect(seeded(2).next()).not.toBe(xs[0]);
    expect(new Set(seeded(3).sample([1, 2, 3, 4, 5], 5))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});
