/**
 * Month calendars with some dates marked: the table output of
 * `schedule dates`, and the date step of the scheduling wizard. A marked day
 * reads `[12]` (` [3]` for one digit, so the numbers stay in their columns),
 * which works without colour; with colour it is also green and bold.
 */
import { daysInMonth, isoOf, parseDate, weekday, type Ymd } from '../../catalogue/dates.js';
import { formatIsoDate, type Lang, messagesFor, monthTitle, weekdayNames } from '../i18n/index.js';
import type { Style } from '../style.js';

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

/**
 * The months from the first to the last of `dates` (yyyy-mm-dd), one after
 * the other, with those dates marked, and a legend; in the language's month
 * and weekday names and date layout. Empty for no dates.
 */
export function renderCalendar(dates: readonly string[], style: Style, lang: Lang = 'en'): string {
  const parsed = dates.map(parse).filter((d): d is Ymd => d !== undefined);
  if (parsed.length === 0) return '';
  const byMonth = new Map<number, Set<number>>();
  for (const { y, m, d } of parsed) {
    const key = y * 12 + (m - 1);
    const days = byMonth.get(key) ?? new Set<number>();
    byMonth.set(key, days);
    days.add(d);
  }
  const keys = [...byMonth.keys()];
  const first = Math.min(...keys);
  const last = Math.max(...keys);
  const blocks: string[] = [];
  for (let key = first; key <= last; key++) {
    const days = byMonth.get(key) ?? new Set<number>();
    blocks.push(renderMonth(Math.floor(key / 12), (key % 12) + 1, days, style, lang).join('\n'));
  }
  const sorted = [...new Set(parsed.map(isoOf))].sort();
  const legend = messagesFor(lang).output.freeSlots(
    sorted.length,
    formatIsoDate(lang, sorted[0]!),
    formatIsoDate(lang, sorted[sorted.length - 1]!),
  );
  const key = `${style.green(style.bold('[dd]'))} ${legend}`;
  return `${blocks.join('\n\n')}\n\n${key}\n`;
}
