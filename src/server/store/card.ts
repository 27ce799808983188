/**
 * The 17-digit card number `usuario_cartao` and the `cart_*` fields of the
 * registration record, which are its parts:
 *
 *     cccc tttt bbbbbb dd k
 *     coop contract beneficiary dependent check
 *
 * - `cart_coop` (4): the cooperative;
 * - `cart_contrato` (4): the contract number's last four digits;
 * - `cart_cod_bnf` (6): the family (the holder's beneficiary code), shared by
 *   the holder and the dependents;
 * - `cart_cod_dependente` (2): 00 for the holder, 01, 02 … for dependents;
 * - check digit: modulus 11 of the 16 digits weighted 2, 3, 4 … 17 from the
 *   right; 11 minus the remainder, and 0 when that gives 10 or 11.
 */
export interface CardParts {
  readonly cart_coop: number;
  readonly cart_contrato: number;
  readonly cart_cod_bnf: number;
  readonly cart_cod_dependente: number;
}

const WIDTHS: ReadonlyArray<[keyof CardParts, number]> = [
  ['cart_coop', 4],
  ['cart_contrato', 4],
  ['cart_cod_bnf', 6],
  ['cart_cod_dependente', 2],
];

/** The check digit of the first 16 digits. */
export function cardCheckDigit(first16: string): number {
  let sum = 0;
  for (let i = 0; i < 16; i++) sum += Number(first16[15 - i]) * (i + 2);
  const k = 11 - (sum % 11);
  return k >= 10 ? 0 : k;
}

/** The card number of these parts (each taken modulo its width). */
export function makeCard(p: CardParts): string {
  const body = WIDTHS.map(([name, w]) => String(p[name] % 10 ** w).padStart(w, '0')).join('');
  return body + String(cardCheckDigit(body));
}

/** The parts of a card number. */
export function cardParts(card: string): CardParts {
  let at = 0;
  const out: Record<string, number> = {};
  for (const [name, w] of WIDTHS) {
    out[name] = Number(card.slice(at, at + w));
    at += w;
  }
  return out as unknown as CardParts;
}

/** True when `card` is 17 digits ending in its check digit. */
export function cardValid(card: string): boolean {
  return /^\d{17}$/.test(card) && cardCheckDigit(card.slice(0, 16)) === Number(card[16]);
}
