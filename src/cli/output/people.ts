/**
 * How a table for a person on a terminal says things (display.ts): the
 * header of a spec field is its label (the catalogue's words for it), and a
 * value reads as the person's language writes it:
 * - dates of the catalogue's `yyyy-mm-dd`, `yyyy-mm-dd hh:mi` and
 *   `Y-m-d H:i:s` fields as `DD/MM/AAAA` (with the time after it) in
 *   Portuguese, as the spec writes them in English; `DD/MM/YYYY` fields as
 *   they are; the date and its time never wrapped apart;
 * - quantities (QUANTITIES: counts and amounts, never codes, ids, cards,
 *   CPFs, CEPs or phones) with the language's separators: `1.234` / `1,234`;
 * - a code whose meaning the catalogue documents with its meaning:
 *   `E (efetivado)`, `S (sim)`; the spec's `"true"`/`"false"` as `Sim`/`Não`
 *   (`Yes`/`No`);
 * - a day's start (`2019-04-01 00:00:00`, a contract's term) as the day alone;
 * - a value people write otherwise as they write it (the rule's `written`:
 *   a phone `(11) 98765-4321`, a CPF `529.982.247-25`, a CEP `01310-100`).
 * Anything else is the safe cell text of cells.ts. JSON, JSONL, CSV and the
 * tab-separated lines of a pipe never come here: they keep the spec's names
 * and values.
 */
import type { Field, Said } from '../../catalogue/index.js';
import { inLang } from '../../catalogue/lang.js';
import { parseDate } from '../../catalogue/dates.js';
import { formatIsoDate, formatNumber, type Lang, messagesFor } from '../i18n/index.js';
import { cellText } from './cells.js';

/**
 * The response fields that hold an amount, shown with separators: the
 * notification's recipients, a contract's lives, a medication's dose and
 * duration. Every other number of the spec is a code or an identifier.
 */
export const QUANTITIES: ReadonlySet<string> = new Set(['recipients', 'cv_qtd_vida', 'dose', 'duracao']);

/** The label of a field in `lang` (the catalogue's words), or its name when it is not the catalogue's. */
export function labelOf(lang: Lang, name: string, field: Field | undefined): string {
  return field ? inLang(field.words.label, lang) : name;
}

/** The documented meanings of a field's codes: a closed set's (`S` yes), or an open list's documented codes. */
export function meaningsOf(field: Field | undefined): Readonly<Record<string, Said>> | undefined {
  if (field?.rule.code === 'choice') return field.rule.meanings;
  return field?.suggestions;
}

/** Whether a field is the spec's `"true"`/`"false"` text (a notification's result). */
function isBoolText(field: Field | undefined): boolean {
  const rule = field?.rule;
  return (
    rule?.code === 'choice' && rule.values.length === 2 && rule.values.includes('true') && rule.values.includes('false')
  );
}

/** A value as a person of `lang` reads it in a table cell (safe text). */
export function peopleText(lang: Lang, name: string, field: Field | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (isBoolText(field) && (value === 'true' || value === 'false')) {
    const { output } = messagesFor(lang);
    return value === 'true' ? output.yes : output.no;
  }
  // No-break spaces: a narrowed column never wraps a phone apart.
  const written = field?.written?.(value);
  if (written !== undefined) return cellText(written.replaceAll(' ', '\u00a0'));
  if (field?.layout && field.layout !== 'DD/MM/YYYY' && typeof value === 'string') {
    // A no-break space between the date and the time: a narrowed column wraps neither apart.
    // A day's start (`2019-04-01 00:00:00`, a contract's term) is the day alone.
    const day = field.layout === 'Y-m-d H:i:s' && value.endsWith(' 00:00:00') ? value.slice(0, 10) : value;
    if (parseDate(value, field.layout)) return formatIsoDate(lang, day).replace(' ', '\u00a0');
  } else if (QUANTITIES.has(name) && (typeof value === 'number' || typeof value === 'bigint')) {
    return formatNumber(lang, value);
  } else if (typeof value === 'string' || typeof value === 'number') {
    const meaning = meaningsOf(field)?.[String(value)];
    if (meaning !== undefined) return cellText(`${value} (${inLang(meaning, lang)})`);
  }
  return cellText(value);
}
