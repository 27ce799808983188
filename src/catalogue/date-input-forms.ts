/**
 * Dates as people type them, turned into the wire's `yyyy-mm-dd` (and
 * `yyyy-mm-dd hh:mi`): day first as in Brazil, two-digit years by a pivot,
 * and the words for yesterday, today and tomorrow. The other field types'
 * normalisers are in input-forms.ts.
 */
import { addDays, isoDate } from './dates.js';
import { folded, type InputContext, type InputForms } from './input-forms.js';

const pad = (n: string): string => n.padStart(2, '0');

/**
 * Which century a two-digit year (`1/2/85`) is in, counted from this year
 * (docs/commands.md, "Two-digit years"):
 * - `past` (a date of birth): the latest year not after this one (in 2026,
 *   `85` is 1985, `26` 2026, `27` 1927);
 * - `future` (an appointment): the earliest year not before this one (in 2026,
 *   `26` is 2026, `27` 2027, `25` 2125);
 * - `near` (other dates): the year within 50 years before and 49 after this
 *   one (in 2026, `75` is 2075, `76` 1976).
 */
export type YearPivot = 'past' | 'future' | 'near';

/** The four-digit year of a two-digit one, by the pivot and this year. */
export function fullYear(yy: number, thisYear: number, pivot: YearPivot): number {
  let y = thisYear - (thisYear % 100) + yy;
  if (pivot === 'past' && y > thisYear) y -= 100;
  else if (pivot === 'future' && y < thisYear) y += 100;
  else if (pivot === 'near') {
    if (y > thisYear + 49) y -= 100;
    else if (y < thisYear - 50) y += 100;
  }
  return y;
}

/** A date written day first as in Brazil (`1/12/2026`, `01-12-2026`, `01.12.2026`, `1/12/26`): year, month, day, padded. */
function dayFirst(text: string, at: InputContext, pivot: YearPivot): [string, string, string] | undefined {
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  if (!m) return undefined;
  const year = m[4]!.length === 4 ? m[4]! : String(fullYear(Number(m[4]), at.today.getFullYear(), pivot));
  return [year, pad(m[3]!), pad(m[1]!)];
}

/** `yyyy-mm-dd`: year, month, day. */
function yearFirst(text: string): [string, string, string] | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? [m[1]!, m[2]!, m[3]!] : undefined;
}

/** Words for yesterday, today and tomorrow, in Portuguese and English. */
const RELATIVE: Readonly<Record<string, number>> = {
  ontem: -1,
  yesterday: -1,
  hoje: 0,
  today: 0,
  amanhã: 1,
  amanha: 1,
  tomorrow: 1,
};

/**
 * The date a text names as `yyyy-mm-dd`: day first (a two-digit year by the
 * pivot), year first, or a word for yesterday, today or tomorrow. The
 * calendar is not checked here: `31/02/2020` becomes `2020-02-31`, which the
 * rule then refuses as no real date.
 */
function isoOfText(text: string, at: InputContext, pivot: YearPivot): string | undefined {
  const days = RELATIVE[folded(text)];
  if (days !== undefined) return addDays(isoDate(at.today), days);
  const ymd = dayFirst(text.trim(), at, pivot) ?? yearFirst(text.trim());
  return ymd?.join('-');
}

/** `DD/MM/YYYY` read with a pivot for two-digit years. */
function dateBRWith(pivot: YearPivot, forms: readonly string[]): InputForms {
  return {
    accept: (value, at) => {
      const iso = typeof value === 'string' ? isoOfText(value, at, pivot) : undefined;
      return iso ? iso.split('-').reverse().join('/') : value;
    },
    forms,
  };
}

/**
 * `DD/MM/YYYY` (the spec's `d/m/Y`): also `D/M/YYYY`, `-` or `.` between,
 * `yyyy-mm-dd`, a two-digit year within 50 years of this one, and `hoje`,
 * `amanhã`, `ontem`, `today`, `tomorrow`, `yesterday`.
 */
export const dateBRInput: InputForms = dateBRWith('near', [
  '15/03/1985',
  '5/3/1985',
  '15-03-1985',
  '15.03.1985',
  '1985-03-15',
  '1/2/27',
  'hoje',
  'ontem',
]);

/** A date of birth, `DD/MM/YYYY`: as dateBRInput reads it, a two-digit year in the past (`1/2/85`: 1985). */
export const birthDateInput: InputForms = dateBRWith('past', [
  '15/03/1985',
  '5/3/1985',
  '15-03-1985',
  '15.03.1985',
  '1985-03-15',
  '1/2/85',
  '1/2/26',
  '1/2/27',
  'hoje',
  'ontem',
]);

/**
 * `yyyy-mm-dd` (an appointment's date): also a date day first, a two-digit
 * year not before this one (`1/12/26`), and `hoje`, `amanhã`, `ontem`,
 * `today`, `tomorrow`, `yesterday` (by the clock of the run).
 */
export const dateISOInput: InputForms = {
  accept: (value, at) => (typeof value === 'string' ? (isoOfText(value, at, 'future') ?? value) : value),
  forms: [
    '2026-12-01',
    '01/12/2026',
    'hoje',
    'amanhã',
    'today',
    'tomorrow',
    '1/12/2026',
    '01-12-2026',
    'HOJE',
    '1/12/26',
    'ontem',
    'yesterday',
  ],
};

/** `yyyy-mm-dd hh:mi`: the date as dateISOInput reads it, a space or `T`, and `h:mi` or `hh:mi`. */
export const dateTimeInput: InputForms = {
  accept: (value, at) => {
    const m = typeof value === 'string' ? /^(.+?)(?:\s+|T)(\d{1,2}):(\d{2})$/.exec(value.trim()) : null;
    const iso = m ? isoOfText(m[1]!, at, 'future') : undefined;
    return iso ? `${iso} ${pad(m![2]!)}:${m![3]}` : value;
  },
  forms: [
    '2026-12-01 09:00',
    '01/12/2026 09:00',
    '1/12/2026 9:00',
    '2026-12-01T09:00',
    'amanhã 09:00',
    'tomorrow 9:00',
    'amanhã 8:30',
    '1/12/26 9:00',
  ],
};

/**
 * The end of a slot (`dt_hr_fim`): read as dateTimeInput reads it; its forms
 * are later on the same day as the start's (`2026-12-01 09:00`), so that the
 * help never shows an end that the start's example would make refused.
 */
export const dateTimeEndInput: InputForms = {
  accept: dateTimeInput.accept,
  forms: [
    '2026-12-01 09:30',
    '01/12/2026 09:30',
    '1/12/2026 9:30',
    '2026-12-01T09:30',
    'amanhã 09:30',
    'tomorrow 9:30',
    'amanhã 14:30',
  ],
};
