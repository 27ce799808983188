/**
 * Small helpers the message modules share to put a call's values into words:
 * any value as text, a card masked (cards are personal data: stderr shows
 * their last 4 digits only), counted nouns.
 */
import { maskValue } from '../../client/mask.js';

/** A parameter or record value as text ('' when absent). */
export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Whether a value was given. */
export function given(value: unknown): boolean {
  return text(value) !== '';
}

/** A card number masked but for its last 4 digits. */
export function card(value: unknown): string {
  return maskValue('usuario_cartao', text(value));
}

/** The first value of `field` among the records, as text ('' when none has it). */
export function first(records: readonly Readonly<Record<string, unknown>>[], field: string): string {
  return text(records.find((r) => given(r[field]))?.[field]);
}

/** `1 recipient`, `1,200 recipients` / `1.200 destinatários`: a count with the language's separators. */
export { counted } from '../../catalogue/words/numbers.js';

/** An address in one line: `Rua X, 100 – Centro – São Paulo/SP` (parts left empty are left out). */
export function addressPlace(a: Readonly<Record<string, unknown>>): string {
  const street = [text(a['logradouro']), text(a['numero'])].filter(Boolean).join(', ');
  const city = [text(a['cidade']), text(a['estado'])].filter(Boolean).join('/');
  return [street, text(a['bairro']), city].filter(Boolean).join(' – ');
}
