/** The month calendar of `schedule dates`: layout, marks without colour and with it, consecutive months; other formats unchanged. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderCalendar, renderMonth } from '../../src/cli/output/calendar.js';
import { loadStyle } from '../../src/cli/output/style.js';
import { startHarness, type Harness } from '../cli/harness.js';

const plain = await loadStyle(false);
const coloured = await loadStyle(true);
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour escape sequences
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('renderMonth / renderCalendar', () => {
  it('lays out a month from Sunday, marking the given days with [dd] in their columns', () => {
    // March 2026 starts on a Sunday.
    expect(renderMonth(2026, 3, new Set([3, 12, 31]), plain)).toEqual([
      '         March 2026',
      ' Su  Mo  Tu  We  Th  Fr  Sa',
      '  1   2  [3]  4   5   6   7',
      '  8   9  10  11 [12] 13  14',
      ' 15  16  17  18  19  20  21',
      ' 22  23  24  25  26  27  28',
      ' 29  30 [31]',
    ]);
  });

  it('starts the first week on the right weekday', () => {
    // 1 April 2026 is a Wednesday.
    const lines = renderMonth(2026, 4, new Set([1]), plain);
    expect(lines[2]).toBe('             [1]  2   3   4');
    expect(lines[1]!.indexOf('We')).toBe(lines[2]!.indexOf('[1]'));
  });

  it('shows the consecutive months from the first date to the last, with a legend', () => {
    const out = renderCalendar(['2026-05-04', '2026-03-30', '2026-05-04'], plain);
    expect(out.match(/^ +(March|April|May) 2026$/gm)!.map((l) => l.trim())).toEqual([
      'March 2026',
      'April 2026',
      'May 2026',
    ]);
    expect(out).toContain('[30]');
    expect(out).toContain(' [4]');
    expect(out).not.toContain('\u001b[');
    expect(out.trimEnd().split('\n').at(-1)).toBe('[dd] free slots: 2 dates, 2026-03-30 to 2026-05-04');
  });

  it('crosses a year', () => {
    const out = renderCalendar(['2026-12-31', '2027-01-02'], plain);
    expect(out).toContain('December 2026');
    expect(out).toContain('January 2027');
  });

  it('with colour the marks are also coloured, and the plain text is the same', () => {
    const dates = ['2026-03-03', '2026-03-12'];
    const out = renderCalendar(dates, coloured);
    expect(out).toContain('\u001b[');
    expect(strip(out)).toBe(renderCalendar(dates, plain));
  });

  it('no dates, no calendar', () => {
    expect(renderCalendar([], plain)).toBe('');
  });
});

/** `yyyy-mm-dd` of the days `days` of every month of the years `from` to `to` (an answer spanning centuries). */
function everyMonth(from: number, to: number, days: readonly number[]): string[] {
  const out: string[] = [];
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  for (let y = from; y <= to; y++)
    for (let m = 1; m <= 12; m++) for (const d of days) out.push(`${p(y, 4)}-${p(m)}-${p(d)}`);
  return out;
}

describe('a calendar of dates far apart is bounded', () => {
  // A legacy back end's dates: one in 1026, the next ones from 1 December 2026, one in 2028, and 9999-12-31.
  const scattered = [
    '1026-03-15',
    '2026-11-20',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-09',
    '2027-01-05',
    '2027-03-01',
    '2027-03-02',
    '2028-07-04',
    '9999-12-31',
  ];

  it('draws the three months from the nearest date from today on, lists the later months and counts the earlier dates', () => {
    const out = renderCalendar(scattered, plain, 'en', { today: '2026-11-28', width: 80 });
    expect(out).toBe(
      [
        '       December 2026',
        ' Su  Mo  Tu  We  Th  Fr  Sa',
        '         [1] [2] [3]  4   5',
        '  6   7   8  [9] 10  11  12',
        ' 13  14  15  16  17  18  19',
        ' 20  21  22  23  24  25  26',
        ' 27  28  29  30  31',
        '',
        '        January 2027',
        ' Su  Mo  Tu  We  Th  Fr  Sa',
        '                      1   2',
        '  3   4  [5]  6   7   8   9',
        ' 10  11  12  13  14  15  16',
        ' 17  18  19  20  21  22  23',
        ' 24  25  26  27  28  29  30',
        ' 31',
        '',
        '       February 2027',
        ' Su  Mo  Tu  We  Th  Fr  Sa',
        '      1   2   3   4   5   6',
        '  7   8   9  10  11  12  13',
        ' 14  15  16  17  18  19  20',
        ' 21  22  23  24  25  26  27',
        ' 28',
        '',
        'Later free dates:',
        '  March 2027: 1, 2',
        '  July 2028: 4',
        '  December 9999: 31',
        'Earlier free dates: 2, 1026-03-15 to 2026-11-20',
        '',
        '[dd] free slots: 11 dates, 1026-03-15 to 9999-12-31',
        '',
      ].join('\n'),
    );
  });

  it('in Portuguese: the months not drawn in the language’s words and dates', () => {
    const out = renderCalendar(scattered, plain, 'pt-BR', { today: '2026-11-28', width: 80 });
    expect(out.split('\n').slice(0, 1)).toEqual(['      dezembro de 2026']);
    expect(out.trimEnd().split('\n').slice(-7)).toEqual([
      'Outras datas livres:',
      '  março de 2027: 1, 2',
      '  julho de 2028: 4',
      '  dezembro de 9999: 31',
      'Datas livres anteriores: 2, de 15/03/1026 a 20/11/2026',
      '',
      '[dd] horários livres: 11 datas, de 15/03/1026 a 31/12/9999',
    ]);
  });

  it.each(['en', 'pt-BR'] as const)(
    '%s: an answer from 1026 to 9999 prints at most 200 lines of at most 80 columns, the rest counted',
    (lang) => {
      const dates = everyMonth(1026, 9999, [3, 4, 5, 10, 17, 24]);
      const out = renderCalendar(dates, plain, lang, { today: '2026-11-28', width: 80 });
      const lines = out.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(200);
      expect(lines.filter((l) => [...l].length > 80)).toEqual([]);
      const words =
        lang === 'en'
          ? {
              first: 'December 2026',
              month: '  March 2027: 3–5, 10, 17, 24',
              // (9999 − 1026 + 1) years × 12 months × 6 days = 646,128 dates; 72,066 before December 2026.
              more: '  … and 573,972 more dates in 95,662 months, the last on 9999-12-24',
              earlier: 'Earlier free dates: 72,066, 1026-01-03 to 2026-11-24',
              legend: '[dd] free slots: 646,128 dates, 1026-01-03 to 9999-12-24',
            }
          : {
              first: 'dezembro de 2026',
              month: '  março de 2027: 3–5, 10, 17, 24',
              more: '  … e mais 573.972 datas em 95.662 meses, a última em 24/12/9999',
              earlier: 'Datas livres anteriores: 72.066, de 03/01/1026 a 24/11/2026',
              legend: '[dd] horários livres: 646.128 datas, de 03/01/1026 a 24/12/9999',
            };
      expect(lines[0]!.trim()).toBe(words.first);
      expect(lines).toContain(words.month);
      expect(lines).toContain(words.more);
      expect(lines).toContain(words.earlier);
      expect(lines.at(-1)).toBe(words.legend);
    },
  );

  it('dates all before today: the last months are drawn', () => {
    const out = renderCalendar(everyMonth(2020, 2020, [15]), plain, 'en', { today: '2026-11-28' });
    expect(out.match(/^ +\w+ 2020$/gm)!.map((l) => l.trim())).toEqual([
      'October 2020',
      'November 2020',
      'December 2020',
    ]);
    expect(out).toContain('Earlier free dates: 9, 2020-01-15 to 2020-09-15');
    expect(out).not.toContain('Later free dates');
  });

  it('a month of many days is wrapped to the width', () => {
    const odd = Array.from({ length: 16 }, (_, i) => `2027-03-${String(2 * i + 1).padStart(2, '0')}`);
    const out = renderCalendar(['2026-12-01', ...odd], plain, 'en', { today: '2026-12-01', width: 40 });
    const lines = out.split('\n');
    const from = lines.indexOf('Later free dates:') + 1;
    const listed = lines.slice(from, lines.indexOf('', from));
    expect(listed.join(' ').replace(/\s+/g, ' ').trim()).toBe(
      'March 2027: 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31',
    );
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.filter((l) => l.length > 40)).toEqual([]);
  });
});

describe('schedule dates output', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());
  const records = ['2026-03-03', '2026-03-04', '2026-04-07'].map((data_consulta) => ({
    data_consulta,
    confirma_operacao: 2,
    mensagem_erro: '',
  }));
  const argv = ['schedule', 'dates', '--cd-local', '101', '--prest-cod-svc-card', '9001'];

  it('table output on a terminal is the calendar', async () => {
    h.base.reply({ json: records });
    const r = await h.run(argv, { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('March 2026');
    expect(r.stdout).toContain('April 2026');
    expect(r.stdout).toMatch(/ \[3\] \[4\]/);
    expect(r.stdout).toContain(' [7]');
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('in Portuguese: month and weekday names from Intl, the legend in DD/MM/AAAA', async () => {
    h.base.reply({ json: records });
    const r = await h.run(['--lang', 'pt-BR', ...argv], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      '       março de 2026',
      'dom seg ter qua qui sex sáb',
      '  1   2  [3] [4]  5   6   7',
      '  8   9  10  11  12  13  14',
    ]);
    expect(r.stdout).toContain('\n       abril de 2026\n');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('[dd] horários livres: 3 datas, de 03/03/2026 a 07/04/2026');
  });

  it('into a pipe: the dates, one a line', async () => {
    h.base.reply({ json: records });
    const r = await h.run(argv);
    expect(r.stdout).toBe('2026-03-03\n2026-03-04\n2026-04-07\n');
  });

  it('with FORCE_COLOR the marks are coloured', async () => {
    h.base.reply({ json: records });
    const r = await h.run(argv, { tty: { stdout: true }, env: { FORCE_COLOR: '1' } });
    expect(r.stdout).toContain('\u001b[');
    expect(strip(r.stdout)).toContain(' [3] [4]');
  });

  it('--json, jsonl and csv are unchanged', async () => {
    h.base.reply({ json: records });
    const json = await h.run(['--json', ...argv]);
    expect(JSON.parse(json.stdout)).toEqual(records);
    const jsonl = await h.run(['-o', 'jsonl', ...argv]);
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(records);
    const csv = await h.run(['-o', 'csv', ...argv]);
    expect(csv.stdout.trim().split(/\r?\n/)).toEqual(['data_consulta', '2026-03-03', '2026-03-04', '2026-04-07']);
  });

  it.each([
    ['en', 'December 2026'],
    ['pt-BR', 'dezembro de 2026'],
  ])(
    '%s: an answer from 1026 to 9999 on a terminal of 80 columns prints at most 200 lines, from the nearest month',
    async (lang, first) => {
      // One free date a month for nine centuries: 107,688 records (about 7 MB).
      const spanning = everyMonth(1026, 9999, [15]).map((data_consulta) => ({
        data_consulta,
        confirma_operacao: 2,
        mensagem_erro: '',
      }));
      h.base.reply({ json: spanning });
      const r = await h.run(['--lang', lang, ...argv], {
        tty: { stdout: true },
        screen: { columns: 80, rows: 1000 },
        env: { NO_COLOR: '1' },
        today: new Date(2026, 10, 28, 9, 0),
      });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(200);
      expect(lines[0]!.trim()).toBe(first);
      expect(lines.filter((l) => [...l].length > 80)).toEqual([]);
      expect(lines.at(-1)).toBe(
        lang === 'en'
          ? '[dd] free slots: 107,688 dates, 1026-01-15 to 9999-12-15'
          : '[dd] horários livres: 107.688 datas, de 15/01/1026 a 15/12/9999',
      );
    },
  );

  it('no free date: no calendar, exit 3', async () => {
    h.base.reply({ json: [{ confirma_operacao: 3, mensagem_erro: 'no free slot' }] });
    const r = await h.run(argv);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
  });
});
