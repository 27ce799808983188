/**
 * What an answer carried, in a few words for an error message: its type and
 * an excerpt cut to a bound, with card numbers and CPFs masked
 * (maskPersonalNumbers). The display sanitises the text (cli/output/sanitize.ts).
 */
import { maskPersonalNumbers } from './mask.js';

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

/** `1 element`, `3 elements`. */
function counted(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The value's type and a bounded excerpt: `a number (12)`, `a string of 3 characters ("abc")`, `nothing (absent)`. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing (the field is absent)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${counted(value.length, 'element')}`;
  switch (typeof value) {
    case 'string':
      return `a string of ${counted([...value].length, 'character')} (${JSON.stringify(clip(value))})`;
    case 'number':
    case 'bigint':
      return `a number (${clip(String(value))})`;
    case 'boolean':
      return `a boolean (${value})`;
    default:
      return `an object with ${counted(Object.keys(value as object).length, 'key')}`;
  }
}
