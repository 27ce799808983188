/**
 * Dates of the years 0001, 0089, 0099, 0100 and 9999 in every date field of
 * every operation, in each of the spec's layouts: in an answer they are real
 * dates (exit 0, printed as received, and in a person's table as the language
 * writes dates); as a parameter, a year before 1900 is refused before
 * anything is sent, and 1900 and 9999 are sent as given, from the wire layout
 * and from another input form. `Date.UTC` reads the years 0 to 99 as 1900 to
 * 1999, which once refused `0089-10-31` and `06/05/0085` (exit 4 and 2).
 */
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  type Field,
  type Operation,
  type Row,
  sampleParams,
  sampleRecord,
} from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { useHarness } from '../cli/harness.js';

const run = useHarness('coopctl-years-');

const YEARS = ['0001', '0089', '0099', '0100', '9999'];

/** A date text of any of the layouts with its year replaced (the only run of four digits in each layout). */
const inYear = (text: string, year: string): string => text.replace(/\d{4}/, year);

/** The date fields of a set of fields. */
const dated = (fields: Readonly<Record<string, Field>>): string[] =>
  Object.entries(fields)
    .filter(([, f]) => f.layout !== undefined)
    .map(([name]) => name);

/** The record with every date field, its groups' too, in `year`. */
function recordIn(op: Operation, year: string): Row {
  const rec = sampleRecord(op);
  for (const name of dated(op.response.fields)) rec[name] = inYear(String(rec[name]), year);
  for (const [group, g] of Object.entries(op.response.groups ?? {})) {
    const names = dated(g.fields);
    const shift = (r: Row) => ({ ...r, ...Object.fromEntries(names.map((n) => [n, inYear(String(r[n]), year)])) });
    rec[group] = Array.isArray(rec[group]) ? (rec[group] as Row[]).map(shift) : shift(rec[group] as Row);
  }
  return rec;
}

const answering = catalogue.filter(
  (op) =>
    dated(op.response.fields).length > 0 || Object.values(op.response.groups ?? {}).some((g) => dated(g.fields).length),
);
const asking = catalogue.filter((op) => dated(op.params).length > 0);

/** Birth dates may not be later than today: a date of birth in 9999 is refused by that rule, as a real date. */
const BIRTH = new Set(['data_nascimento']);

describe('answers with dates of the years 1 to 100 and 9999', () => {
  it('the catalogue has date fields in answers of the four layouts', () => {
    const layouts = new Set(
      answering.flatMap((op) => [
        ...Object.values(op.response.fields).map((f) => f.layout),
        ...Object.values(op.response.groups ?? {}).flatMap((g) => Object.values(g.fields).map((f) => f.layout)),
      ]),
    );
    expect([...layouts].filter(Boolean).sort()).toEqual([
      'DD/MM/YYYY',
      'Y-m-d H:i:s',
      'yyyy-mm-dd',
      'yyyy-mm-dd hh:mi',
    ]);
  });

  describe.each(answering.map((op) => [op.id, op] as const))('%s', (_id, op) => {
    it.each(YEARS)('year %s: exit 0, the records printed as received', async (year) => {
      const rec = recordIn(op, year);
      (op.host === 'test' ? run.h.test : run.h.base).reply({ json: [rec] });
      const r = await run.h.run([...callArgv(op, sampleParams(op)), '--output', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([rec]);
    });
  });

  it('a table for people writes them as the language writes dates, four digits of year', async () => {
    const op = catalogue.find((o) => o.id === 'schedule.list')!;
    run.h.base.reply({ json: [{ ...sampleRecord(op), data_consulta: '0089-10-31', data_cadastro: '0001-01-01' }] });
    const tty = { stdin: false, stdout: true, stderr: true } as const;
    const argv = callArgv(op, sampleParams(op));
    const pt = await run.h.run(['--lang', 'pt-BR', ...argv], { tty, screen: { columns: 200, rows: 50 } });
    expect(pt.code, pt.stderr).toBe(0);
    expect(pt.stdout).toContain('31/10/0089');
    expect(pt.stdout).toContain('01/01/0001');
    const en = await run.h.run(['--lang', 'en', ...argv], { tty, screen: { columns: 200, rows: 50 } });
    expect(en.stdout).toContain('0089-10-31');
    expect(en.stdout).toContain('0001-01-01');
  });
});

/** The same date in another input form the field takes: day first for a year-first layout, and year first for `DD/MM/YYYY`. */
function otherForm(text: string): string {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(text)!;
  return `${iso[3]}/${iso[2]}/${iso[1]}${iso[4]}`;
}

/** Years a request may not carry (before 1900: docs/decisions.md), and years it may. */
const EARLY = ['0001', '0089', '0099', '0100', '1899'];
const SENT = ['1900', '9999'];

describe('parameters with dates of the years 1 to 100, 1899, 1900 and 9999', () => {
  it('the catalogue has date parameters of three layouts', () => {
    const layouts = new Set(asking.flatMap((op) => Object.values(op.params).map((f) => f.layout)));
    expect([...layouts].filter(Boolean).sort()).toEqual(['DD/MM/YYYY', 'yyyy-mm-dd', 'yyyy-mm-dd hh:mi']);
  });

  describe.each(asking.map((op) => [op.id, op] as const))('%s', (_id, op) => {
    const cases = [...EARLY, ...SENT].flatMap((year) => [
      [year, 'the wire layout'],
      [year, 'another input form'],
    ]);
    it.each(cases)('year %s, %s: sent as the wire layout writes it', async (year, form) => {
      const names = dated(op.params);
      const params = sampleParams(op);
      const wire = Object.fromEntries(names.map((n) => [n, inYear(String(params[n]), year)]));
      const given = form === 'the wire layout' ? wire : Object.fromEntries(names.map((n) => [n, otherForm(wire[n]!)]));
      const service = op.host === 'test' ? run.h.test : run.h.base;
      service.reply({ json: [sampleRecord(op)] });
      const r = await run.h.run(callArgv(op, { ...params, ...given }));
      if (EARLY.includes(year)) {
        expect(r.code, r.stderr).toBe(2);
        for (const n of names)
          expect(r.stderr).toContain(`${n} (--${n.replaceAll('_', '-')}): must be a date from the year 1900 on`);
        expect(service.requests).toEqual([]);
        return;
      }
      const future = year === '9999' ? names.filter((n) => BIRTH.has(n)) : [];
      if (future.length > 0) {
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain(`data_nascimento (--data-nascimento): must be a date of birth, not in the future`);
        expect(service.requests).toEqual([]);
        return;
      }
      expect(r.code, r.stderr).toBe(0);
      const sent = service.requests.at(-1)!;
      const values =
        sent.method === 'POST' ? (JSON.parse(sent.body) as Row) : Object.fromEntries(sent.url.searchParams);
      for (const n of names) expect(values[n], n).toBe(wire[n]);
    });
  });
});
