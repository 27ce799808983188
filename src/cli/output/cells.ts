/** Which columns a response shows, and how a value reads in a cell. */
import type { Operation, Row } from '../../catalogue/index.js';
import { stringifyExact } from '../../catalogue/exact-json.js';
import { sanitize } from './sanitize.js';

/** The operation's record fields present in at least one record, in the catalogue's order (the envelope is status, not data). */
export function dataColumns(op: Operation, records: readonly Row[]): string[] {
  return Object.keys(op.response.fields).filter((name) => records.some((r) => r[name] !== undefined));
}

/** The operation's nested groups (`endereco`, `contato`) present in at least one record. */
export function groupColumns(op: Operation, records: readonly Row[]): string[] {
  return Object.keys(op.response.groups ?? {}).filter((name) => records.some((r) => r[name] !== undefined));
}

/**
 * Text of a value, safe to show (sanitize.ts; line breaks kept, so a cell
 * grows): strings as they are, numbers (bigints too) as their digits, objects
 * and arrays as JSON (exact-json.ts), nothing for null.
 * Every table and CSV cell is made by this function.
 */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return sanitize(typeof value === 'object' ? stringifyExact(value) : String(value), 'keep');
}
