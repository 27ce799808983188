/**
 * What an answer carried, for an error message: its type and an excerpt cut
 * to a bound, with card numbers and CPFs masked
 * (maskPersonalNumbers). The display sanitises the text (cli/output/sanitize.ts).
 */
import { maskPersonalNumbers } from './mask.js';
import type { Received } from './problems.js';

/** The longest excerpt of a received text shown in a message, in characters. */
export const EXCERPT_CHARS = 40;

/** `text` cut to `max` characters (whole code points), with `…` when cut. */
export function cut(text: string, max = EXCERPT_CHARS): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** `text` cut to `max` characters (whole code points), with `…` when cut, and personal numbers masked. */
export function clip(text: string, max = EXCERPT_CHARS): string {
  return maskPersonalNumbers(cut(text, max));
}

/** The value's type and a bounded excerpt, as data (problems.ts): each language words it (`a number (12)`). */
export function describeReceived(value: unknown): Received {
  if (value === undefined) return { type: 'absent' };
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array', length: value.length };
  switch (typeof value) {
    case 'string':
      return { type: 'string', chars: [...value].length, excerpt: JSON.stringify(clip(value)) };
    case 'number':
    case 'bigint':
      return { type: 'number', excerpt: clip(String(value)) };
    case 'boolean':
      return { type: 'boolean', value };
    default:
      return { type: 'object', keys: Object.keys(value as object).length };
  }
}
