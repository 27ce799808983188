/**
 * Calendar arithmetic of the store and handlers. Dates are ISO `yyyy-mm-dd`
 * text in the database; "today" is the server's local calendar date of
 * `now()`, so a test that pins `now` gets the same dates every run.
 */
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Local calendar date of an instant: `yyyy-mm-dd`. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local date and minute of an instant: `yyyy-mm-dd hh:mi` (sorts as text). */
export function isoMinute(d: Date): string {
  return `${isoDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

function fromUTC(t: Date): string {
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** `iso` plus `n` days (negative goes back). */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  return fromUTC(new Date(Date.UTC(y, m - 1, d + n)));
}

/** `iso` plus `n` months; a day that does not exist in the target month becomes its last day (31/01 + 1 → 28/02). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return fromUTC(new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))));
}

/** The first day of the month after `iso`. */
export function firstOfNextMonth(iso: string): string {
  const [y, m] = parts(iso);
  return fromUTC(new Date(Date.UTC(y, m, 1)));
}

/** Day of the week of `iso`: 0 Sunday … 6 Saturday. */
export function weekday(iso: string): number {
  const [y, m, d] = parts(iso);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
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
