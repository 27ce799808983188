/**
 * The box tables (src/cli/output/box.ts) draw what cli-table3 drew before
 * them, character for character (cli-table3 is the reference here: accents,
 * wide characters, emoji, cells of several lines, empty cells, colour on and
 * off; rows and columns, expanded records, the compact form: a header, no rules);
 * and 5,000 records come out as one complete, aligned table. How fast is
 * bench/p7-table.mjs's business, not a test's.
 */
import Table from 'cli-table3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box } from '../../src/cli/output/box.js';
import { cellText } from '../../src/cli/output/cells.js';
import { table, WIDE } from '../../src/cli/output/table.js';
import { loadStyle, type Style } from '../../src/cli/style.js';
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
};

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

  it('rows and columns, a rule between rows', () => {
    const columns = Object.keys(narrow[0]!);
    const out = table(columns, narrow, style);
    expect(out).toBe(reference.rows(columns, narrow, style));
  });

  it('a table wider than WIDE: one field/value table per record', () => {
    const columns = Object.keys(wide[0]!);
    const out = table(columns, wide, style);
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

describe('5,000 records', () => {
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
    const r = await h.run(callArgv(op, sampleParams(op)));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    // Top rule, header, rule; then each record and a rule after all but the last; then the bottom rule.
    expect(lines).toHaveLength(3 + 5000 + 4999 + 1);
    const widths = new Set(lines.map((l) => [...l].length));
    expect([...widths]).toHaveLength(1);
    const rows = lines.filter((_, i) => i >= 3 && i % 2 === 1);
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
});
