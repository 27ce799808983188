/**
 * Dates and numbers as a person of the run's language reads them: in
 * Portuguese, `DD/MM/AAAA`, `1.234,5`, weekday and month names from Intl
 * (`seg`, `novembro`); in English, the spec's own layouts (`2026-12-01`) and
 * `1,234.5`. Formats for machines (JSON, JSONL, CSV) never go through here.
 */
import { yearText } from '../../catalogue/dates.js';
import type { Lang } from './lang.js';

export { formatNumber, localeOf, plural, type Forms } from '../../catalogue/words/numbers.js';
import { localeOf } from '../../catalogue/words/numbers.js';

/** An ISO date `yyyy-mm-dd` as the language writes it: `01/12/2026` in Portuguese, unchanged in English. */
export function formatIsoDate(lang: Lang, iso: string): string {
  if (lang !== 'pt-BR') return iso;
  const m = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}${m[4]}` : iso;
}

/** The names of the weekdays, Sunday first, short (`dom`, `seg` … / `Sun`, `Mon` …). */
export function weekdayNames(lang: Lang, width: 'short' | 'long' = 'short'): string[] {
  const f = new Intl.DateTimeFormat(localeOf(lang), { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2023, 0, 1 + i)).replace(/\.$/, ''));
}

/** The name of a month (1–12): `novembro`, `November`. */
export function monthName(lang: Lang, month: number): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2023, month - 1, 1),
  );
}

/**
 * A month and its year as a calendar's title: `novembro de 2026`, `November
 * 2026`. Intl lays the title out (on a year of its own, 2000), and the year is
 * written as the dates write it, four digits: `outubro de 0089` (Intl would
 * write the year 0 as `1` before Christ, and `Date.UTC` reads 89 as 1989).
 */
export function monthTitle(lang: Lang, year: number, month: number): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(Date.UTC(2000, month - 1, 1))
    .map((part) => (part.type === 'year' ? yearText(year) : part.value))
    .join('');
}
