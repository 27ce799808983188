/**
 * The check digit of the 17-digit card number `usuario_cartao`: modulus 11 of
 * the first 16 digits weighted 2, 3, 4 … 17 from the right; 11 minus the
 * remainder, and 0 when that gives 10 or 11 (docs/decisions.md, "Card
 * numbers"). The server builds cards with it; the CLI warns when a card's
 * last digit does not match.
 */

/** The check digit of the first 16 digits. */
export function cardCheckDigit(first16: string): number {
  let sum = 0;
  for (let i = 0; i < 16; i++) sum += Number(first16[15 - i]) * (i + 2);
  const k = 11 - (sum % 11);
  return k >= 10 ? 0 : k;
}

/** True when `card` is 17 digits ending in its check digit. */
export function cardValid(card: string): boolean {
  return /^\d{17}$/.test(card) && cardCheckDigit(card.slice(0, 16)) === Number(card[16]);
}
