/**
 * The whole plan is validated before the first request: a file with
 * problems on many rows and in every part (contract, payer, beneficiary,
 * address, declaration answer) lists all of them at once, each as
 * `row N · part · field: message`, the first 20 on the terminal and every one
 * in the report file; nothing reaches the server (its database unchanged).
 * Expected messages are the rules as docs/batch.md and the catalogue's help
 * word them, written here as literals.
 */
import { readFileSync, statSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { cellSetter, csvFile } from './fixtures.js';
import { report, useWorld } from './setup.js';

const w = useWorld();

/** A problem the test puts in the file: its row, its part, its field, the value written and the message expected. */
interface Broken {
  readonly row: number;
  readonly part: 'contract' | 'payer' | 'beneficiary' | 'address' | 'ds.1.1';
  readonly field: string;
  readonly column: string;
  readonly value: string;
  readonly message: string;
}

/** Within a row, problems come in the order of its parts (docs/batch.md): contract, payer, beneficiary, records. */
const PART_ORDER = ['contract', 'payer', 'beneficiary', 'address', 'ds.1.1'];

function text(b: Broken): string {
  return b.part === 'ds.1.1'
    ? `row ${b.row} · ds.1.1: ${b.message}`
    : `row ${b.row} · ${b.part} · ${b.field}: ${b.message}`;
}

/** 60 rows in 3 contracts of 20 (C1 on rows 2–21, C2 on 22–41, C3 on 42–61), with problems on many of them. */
function brokenFile(): { csv: string; broken: Broken[] } {
  const broken: Broken[] = [
    {
      row: 2,
      part: 'contract',
      field: 'coop_id',
      column: 'contract.coop_id',
      value: '12345',
      message: 'must be an integer of up to 4 digits',
    },
    {
      row: 22,
      part: 'payer',
      field: 'cpf',
      column: 'payer.cpf',
      value: '529.982.247-26',
      message: 'must be a CPF with valid check digits',
    },
    {
      row: 10,
      part: 'beneficiary',
      field: 'data_solicitacao',
      column: 'data_solicitacao',
      value: '31/02/2026',
      message: 'must be a real calendar date (DD/MM/YYYY)',
    },
  ];
  for (let row = 3; row <= 61; row += 3)
    broken.push({
      row,
      part: 'beneficiary',
      field: 'cpf',
      column: 'cpf',
      value: '111.222.333-44',
      message: 'must be a CPF with valid check digits',
    });
  for (let row = 4; row <= 61; row += 5)
    broken.push({
      row,
      part: 'address',
      field: 'cep',
      column: 'address.cep',
      value: '',
      message: 'is required (an integer of up to 10 digits)',
    });
  for (let row = 5; row <= 61; row += 7)
    broken.push({
      row,
      part: 'ds.1.1',
      field: 'resposta',
      column: 'ds.1.1',
      value: 'X',
      message: 'must be S or N (S = yes, N = no)',
    });
  const lines = csvFile(60, 20, { records: true }).trimEnd().split('\n');
  const set = cellSetter(lines);
  for (const b of broken) set(b.row, b.column, b.value);
  broken.sort((a, b) => a.row - b.row || PART_ORDER.indexOf(a.part) - PART_ORDER.indexOf(b.part));
  return { csv: `${lines.join('\n')}\n`, broken };
}

describe('enrol batch validates the whole plan first', () => {
  it('lists every problem of every row at once (20 on the terminal, all in the report file), sends nothing, exits 2', async () => {
    const { csv, broken } = brokenFile();
    expect(broken.length).toBeGreaterThan(40);
    const file = w.file('members.csv', csv);
    const checksum = databaseChecksum(w.server.db);

    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // C1's contract and C2's payer are invalid: all their 40 rows; in C3, the rows with a problem of their own.
    const c3 = new Set(broken.filter((b) => b.row >= 42).map((b) => b.row)).size;
    expect(r.stderr).toBe(
      [
        `error: ${file}: ${40 + c3} of 60 rows are invalid (${broken.length} problems); nothing was sent. Fix them, or rerun with --skip-invalid to send the valid rows`,
        `${file}: invalid rows:`,
        ...broken.slice(0, 20).map((b) => `  ${text(b)}`),
        `  … and ${broken.length - 20} more; every problem is in ${file}.report.csv`,
        '',
      ].join('\n'),
    );
    // Nothing was sent: no request reached the server, and its database is as it was.
    expect(w.requests).toEqual([]);
    expect(databaseChecksum(w.server.db)).toBe(checksum);

    // The report file: one line per row, every problem in its row's message.
    const path = `${file}.report.csv`;
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => Number(row['line']))).toEqual(Array.from({ length: 60 }, (_, i) => i + 2));
    for (const b of broken) expect(rows[b.row - 2]!['message']).toContain(text(b));
    // A row of an invalid contract or payer carries that problem too; a valid row says why it was not sent.
    expect(rows[5]).toMatchObject({ line: '7', contract: 'C1', result: 'invalid' });
    expect(rows[5]!['message']).toContain(text(broken[0]!));
    const valid = rows.filter((row) => Number(row['line']) >= 42 && !broken.some((b) => b.row === Number(row['line'])));
    expect(valid.length).toBe(20 - c3);
    for (const row of valid)
      expect(row).toMatchObject({ contract: 'C3', result: 'not-run', message: 'not sent: the file has invalid rows' });

    // With -o json, every problem is listed with its line, part and field.
    const json = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(json.code).toBe(2);
    expect(report(json).invalid.map((p) => [p['line'], p['part'], p['field']])).toEqual(
      broken.map((b) => [b.row, b.part, b.column]),
    );
    expect(w.requests).toEqual([]);
  });

  it('a report path that cannot be written is refused before anything is sent', async () => {
    const file = w.file('m.csv', csvFile(3, 3));
    const r = await w.run(['enrol', 'batch', file, '--report', w.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `cannot write the report ${w.dir} (it is a folder); choose another file with --report FILE`,
    );
    const same = await w.run(['enrol', 'batch', file, '--report', `${file}.journal.jsonl`]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('(it is the journal)');
    expect(w.requests).toEqual([]);
  });
});
