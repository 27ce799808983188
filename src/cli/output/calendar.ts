/**
 * Month calendars with some dates marked: the table output of
 * `schedule dates`, and the date step of the scheduling wizard. A marked day
 * reads `[12]` (` [3]` for one digit, so the numbers stay in their columns),
 * which works without colour; with colour it is also green and bold. However
 * far apart the dates are (a legacy back end's 9999-12-31), a few months are
 * drawn and the rest listed or counted (renderCalendar).
 */
import { daysInMonth, isoOf, parseDate, weekday, type Ymd } from '../../catalogue/dates.js';
import { formatIsoDate, type Lang, messagesFor, monthTitle, weekdayNames } from '../i18n/index.js';
import type { Style } from './style.js';
import { wrapLine } from './wrap.js';

/**
 * Weeks start on Sunday, as Brazilian calendars (and `cal`) do. The names
 * are Intl's short ones: two letters in English as `cal` writes them (`Su`,
 * `Mo`), all three in Portuguese, where two would not tell `qua` from `qui`
 * nor `seg` from `sex`.
 */
function weekdays(lang: Lang): string[] {
  const names = weekdayNames(lang);
  return lang === 'en' ? names.map((n) => n.slice(0, 2)) : names;
}
const CELL = 4;
const WIDTH = CELL * 7;

/** The real date that starts a `yyyy-mm-dd…` text (a date, or a date and time). */
const parse = (date: string): Ymd | undefined => parseDate(date.slice(0, 10), 'yyyy-mm-dd');

function centred(text: string, width: number): string {
  const left = Math.max(0, Math.floor((width - text.length) / 2));
  return `${' '.repeat(left)}${text}`.padEnd(width);
}

/** One month: title, weekday header, then its weeks; days in `marked` are marked. */
export function renderMonth(
  y: number,
  m: number,
  marked: ReadonlySet<number>,
  style: Style,
  lang: Lang = 'en',
): string[] {
  const lines = [
    style.bold(centred(monthTitle(lang, y, m), WIDTH).trimEnd()),
    weekdays(lang)
      .map((w) => w.padStart(3).padEnd(CELL))
      .join('')
      .trimEnd(),
  ];
  let week: string[] = Array.from({ length: weekday(isoOf({ y, m, d: 1 })) }, () => ' '.repeat(CELL));
  const flush = () => {
    lines.push(week.join('').trimEnd());
    week = [];
  };
  for (let d = 1; d <= daysInMonth(y, m); d++) {
    const n = String(d);
    week.push(
      marked.has(d) ? style.green(style.bold(n.length === 1 ? ` [${n}]` : `[${n}]`)) : n.padStart(3).padEnd(CELL),
    );
    if (week.length === 7) flush();
  }
  if (week.length) flush();
  return lines;
}

/** At most this many months are drawn, the nearest ones: about what a terminal shows at once. */
export const DRAWN_MONTHS = 3;
/** At most this many months after the drawn ones are listed, a line each (wrapped); the rest are counted. */
export const LISTED_MONTHS = 12;

/** The free days of one month; `key` counts months from the year 0 (`y * 12 + m - 1`). */
interface MonthDays {
  readonly key: number;
  readonly y: number;
  readonly m: number;
  /** The days, ascending, each once. */
  readonly days: number[];
}

const keyOf = ({ y, m }: Pick<Ymd, 'y' | 'm'>): number => y * 12 + (m - 1);

/** The months that hold the dates, ascending: a pass over the dates and a sort of their months (never of the span). */
function monthsOf(dates: readonly string[]): MonthDays[] {
  const byMonth = new Map<number, Set<number>>();
  for (const date of dates) {
    const ymd = parse(date);
    if (!ymd) continue;
    const key = keyOf(ymd);
    const days = byMonth.get(key) ?? new Set<number>();
    if (days.size === 0) byMonth.set(key, days);
    days.add(ymd.d);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, days]) => ({ key, y: Math.floor(key / 12), m: (key % 12) + 1, days: [...days].sort((a, b) => a - b) }));
}

/**
 * The first month drawn: that of the nearest date from `today` on, moved back
 * so that DRAWN_MONTHS months are drawn when the dates reach that far; the
 * first date's month without `today` (or when every date is before it, the
 * last months).
 */
function firstDrawn(months: readonly MonthDays[], today: Ymd | undefined): number {
  const first = months[0]!.key;
  const last = months[months.length - 1]!.key;
  let anchor = first;
  if (today) {
    const now = keyOf(today);
    const next = months.find((mo) => mo.key > now || (mo.key === now && mo.days[mo.days.length - 1]! >= today.d));
    anchor = next ? next.key : last;
  }
  return Math.max(first, Math.min(anchor, last - DRAWN_MONTHS + 1));
}

/** `4, 5, 8–12, 19`: days in order, three or more in a row as a range. */
function dayRanges(days: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${days[i]}–${days[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(days[k]));
    i = j + 1;
  }
  return parts.join(', ');
}

const dateOf = (mo: MonthDays, d: number): string => isoOf({ y: mo.y, m: mo.m, d });

/** What the drawn months leave out: the months after them listed (then counted), the months before counted. */
function restOf(before: readonly MonthDays[], after: readonly MonthDays[], lang: Lang, width: number): string[] {
  const words = messagesFor(lang).output.calendar;
  const lines: string[] = [];
  const count = (list: readonly MonthDays[]) => list.reduce((n, mo) => n + mo.days.length, 0);
  if (after.length > 0) {
    lines.push(words.later);
    for (const mo of after.slice(0, LISTED_MONTHS)) {
      const wrapped: string[] = [];
      wrapLine(words.monthDays(monthTitle(lang, mo.y, mo.m), dayRanges(mo.days)), Math.max(width - 2, 10), wrapped);
      lines.push(...wrapped.map((l) => `  ${l}`));
    }
    const unlisted = after.slice(LISTED_MONTHS);
    if (unlisted.length > 0) {
      const end = unlisted[unlisted.length - 1]!;
      const last = formatIsoDate(lang, dateOf(end, end.days[end.days.length - 1]!));
      lines.push(`  ${words.more(count(unlisted), unlisted.length, last)}`);
    }
  }
  if (before.length > 0) {
    const start = before[0]!;
    const end = before[before.length - 1]!;
    const first = formatIsoDate(lang, dateOf(start, start.days[0]!));
    const last = formatIsoDate(lang, dateOf(end, end.days[end.days.length - 1]!));
    lines.push(words.earlier(count(before), first, last));
  }
  return lines;
}

export interface CalendarOptions {
  /** Today (`yyyy-mm-dd`): the months drawn are the nearest from it on. */
  readonly today?: string;
  /** The terminal's columns, for the lines of the months not drawn (80 when not given). */
  readonly width?: number;
}

/**
 * The free dates (`yyyy-mm-dd`) as month calendars with those dates marked,
 * in the language's month and weekday names and date layout, and a legend.
 * Bounded whatever the answer holds: at most DRAWN_MONTHS consecutive months
 * are drawn, the nearest to `today`; the months after them are listed a line
 * each (LISTED_MONTHS at most, then counted), those before counted; an answer
 * from the year 1026 to 9999 prints a few dozen lines. Time linear in the
 * dates (and a sort of their months). Empty for no dates.
 */
export function renderCalendar(
  dates: readonly string[],
  style: Style,
  lang: Lang = 'en',
  options: CalendarOptions = {},
): string {
  const months = monthsOf(dates);
  if (months.length === 0) return '';
  const start = firstDrawn(months, options.today === undefined ? undefined : parse(options.today));
  const end = Math.min(start + DRAWN_MONTHS - 1, months[months.length - 1]!.key);
  const byKey = new Map(months.map((mo) => [mo.key, mo]));
  const blocks: string[] = [];
  for (let key = start; key <= end; key++) {
    const days = new Set(byKey.get(key)?.days ?? []);
    blocks.push(renderMonth(Math.floor(key / 12), (key % 12) + 1, days, style, lang).join('\n'));
  }
  const rest = restOf(
    months.filter((mo) => mo.key < start),
    months.filter((mo) => mo.key > end),
    lang,
    options.width ?? 80,
  );
  const firstMonth = months[0]!;
  const lastMonth = months[months.length - 1]!;
  const legend = messagesFor(lang).output.freeSlots(
    months.reduce((n, mo) => n + mo.days.length, 0),
    formatIsoDate(lang, dateOf(firstMonth, firstMonth.days[0]!)),
    formatIsoDate(lang, dateOf(lastMonth, lastMonth.days[lastMonth.days.length - 1]!)),
  );
  const sections = [blocks.join('\n\n'), ...(rest.length > 0 ? [rest.join('\n')] : [])];
  return `${sections.join('\n\n')}\n\n${style.green(style.bold('[dd]'))} ${legend}\n`;
}
