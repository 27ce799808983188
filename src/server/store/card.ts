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
 * - check digit: src/catalogue/card.ts, shared with the CLI.
 */
import { cardCheckDigit } from '../../catalogue/card.js';

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
