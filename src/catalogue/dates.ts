/**
 * Dates in one place: the spec's layouts (`DD/MM/YYYY`, which is also `d/m/Y`;
 * `yyyy-mm-dd`; `yyyy-mm-dd hh:mi`; `Y-m-d H:i:s`; the time `hh:mi`), reading
 * and writing them, real-calendar checks, "today" of a clock, and calendar
 * arithmetic on `yyyy-mm-dd` text. Arithmetic counts in UTC, so that no time
 * zone or daylight-saving change moves a day; "today" is the local calendar
 * date of the clock's instant, so a test that pins the clock gets the same
 * dates every run.
 */

/** A calendar date: year, month 1–12, day 1–31. */
export interface Ymd {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** The date layouts of the spec (`d/m/Y` is `DD/MM/YYYY`). */
export type DateLayout = 'DD/MM/YYYY' | 'yyyy-mm-dd' | 'yyyy-mm-dd hh:mi' | 'Y-m-d H:i:s';

/** A time of day, 00:00 to 23:59. */
const HM = '(?:[01]\\d|2[0-3]):[0-5]\\d';

/** Each layout's pattern (its shape), and whether it writes the day first or the year first. */
const LAYOUTS: Readonly<Record<DateLayout, { readonly pattern: RegExp; readonly dayFirst: boolean }>> = {
  'DD/MM/YYYY': { pattern: /^\d{2}\/\d{2}\/\d{4}$/, dayFirst: true },
  'yyyy-mm-dd': { pattern: /^\d{4}-\d{2}-\d{2}$/, dayFirst: false },
  'yyyy-mm-dd hh:mi': { pattern: new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${HM}$`), dayFirst: false },
  'Y-m-d H:i:s': { pattern: new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${HM}:[0-5]\\d$`), dayFirst: false },
};

/** `hh:mi`, 00:00 to 23:59. */
export const TIME_PATTERN = new RegExp(`^${HM}$`);

/** The pattern of a layout: its shape only, not whether the date is a real one. */
export function layoutPattern(layout: DateLayout): RegExp {
  return LAYOUTS[layout].pattern;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A year as the layouts write it: four digits (`0089`), a minus before a year before 0 (arithmetic only). */
export const yearText = (y: number): string => (y < 0 ? `-${String(-y).padStart(4, '0')}` : String(y).padStart(4, '0'));

/**
 * A UTC instant of a calendar date; the day and month may overflow (day 0 is
 * the last of the month before). `setUTCFullYear` takes the year as given,
 * where `Date.UTC` would read years 0 to 99 as 1900 to 1999.
 */
function utc(y: number, m: number, d: number): Date {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t;
}

/** Whether `y` is a leap year of the Gregorian calendar (0 is one, as 2000; 100 is not, as 1900). */
const leap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether y-m-d is a day of the real calendar (no 31/02; 29/02 in leap years only). Counted, not through Date. */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && leap(y) ? 29 : MONTH_DAYS[m - 1]!);
}

/** The date a text of `layout` names; undefined when the text is not of that layout or not a real date. */
export function parseDate(text: string, layout: DateLayout): Ymd | undefined {
  const { pattern, dayFirst } = LAYOUTS[layout];
  if (!pattern.test(text)) return undefined;
  // The layouts put the parts at fixed places: DD/MM/YYYY, or YYYY-MM-DD and the time after it.
  const part = (from: number, to: number) => Number(text.slice(from, to));
  const [y, m, d] = dayFirst ? [part(6, 10), part(3, 5), part(0, 2)] : [part(0, 4), part(5, 7), part(8, 10)];
  return isCalendarDate(y, m, d) ? { y, m, d } : undefined;
}

/**
 * The first year of a date a request carries (a birth, a document's issue, an
 * appointment, a contract's validity): a year before it is a typing slip
 * (`0000`, `0198`), not a date anyone means. Answers are not held to it.
 */
export const FIRST_YEAR = 1900;

/** `yyyy-mm-dd` of a date. */
export function isoOf({ y, m, d }: Ymd): string {
  return `${yearText(y)}-${pad(m)}-${pad(d)}`;
}

function fromUTC(t: Date): string {
  return isoOf({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

/** The parts of `yyyy-mm-dd` text. */
function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

/** Local calendar date of an instant: `yyyy-mm-dd`. */
export function isoDate(instant: Date): string {
  return isoOf({ y: instant.getFullYear(), m: instant.getMonth() + 1, d: instant.getDate() });
}

/** Local date and minute of an instant: `yyyy-mm-dd hh:mi` (sorts as text). */
export function isoMinute(instant: Date): string {
  return `${isoDate(instant)} ${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

/** Today by `clock` (the local calendar date of its instant): `yyyy-mm-dd`. */
export function today(clock: () => Date = () => new Date()): string {
  return isoDate(clock());
}

/** `DD/MM/YYYY` → `yyyy-mm-dd`. */
export function fromBR(br: string): string {
  const [d, m, y] = br.split('/');
  return `${y}-${m}-${d}`;
}

/** `yyyy-mm-dd` → `DD/MM/YYYY`. */
export function toBR(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** `iso` plus `n` days (negative goes back). */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  return fromUTC(utc(y, m, d + n));
}

/** `iso` plus `n` months; a day that does not exist in the target month becomes its last day (31/01 + 1 → 28/02). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  return fromUTC(utc(y, m + n, Math.min(d, daysInMonth(y, m + n))));
}

/** The first day of the month after `iso`. */
export function firstOfNextMonth(iso: string): string {
  const [y, m] = parts(iso);
  return fromUTC(utc(y, m + 1, 1));
}

/** How many days month `m` of year `y` has (a month past 12 counts on into the next years). */
export function daysInMonth(y: number, m: number): number {
  return utc(y, m + 1, 0).getUTCDate();
}

/** Day of the week of `iso`: 0 Sunday … 6 Saturday. */
export function weekday(iso: string): number {
  const [y, m, d] = parts(iso);
  return utc(y, m, d).getUTCDay();
}

/** Minutes since midnight of `hh:mi`. */
export function minutesOf(hhmi: string): number {
  return Number(hhmi.slice(0, 2)) * 60 + Number(hhmi.slice(3, 5));
}

/** `hh:mi` of minutes since midnight. */
export function timeOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
