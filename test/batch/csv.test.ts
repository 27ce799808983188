/** Reading CSV as spreadsheets write it, and the batch layouts' errors, placed at their line and column or JSON path. */
import { describe, expect, it } from 'vitest';
import { decodeText, guessDelimiter, parseCsv } from '../../src/cli/batch/csv.js';
import { makePlan, planErrors } from '../../src/cli/batch/plan.js';
import { keyed } from '../../src/cli/batch/step-hash.js';
import { readSource } from '../../src/cli/batch/input.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { cellSetter, csvFile, jsonFile } from './fixtures.js';

const EN = messagesFor('en');
const plan = (name: string, text: string) =>
  makePlan(EN, readSource(EN, name, Buffer.from(text, 'utf8')), keyed(Buffer.alloc(32, 7)));

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, quotes and line breaks, keeping the line each record starts on', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",z\n\n3,,\n';
    const csv = parseCsv(EN, text);
    expect(csv.problems).toEqual([]);
    expect(csv.records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'x, y', 'say "hi"'] },
      { line: 3, cells: ['2', 'two\nlines', 'z'] },
      { line: 6, cells: ['3', '', ''] },
    ]);
  });

  it('leaves out blank lines and rows of empty cells, and reads a last line without a line break', () => {
    expect(parseCsv(EN, 'a;b\n;\n1;2').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
    ]);
  });

  it('guesses the delimiter from the header: comma, semicolon (Excel pt-BR) or tab', () => {
    expect(guessDelimiter('contract,cpf,nome\n')).toBe(',');
    expect(guessDelimiter('contract;cpf;"a,b"\n')).toBe(';');
    expect(guessDelimiter('contract\tcpf\tnome\n')).toBe('\t');
  });

  it('reports a quote never closed at the line where its record starts', () => {
    const csv = parseCsv(EN, 'a,b\n1,"open\n2,3\n');
    expect(csv.problems).toEqual([{ line: 2, message: expect.stringContaining('never closed') }]);
    expect(parseCsv(EN, 'a,b\n\n\n1,"open\n\n2,3\n').problems).toEqual([
      { line: 4, message: expect.stringContaining('never closed') },
    ]);
  });

  it('counts a CRLF inside a quoted cell as one line, and reads \\r\\n, \\n and \\r mixed in one file', () => {
    const csv = parseCsv(EN, 'a,b\r\n1,"two\r\nlines"\r\n\r\n3,4\n5,6\r7,8');
    expect(csv.problems).toEqual([]);
    expect(csv.records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'two\r\nlines'] },
      { line: 5, cells: ['3', '4'] },
      { line: 6, cells: ['5', '6'] },
      { line: 7, cells: ['7', '8'] },
    ]);
  });

  it('reports text after a closing quote, and a quote inside an unquoted cell, at their line', () => {
    expect(parseCsv(EN, 'a,b\n1,2\n3,"x\r\ny"z\n').problems).toEqual([
      { line: 4, message: expect.stringContaining('text after a closing quote') },
    ]);
    expect(parseCsv(EN, 'a,b\n1,2\n3,4"\n').problems).toEqual([
      { line: 3, message: expect.stringContaining('quote the whole cell') },
    ]);
    expect(parseCsv(EN, 'a,b\n1,2\n3,4"\n').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('decodes UTF-8 (with or without a byte-order mark), UTF-16 and Windows-1252', () => {
    expect(decodeText(EN, Buffer.from('\ufeffnome\nJoão\n', 'utf8'))).toEqual({
      text: 'nome\nJoão\n',
      encoding: 'utf-8',
      bom: true,
    });
    expect(decodeText(EN, Buffer.from('nome\nJoão\n', 'utf8'))).toMatchObject({ encoding: 'utf-8', bom: false });
    expect(
      decodeText(EN, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('nome\nJoão\n', 'utf16le')])).text,
    ).toBe('nome\nJoão\n');
    const latin = decodeText(EN, Buffer.from([0x4a, 0x6f, 0xe3, 0x6f]));
    expect(latin.text).toBe('João');
    expect(latin.note).toContain('Windows-1252');
    // A UTF-8 mark on Windows-1252 bytes: the mark is taken off before the rest is read, never read as `ï»¿`.
    const marked = decodeText(EN, Buffer.from([0xef, 0xbb, 0xbf, 0x63, 0x70, 0x66, 0x0a, 0x4a, 0x6f, 0xe3, 0x6f]));
    expect(marked.text).toBe('cpf\nJoão');
    expect(marked.encoding).toBe('windows-1252');
  });
});

describe('CSV layout', () => {
  it('groups rows into contracts by the contract column, wherever the rows are', () => {
    const text = csvFile(6, 3).split('\n');
    // Move the second contract's first row to the end: rows of a contract need not be adjacent.
    const moved = [text[0], text[1], text[2], text[3], text[5], text[6], text[4], ''].join('\n');
    const p = plan('m.csv', moved);
    expect(planErrors(p)).toEqual([]);
    expect(p.groups.map((g) => [g.key, g.rows.map((r) => r.line)])).toEqual([
      ['C1', [2, 3, 4]],
      ['C2', [5, 6, 7]],
    ]);
    expect(p.groups[1]!.contract!.params).toMatchObject({ registro_ans: '123456', coop_id: 1 });
  });

  it('names an unknown column, a misplaced id and a missing contract column on line 1', () => {
    const p = plan('m.csv', 'cpf,nomee,payer.cpff,contrato_id,ds.x\n1,2,3,4,5\n');
    expect(p.fatal.map((e) => [e.line, e.field])).toEqual([
      [1, 'nomee'],
      [1, 'payer.cpff'],
      [1, 'contrato_id'],
      [1, 'ds.x'],
      [1, 'contract'],
    ]);
  });

  it('reports contract columns that disagree within a contract, at the later line', () => {
    const rows = csvFile(2, 2).trimEnd().split('\n');
    cellSetter(rows)(3, 'contract.coop_id', '2');
    const p = plan('m.csv', rows.join('\n'));
    expect(planErrors(p)).toEqual([
      { line: 3, field: 'contract.coop_id', part: 'contract', message: expect.stringContaining('on row 2') },
    ]);
    expect(p.rows.every((r) => r.group?.errors.length)).toBe(true);
  });

  it('places each invalid field at its line and column: beneficiary, contract, records, declaration', () => {
    const rows = csvFile(3, 3, { records: true }).trimEnd().split('\n');
    const set = cellSetter(rows);
    set(2, 'contract.coop_id', '12345');
    set(3, 'cpf', '111.222.333-44');
    set(4, 'address.cep', '');
    set(4, 'ds.1.1', 'X');
    const errors = planErrors(plan('m.csv', rows.join('\n')));
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'contract.coop_id'],
      [3, 'cpf'],
      [4, 'address.cep'],
      [4, 'ds.1.1'],
    ]);
    expect(errors[1]!.message).toContain('check digits');
    expect(errors[2]!.message).toContain('is required');
  });

  it('reads list cells (tipo_documento, finalidade) split on commas, spaces, ; or |', () => {
    const rows = csvFile(1, 1, { records: true }).trimEnd().split('\n');
    const set = cellSetter(rows);
    set(2, 'document.tipo_documento', 'RG|CPF');
    set(2, 'address.finalidade', '"RES, COR"');
    const p = plan('m.csv', rows.join('\n'));
    expect(planErrors(p)).toEqual([]);
    const subs = Object.fromEntries(p.rows[0]!.subs.map((s) => [s.name, s.params]));
    expect(subs['document']!['tipo_documento']).toEqual(['RG', 'CPF']);
    expect(subs['address']!['finalidade']).toEqual(['RES', 'COR']);
    expect(subs['ds.1.2']).toEqual({ formulario_id: 1, pergunta_id: 2, resposta: 'S', descricao: 'asma, controlada' });
  });
});

describe('JSON layout', () => {
  it('gives the same requests and identities as the CSV layout', () => {
    const fromCsv = plan('m.csv', csvFile(4, 2, { records: true }));
    const fromJson = plan('m.json', JSON.stringify(jsonFile(4, 2, { records: true })));
    expect(planErrors(fromJson)).toEqual([]);
    const steps = (p: typeof fromCsv) =>
      p.groups
        .flatMap((g) => [g.contract, g.payer, ...g.rows.flatMap((r) => [r.beneficiary, ...r.subs])])
        .map((s) => [s!.id, s!.params, s!.hash]);
    expect(steps(fromJson)).toEqual(steps(fromCsv));
  });

  it('places errors at JSON paths', () => {
    const doc = jsonFile(4, 2, { records: true }) as Array<Record<string, unknown>>;
    const b = (doc[1]!['beneficiaries'] as Array<Record<string, unknown>>)[1]!;
    b['cpf'] = '123';
    b['apelido'] = 'x';
    (b['addresses'] as Array<Record<string, unknown>>)[0]!['cep'] = 'abc';
    (doc[0]!['payer'] as Record<string, unknown>)['sexo'] = 'X';
    delete doc[0]!['origem'];
    const errors = planErrors(plan('m.json', JSON.stringify(doc)));
    expect(errors.map((e) => e.field)).toEqual([
      '[0].origem',
      '[0].payer.sexo',
      '[1].beneficiaries[1].cpf',
      '[1].beneficiaries[1].apelido',
      '[1].beneficiaries[1].addresses[0].cep',
    ]);
    expect(errors.every((e) => e.line === undefined)).toBe(true);
  });

  it('reports JSON that does not parse, or is not an array, as the whole file', () => {
    expect(plan('m.json', '[{"a": 1},\n  oops]').fatal[0]!.message).toContain('not valid JSON');
    expect(plan('m.json', '{"a": 1}').fatal[0]!.message).toContain('array of contracts');
  });

  it('detects the format by extension, else by content', () => {
    expect(readSource(EN, 'members', Buffer.from('[]')).format).toBe('json');
    expect(readSource(EN, 'members', Buffer.from('contract,cpf\n')).format).toBe('csv');
    expect(readSource(EN, 'm.csv', Buffer.from('[]')).format).toBe('csv');
  });
});
