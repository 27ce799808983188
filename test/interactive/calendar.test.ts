/** The month calendar of `schedule dates`: layout, marks without colour and with it, consecutive months; other formats unchanged. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderCalendar, renderMonth } from '../../src/cli/output/calendar.js';
import { loadStyle } from '../../src/cli/style.js';
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

  it('no free date: no calendar, exit 3', async () => {
    h.base.reply({ json: [{ confirma_operacao: 3, mensagem_erro: 'no free slot' }] });
    const r = await h.run(argv);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
  });
});
