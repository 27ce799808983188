/** The date module: the spec's layouts, real-calendar checks, today of a clock, calendar arithmetic. */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInMonth,
  firstOfNextMonth,
  fromBR,
  isCalendarDate,
  isoDate,
  isoMinute,
  isoOf,
  layoutPattern,
  minutesOf,
  parseDate,
  TIME_PATTERN,
  timeOf,
  toBR,
  today,
  weekday,
  type DateLayout,
} from '../../src/catalogue/dates.js';

describe('layouts', () => {
  it.each<[DateLayout, string, { y: number; m: number; d: number }]>([
    ['DD/MM/YYYY', '15/03/1985', { y: 1985, m: 3, d: 15 }],
    ['DD/MM/YYYY', '29/02/2024', { y: 2024, m: 2, d: 29 }],
    ['yyyy-mm-dd', '2026-12-01', { y: 2026, m: 12, d: 1 }],
    ['yyyy-mm-dd hh:mi', '2026-12-01 23:59', { y: 2026, m: 12, d: 1 }],
    ['Y-m-d H:i:s', '2026-01-31 00:00:59', { y: 2026, m: 1, d: 31 }],
  ])('%s reads %s', (layout, text, date) => {
    expect(parseDate(text, layout)).toEqual(date);
  });

  it.each<[DateLayout, string]>([
    ['DD/MM/YYYY', '31/02/2020'],
    ['DD/MM/YYYY', '29/02/2023'],
    ['DD/MM/YYYY', '1985-03-15'],
    ['DD/MM/YYYY', '5/3/1985'],
    ['yyyy-mm-dd', '2026-02-30'],
    ['yyyy-mm-dd', '2026-13-01'],
    ['yyyy-mm-dd', '2026-12-1'],
    ['yyyy-mm-dd', '2026-12-01 09:00'],
    ['yyyy-mm-dd hh:mi', '2026-12-01 24:00'],
    ['yyyy-mm-dd hh:mi', '2026-12-01'],
    ['Y-m-d H:i:s', '2026-12-01 00:00'],
    ['Y-m-d H:i:s', '2026-12-01 00:00:60'],
  ])('%s refuses %s', (layout, text) => {
    expect(parseDate(text, layout)).toBeUndefined();
  });

  it('tells the shape of a layout apart from a real date', () => {
    expect(layoutPattern('yyyy-mm-dd').test('2026-02-30')).toBe(true);
    expect(layoutPattern('yyyy-mm-dd').test('30/02/2026')).toBe(false);
    expect(isCalendarDate(2026, 2, 30)).toBe(false);
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
  });

  it('reads times of day from 00:00 to 23:59', () => {
    expect(['00:00', '09:30', '23:59'].map((t) => TIME_PATTERN.test(t))).toEqual([true, true, true]);
    expect(['9:30', '24:00', '09:60'].map((t) => TIME_PATTERN.test(t))).toEqual([false, false, false]);
    expect(minutesOf('09:30')).toBe(570);
    expect(timeOf(570)).toBe('09:30');
    expect(timeOf(0)).toBe('00:00');
  });

  it('writes dates as yyyy-mm-dd and converts DD/MM/YYYY both ways', () => {
    expect(isoOf({ y: 2026, m: 3, d: 5 })).toBe('2026-03-05');
    expect(fromBR('15/03/1985')).toBe('1985-03-15');
    expect(toBR('1985-03-15')).toBe('15/03/1985');
  });
});

describe('today of a clock', () => {
  // Built from local parts: the local calendar date is 15 January 2026 wherever the test runs.
  const instant = new Date(2026, 0, 15, 9, 5, 30);

  it('is the local calendar date and minute of the instant', () => {
    expect(isoDate(instant)).toBe('2026-01-15');
    expect(isoMinute(instant)).toBe('2026-01-15 09:05');
    expect(today(() => instant)).toBe('2026-01-15');
  });

  it('turns at local midnight', () => {
    expect(today(() => new Date(2026, 0, 15, 23, 59, 59))).toBe('2026-01-15');
    expect(today(() => new Date(2026, 0, 16, 0, 0, 0))).toBe('2026-01-16');
  });
});

describe('arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s plus %i months is %s', (from, n, to) => expect(addMonths(from, n)).toBe(to));

  it.each([
    ['2026-01-30', 3, '2026-02-02'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-28', 2, '2026-03-30'],
  ])('%s plus %i days is %s', (from, n, to) => expect(addDays(from, n)).toBe(to));

  it('finds the next month, the days of a month and the day of the week', () => {
    expect(firstOfNextMonth('2026-12-15')).toBe('2027-01-01');
    expect(firstOfNextMonth('2026-01-31')).toBe('2026-02-01');
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 13)).toBe(31);
    // 15 January 2026 is a Thursday; 1 March 2026 a Sunday.
    expect(weekday('2026-01-15')).toBe(4);
    expect(weekday('2026-03-01')).toBe(0);
  });
});

/**
 * Years 0000 to 0099 are years of the calendar, as any other: `Date.UTC`
 * would read them as 1900–1999 (so 29/02/0004, a leap day, was refused, and
 * 29/02/0000 too). Weekdays and leap years checked against Python's
 * `datetime` (the proleptic Gregorian calendar), written here as literals.
 */
describe('years 0000 to 0099, and the edges 0100 and 9999', () => {
  it.each<[DateLayout, string, { y: number; m: number; d: number }]>([
    ['yyyy-mm-dd', '0001-01-01', { y: 1, m: 1, d: 1 }],
    ['yyyy-mm-dd', '0089-10-31', { y: 89, m: 10, d: 31 }],
    ['yyyy-mm-dd', '0099-12-31', { y: 99, m: 12, d: 31 }],
    ['yyyy-mm-dd', '0100-02-28', { y: 100, m: 2, d: 28 }],
    ['yyyy-mm-dd', '9999-12-31', { y: 9999, m: 12, d: 31 }],
    ['yyyy-mm-dd', '0000-02-29', { y: 0, m: 2, d: 29 }],
    ['DD/MM/YYYY', '06/05/0085', { y: 85, m: 5, d: 6 }],
    ['DD/MM/YYYY', '01/01/0001', { y: 1, m: 1, d: 1 }],
    ['DD/MM/YYYY', '29/02/0004', { y: 4, m: 2, d: 29 }],
    ['DD/MM/YYYY', '31/12/0099', { y: 99, m: 12, d: 31 }],
    ['DD/MM/YYYY', '31/12/9999', { y: 9999, m: 12, d: 31 }],
    ['yyyy-mm-dd hh:mi', '0089-10-31 23:59', { y: 89, m: 10, d: 31 }],
    ['yyyy-mm-dd hh:mi', '0001-01-01 00:00', { y: 1, m: 1, d: 1 }],
    ['yyyy-mm-dd hh:mi', '9999-12-31 23:59', { y: 9999, m: 12, d: 31 }],
    ['Y-m-d H:i:s', '0045-06-30 11:07:15', { y: 45, m: 6, d: 30 }],
    ['Y-m-d H:i:s', '0099-01-31 00:00:00', { y: 99, m: 1, d: 31 }],
    ['Y-m-d H:i:s', '0100-12-31 23:59:59', { y: 100, m: 12, d: 31 }],
  ])('%s reads %s', (layout, text, date) => {
    expect(parseDate(text, layout)).toEqual(date);
  });

  it.each<[DateLayout, string]>([
    ['yyyy-mm-dd', '0100-02-29'],
    ['yyyy-mm-dd', '0089-02-29'],
    ['DD/MM/YYYY', '29/02/0001'],
    ['DD/MM/YYYY', '31/04/0099'],
    ['Y-m-d H:i:s', '0001-02-30 00:00:00'],
  ])('%s refuses %s, no day of the calendar', (layout, text) => {
    expect(parseDate(text, layout)).toBeUndefined();
  });

  it('writes, counts and names the days of those years', () => {
    expect(isoOf({ y: 1, m: 1, d: 1 })).toBe('0001-01-01');
    expect(isoOf({ y: 89, m: 10, d: 31 })).toBe('0089-10-31');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0100-02-28', 1)).toBe('0100-03-01');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(addMonths('0089-01-31', 1)).toBe('0089-02-28');
    expect(firstOfNextMonth('0099-12-15')).toBe('0100-01-01');
    expect(daysInMonth(4, 2)).toBe(29);
    expect(daysInMonth(100, 2)).toBe(28);
    expect(daysInMonth(0, 2)).toBe(29);
    // 0 Sunday … 6 Saturday.
    expect(weekday('0001-01-01')).toBe(1);
    expect(weekday('0089-10-31')).toBe(1);
    expect(weekday('0099-12-31')).toBe(4);
    expect(weekday('0100-02-28')).toBe(0);
    expect(weekday('9999-12-31')).toBe(5);
    expect(fromBR('06/05/0085')).toBe('0085-05-06');
    expect(toBR('0085-05-06')).toBe('06/05/0085');
  });
});
