/**
 * The box tables (src/cli/output/box.ts) draw what cli-table3 drew before
 * them, character for character (cli-table3 is the reference here: accents,
 * wide characters, emoji, cells of several lines, empty cells, colour on and
 * off; rows and columns, expanded records, the compact form: a header, no rules),
 * and, narrowed to a terminal's width, wrap cells on spaces as cli-table3's
 * `wordWrap` does with the same column widths. For any text and width, no
 * line is wider than the width and no character of a value is lost (a word
 * wider than its column is cut across lines; only the labels of an expanded
 * record are cut short, with `…`). 5,000 records come out as one complete,
 * aligned table. How fast is bench/p7-table.mjs's business, not a test's.
 */
import Table from 'cli-table3';
import fc from 'fast-check';
import displayWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box } from '../../src/cli/output/box.js';
import { cellText } from '../../src/cli/output/cells.js';
import { table, WIDE } from '../../src/cli/output/table.js';
import { loadStyle, type Style } from '../../src/cli/output/style.js';
import { operation, sampleParams, sampleRecord, type Row } from '../../src/catalogue/index.js';
import { callArgv } from './argv.js';
import { startHarness, type Harness } from './harness.js';

/** cli-table3's rendering, as src/cli/output/table.ts and the batch report's table made it before. */
const reference = {
  rows(columns: readonly string[], rows: readonly Row[], style: Style, compact = false): string {
    const t = new Table({ head: columns.map((c) => style.bold(c)), style: { head: [], border: [], compact } });
    for (const row of rows) t.push(columns.map((c) => cellText(row[c])));
    return `${t.toString()}\n`;
  },
  expanded(columns: readonly string[], rows: readonly Row[], style: Style): string {
    const chars = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };
    return rows
      .map((row) => {
        const t = new Table({ style: { head: [], border: [] }, chars });
        for (const c of columns) t.push({ [style.bold(c)]: cellText(row[c]) });
        return `${t.toString()}\n`;
      })
      .join('');
  },
  /** cli-table3 with fixed column widths and word wrapping. */
  wrapped(head: readonly string[], cells: readonly (readonly string[])[], colWidths: number[]): string {
    const t = new Table({ head: [...head], colWidths, wordWrap: true, style: { head: [], border: [] } });
    for (const row of cells) t.push([...row]);
    return `${t.toString()}\n`;
  },
};

/**
 * cli-table3's rows with the rule between two rows of one line each taken
 * out: `narrow`'s first row takes three lines, its last two one each, so the
 * rule before the last row goes (a rule tells apart rows of several lines).
 */
const withoutLastRowRule = (out: string) => {
  const lines = out.split('\n');
  const last = lines.map((l) => l.startsWith('├')).lastIndexOf(true);
  return [...lines.slice(0, last), ...lines.slice(last + 1)].join('\n');
};

/** The cells of each record, in the columns' order. */
const cellsOf = (columns: readonly string[], rows: readonly Row[]) =>
  rows.map((row) => columns.map((c) => cellText(row[c])));

/** The column widths of a drawn table, read from its top rule. */
const drawnWidths = (out: string) =>
  out
    .split('\n')[0]!
    .slice(1, -1)
    .split('┬')
    .map((s) => s.length);

/** The text down each column of each block between rules, spaces dropped: what a cell's lines hold, joined. */
function columnTexts(out: string): string[] {
  const texts: string[] = [];
  let block: string[] = [];
  for (const line of out.split('\n')) {
    if (!line.startsWith('│')) {
      texts.push(...block);
      block = [];
      continue;
    }
    line
      .split('│')
      .slice(1, -1)
      .forEach((piece, i) => {
        block[i] = (block[i] ?? '') + piece.replace(/\s/g, '');
      });
  }
  return texts;
}

const narrow: Row[] = [
  { nome: 'José Conceição', cidade: '東京都', obs: 'linha 1\nlinha 2\nlinha 3', n: 12 },
  { nome: '', cidade: '🏥 Clínica', obs: null, n: { k: [1, 2] } },
  { nome: 'Ana 👩‍⚕️ Souza 🇧🇷', cidade: 'São Paulo', obs: 'x', n: 0 },
];
const wide: Row[] = [
  {
    nome: 'Maria da Conceição Aparecida de Souza Albuquerque',
    endereco: 'Rua Doutor Arnaldo, 1000, apartamento 12, bloco B\nPinheiros',
    cidade: 'São Paulo',
    obs: '注意 '.repeat(10),
  },
  { nome: 'Ana', endereco: '', cidade: 'Rio', obs: null },
];

describe.each([
  ['colour off', false],
  ['colour on', true],
])('box tables draw what cli-table3 drew (%s)', (_name, color) => {
  let style: Style;
  beforeAll(async () => {
    style = await loadStyle(color);
  });

  it('rows and columns, a rule after a row of several lines, none between rows of one line', () => {
    const columns = Object.keys(narrow[0]!);
    const out = table(columns, cellsOf(columns, narrow), style);
    expect(out).toBe(withoutLastRowRule(reference.rows(columns, narrow, style)));
  });

  it('rows of one line each: no rule between them (cli-table3 compact)', () => {
    const columns = ['nome', 'cidade'];
    const out = table(columns, cellsOf(columns, narrow), style);
    expect(out).toBe(reference.rows(columns, narrow, style, true));
  });

  it('without a width, a table wider than WIDE: one field/value table per record', () => {
    const columns = Object.keys(wide[0]!);
    const out = table(columns, cellsOf(columns, wide), style);
    expect(out.split('\n')[0]!.length).toBeLessThan(WIDE * 2);
    expect(out).toBe(reference.expanded(columns, wide, style));
  });

  it('a header and no rules between rows: a rule under the header only', () => {
    const columns = ['line', 'contract', 'message'];
    const rows = [
      { line: 2, contract: 'C1', message: 'refused: São Paulo' },
      { line: 3, contract: 'C2', message: '東京' },
    ];
    const cells = rows.map((r) => columns.map((c) => cellText(r[c as keyof typeof r])));
    expect(box({ head: columns, rows: cells, rules: false }, style)).toBe(reference.rows(columns, rows, style, true));
  });
});

describe('tables that fit the terminal', () => {
  let plain: Style;
  beforeAll(async () => {
    plain = await loadStyle(false);
  });

  it('a table that fits is drawn as it is, whatever the width', () => {
    const columns = Object.keys(narrow[0]!);
    expect(table(columns, cellsOf(columns, narrow), plain, 80)).toBe(
      withoutLastRowRule(reference.rows(columns, narrow, plain)),
    );
  });

  it('narrowed: exactly the width, cells wrapped on spaces as cli-table3 wraps them with the same column widths', () => {
    const head = ['Appointment', 'Description of the problem', 'Provider'];
    const cells = [
      ['880001', 'recurrent headache with nausea since the last winter holidays', 'Dra. Ana Souza'],
      ['880002', 'follow-up of the treatment', 'Dr. João Pereira da Silva'],
    ];
    const out = table(head, cells, plain, 50);
    expect(out.split('\n').every((l) => l === '' || displayWidth(l) === 50)).toBe(true);
    const widths = drawnWidths(out);
    expect(widths.reduce((a, b) => a + b, 4)).toBe(50);
    expect(out).toBe(reference.wrapped(head, cells, widths));
  });

  it('too narrow for every column to keep its longest word: expanded, labels cut with … past 40% of the width', () => {
    const head = ['Appointment', 'Provider cooperative of the appointment', 'Date'];
    const cells = [['880001', '1', '2026-12-01']];
    const out = table(head, cells, plain, 30);
    expect(out).toBe(
      [
        '┌────────────┬────────────┐',
        '│ Appointme… │ 880001     │',
        '│ Provider … │ 1          │',
        '│ Date       │ 2026-12-01 │',
        '└────────────┴────────────┘',
        '',
      ].join('\n'),
    );
  });

  it('a word wider than its column is cut across lines, not lost', () => {
    const word = 'Pneumoultramicroscopicossilicovulcanoconiótico';
    const out = box({ rows: [['Word', word]], rules: false, width: 30 }, plain);
    const pieces = out
      .split('\n')
      .slice(1, -2)
      .map((l) => l.split('│')[2]!.trim());
    expect(pieces.join('')).toBe(word);
    for (const l of out.split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(30);
  });

  it('a URL is never cut across lines: whole when it fits, else its host, … and its last part', () => {
    const url = 'https://prontuario.coop.example/certificates/1-3.pdf';
    const cellLines = (out: string) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('│'))
        .map((l) => l.split('│')[2]!.trim());
    expect(cellLines(box({ rows: [['URL', url]], rules: false, width: 80 }, plain))).toEqual([url]);
    expect(cellLines(box({ rows: [['URL', url]], rules: false, width: 52 }, plain))).toEqual([
      'https://prontuario.coop.example/…/1-3.pdf',
    ]);
    expect(cellLines(box({ rows: [['URL', url]], rules: false, width: 45 }, plain))).toEqual([
      'prontuario.coop.example/…/1-3.pdf',
    ]);
  });

  it('rows that do not fit leave out the columns of least priority, and say which', () => {
    const head = ['Appointment', 'Cooperative', 'Provider', 'Date', 'Status', 'Registered'];
    const cells = [
      ['880001', '1', '9001', '2026-08-03', 'realizado', '2026-07-21'],
      ['880002', '1', '9002', '2026-10-17', 'aguardando', '2026-09-24'],
    ];
    const out = table(head, cells, plain, 60, {
      priority: [0, -2, 0, 0, 0, -1],
      omitted: (left) => `left out: ${left.map((i) => head[i]).join(', ')}`,
    });
    const lines = out.split('\n');
    expect(lines[1]).toMatch(/^│ Appointment +│ Provider +│ Date +│ Status +│$/);
    expect(lines.at(-2)).toBe('left out: Cooperative, Registered');
    // Rows, one line each and no rule between them: the table is as tall as its records.
    expect(lines.filter((l) => l.startsWith('│ 88'))).toHaveLength(2);
    expect(lines).toHaveLength(1 + 1 + 1 + 2 + 1 + 1 + 1);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
    // One record that does not fit is a card, every field kept.
    const one = table(head, cells.slice(0, 1), plain, 30, { omitted: () => 'never' });
    expect(one).not.toContain('never');
    expect(one).toContain('│ Registered');
  });

  /** Words of letters, accents, wide characters and emoji; cells of a few words, some long, some with line breaks. */
  const word = fc.oneof(
    fc.stringMatching(/^[a-zçãé]{1,12}$/),
    fc.constantFrom('東京都', '🏥', '👩‍⚕️', '🇧🇷', 'José', 'Pneumoultramicroscopicossilicovulcanoconiótico'),
  );
  const cell = fc.array(word, { minLength: 0, maxLength: 8 }).map((ws) => ws.join(' '));
  const record = (n: number) => fc.array(cell, { minLength: n, maxLength: n });

  it('for any cells and width, no line is wider than the width and every character of each cell is kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 20, max: 120 }),
        fc.integer({ min: 1, max: 4 }),
        (n, width, count) => {
          const rows = fc.sample(record(n), { numRuns: count, seed: width * 7 + n });
          const head = Array.from({ length: n }, (_, i) => `Column ${i + 1}`);
          const out = table(head, rows, plain, width);
          for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
          // Every value's characters, in order, down its column (an expanded record's labels may be cut, its values never).
          const columns = columnTexts(out);
          for (const row of rows)
            for (const c of row) expect(columns.some((text) => text.includes(c.replace(/\s/g, '')))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('5,000 records on a terminal', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const op = operation('schedule.locations');
  const records = Array.from({ length: 5000 }, (_, i) => ({
    ...sampleRecord(op),
    cd_local: i + 1,
    nm_local: i % 7 === 0 ? `Unidade São João ${i + 1}` : `Local ${i + 1}`,
  }));

  it('one table: every record on its own line, in order, every line as wide as the others', async () => {
    h.base.reply({ json: records });
    const r = await h.run(callArgv(op, sampleParams(op)), { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    // Top rule, header, rule; then each record (one line each: no rule between them); then the bottom rule.
    expect(lines).toHaveLength(3 + 5000 + 1);
    expect(lines[1]).toMatch(/^│ Service location +│ Location name +│$/);
    const widths = new Set(lines.map((l) => [...l].length));
    expect([...widths]).toHaveLength(1);
    const rows = lines.slice(3, -1);
    expect(rows).toHaveLength(5000);
    rows.forEach((line, i) => {
      const [, code, name] = line.split('│').map((c) => c.trim());
      expect(code).toBe(String(i + 1));
      expect(name).toBe(records[i]!.nm_local);
    });
    // The column borders stand at the same places on every line, rules included.
    const borders = (line: string) => [...line].flatMap((c, i) => ('│┼┬┴├┤┌┐└┘'.includes(c) ? [i] : [])).join();
    expect(new Set(lines.map(borders))).toEqual(new Set([borders(lines[0]!)]));
  });

  it('into a pipe: 5,000 lines of two tab-separated fields', async () => {
    h.base.reply({ json: records });
    const r = await h.run(callArgv(op, sampleParams(op)));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(records.map((rec) => `${rec.cd_local}\t${rec.nm_local}\n`).join(''));
  });
});
