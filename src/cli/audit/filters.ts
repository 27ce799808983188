/**
 * The options of `coopctl audit` that select records, read as a person types
 * them: a card or a CPF with its separators, a time as a date, a date and
 * time or a span back from now, an operation by its id or its spec name.
 */
import { catalogue, personalOf } from '../../catalogue/index.js';
import { UsageError } from '../exit-codes.js';
import type { Messages } from '../i18n/index.js';
import { words as auditWords } from './words.js';

const HINT = 'coopctl audit --help';

/** The operations the audit records (those that read or change personal data), by id. */
export function auditedOperations(): string[] {
  return catalogue.filter((op) => personalOf(op) !== undefined).map((op) => op.id);
}

/** The digits of a card or a CPF written with spaces, dots, hyphens or slashes; `length` of them, else a usage error. */
export function personalNumber(value: string, length: 11 | 17, problem: string): string {
  const digits = value.trim().replace(/[\s./-]/g, '');
  if (!new RegExp(`^\\d{${length}}$`).test(digits)) throw new UsageError(problem, HINT);
  return digits;
}

/** A local date and time, checked to be a real one. */
function localTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | undefined {
  const t = new Date(y, mo - 1, d, h, mi, s);
  const real =
    t.getFullYear() === y &&
    t.getMonth() === mo - 1 &&
    t.getDate() === d &&
    t.getHours() === h &&
    t.getMinutes() === mi &&
    t.getSeconds() === s;
  return real ? t.getTime() : undefined;
}

/** `--since` as milliseconds since 1970: `7d`, `12h`, `2026-11-30`, `30/11/2026`, `2026-11-30T08:00[:00]` (local time). */
export function sinceTime(value: string, now: Date, m: Messages): number {
  const v = value.trim();
  const span = /^(\d{1,5})\s*([dh])$/i.exec(v);
  if (span) return now.getTime() - Number(span[1]) * (span[2]!.toLowerCase() === 'd' ? 86_400_000 : 3_600_000);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const n = (s: string | undefined) => (s === undefined ? 0 : Number(s));
  const t = iso
    ? localTime(n(iso[1]), n(iso[2]), n(iso[3]), n(iso[4]), n(iso[5]), n(iso[6]))
    : br
      ? localTime(n(br[3]), n(br[2]), n(br[1]))
      : undefined;
  if (t === undefined) throw new UsageError(auditWords[m.common.lang].invalid.since(value), HINT);
  return t;
}

/** `--operation` as an audited operation's id, from its id or its spec name. */
export function auditedOperation(value: string, m: Messages): string {
  const audited = auditedOperations();
  const op = catalogue.find((o) => (o.id === value || o.name === value) && audited.includes(o.id));
  if (!op) throw new UsageError(auditWords[m.common.lang].invalid.operation(value, audited.join(', ')), HINT);
  return op.id;
}
