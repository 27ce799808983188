/**
 * `coopctl enrol batch` in-process against the real embedded server (a real
 * SQLite file), with real files in a temporary folder: what it refuses and
 * how it goes on (invalid rows, nothing sent; --skip-invalid; JSON errors at
 * their paths; a refused step retried alone by a rerun; a file edited after
 * sending; another service's journal; a service that cannot be reached).
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { csvFile, dbCounts, jsonFile } from './fixtures.js';
import { closedDocumentTypes, posts, report, useWorld } from './setup.js';

const w = useWorld();

/** Replaces the cell of `column` on CSV line `line` (1-based, the header is line 1). */
function setCell(text: string, line: number, column: string, value: string): string {
  const lines = text.split('\n');
  const header = lines[0]!.split(',');
  const cells = lines[line - 1]!.split(',');
  const i = header.indexOf(column);
  if (i < 0) throw new Error(`no column ${column}`);
  cells[i] = value;
  lines[line - 1] = cells.join(',');
  return lines.join('\n');
}

describe('enrol batch', () => {
  it('reports every invalid row with its line and field, sends nothing, and exits 2', async () => {
    let text = csvFile(30, 10);
    text = setCell(text, 5, 'cpf', '111.222.333-44');
    text = setCell(text, 12, 'data_solicitacao', '31/02/2026');
    text = setCell(text, 12, 'grau_dependencia', '');
    text = setCell(text, 22, 'contract.origem', 'WEB');
    text = setCell(text, 30, 'payer.sexo', 'X'); // a payer column on a later row of contract C3
    const file = w.file('bad.csv', text);
    const checksum = databaseChecksum(w.server.db);

    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error: ');
    expect(r.stderr).toContain('nothing was sent');
    expect(r.stderr).toContain('  row 5 · beneficiary · cpf: must be a CPF with valid check digits\n');
    expect(r.stderr).toContain(
      '  row 12 · beneficiary · data_solicitacao: must be a real calendar date (DD/MM/YYYY)\n',
    );
    expect(r.stderr).toContain('  row 12 · beneficiary · grau_dependencia: is required (up to 2 characters)\n');
    expect(r.stderr).toContain('  row 22 · contract · origem: must be 1 to 2 characters\n');
    expect(r.stderr).toContain('  row 30 · payer · sexo: ');
    expect(w.requests).toEqual([]);
    expect(databaseChecksum(w.server.db)).toBe(checksum);

    // As JSON: the same problems, with their lines.
    const json = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(json.code).toBe(2);
    expect(report(json).invalid.map((p) => [p['line'], p['field']])).toEqual([
      [5, 'cpf'],
      [12, 'data_solicitacao'],
      [12, 'grau_dependencia'],
      [22, 'contract.origem'],
      [30, 'payer.sexo'],
    ]);
    expect(w.requests).toEqual([]);
  });

  it('--skip-invalid sends the valid rows only (a contract with an invalid contract or payer is left out whole) and exits 1', async () => {
    let text = csvFile(30, 10);
    text = setCell(text, 5, 'cpf', '111.222.333-44');
    text = setCell(text, 12, 'data_solicitacao', '31/02/2026');
    text = setCell(text, 22, 'contract.origem', 'WEB'); // contract C3: rows 22 to 31
    const file = w.file('bad.csv', text);
    const r = await w.run(['enrol', 'batch', file, '--skip-invalid', '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const rep = report(r);
    expect(rep.summary).toMatchObject({ rows: 30, done: 18, created: 18, invalid: 12 });
    const invalid = rep.rows.filter((row) => row['result'] === 'invalid').map((row) => row['line']);
    expect(invalid).toEqual([5, 12, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]);
    expect(r.stderr).toContain('  row 5 · beneficiary · cpf: ');
    expect(dbCounts(w.server.db)).toMatchObject({ contracts: 2, beneficiaries: 18 });
    expect(posts(w.requests).filter((p) => p.endsWith('/beneficiario'))).toHaveLength(18);

    // Fixed, the rerun adds the missing rows to the contracts already created.
    writeFileSync(file, csvFile(30, 10));
    const fixed = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(report(fixed).summary).toMatchObject({ done: 30, created: 12, resumed: 0, skipped: 18 });
    expect(dbCounts(w.server.db)).toMatchObject({ contracts: 3, beneficiaries: 30, duplicateCpfs: 0 });
  });

  it('places JSON errors at their paths', async () => {
    const doc = jsonFile(4, 2) as Array<Record<string, unknown>>;
    (doc[1]!['beneficiaries'] as Array<Record<string, unknown>>)[1]!['cpf'] = '529.982.247-26';
    const r = await w.run(['enrol', 'batch', w.file('m.json', JSON.stringify(doc))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  [1].beneficiaries[1].cpf: must be a CPF with valid check digits\n');
    expect(w.requests).toEqual([]);
  });

  it('reports a step the service refuses (line, step, message), goes on with the others, and a rerun sends only that step', async () => {
    // The embedded server keeps code lists open; this service refuses a document type it does not know.
    const service = await closedDocumentTypes(w);
    const run = (args: string[]) => w.run(args, { env: { COOPCTL_BASE_URL: service.url } });
    const good = csvFile(12, 4, { records: true });
    const file = w.file('m.csv', setCell(good, 7, 'document.tipo_documento', 'ZZZ'));
    try {
      const r = await run(['enrol', 'batch', file, '-o', 'json']);
      expect(r.code).toBe(1);
      const rep = report(r);
      expect(rep.summary).toMatchObject({ rows: 12, done: 11, failed: 1 });
      expect(rep.failures).toEqual([
        { line: 7, contract: 'C2', step: 'document', message: expect.stringContaining('ZZZ is not a known code') },
      ]);
      expect(rep.rows[5]).toMatchObject({ line: 7, result: 'failed', beneficiario_id: expect.any(Number) });
      expect(r.stderr).toMatch(/\nerror: 1 row not done:\n {2}row 7 · document: the service refused it: .*ZZZ.*\n/);
      expect(r.stderr).toContain(
        `fix what is said; then to retry, run the same command again (done steps are skipped): coopctl enrol batch ${file}\n`,
      );
      expect(dbCounts(w.server.db)).toMatchObject({ beneficiaries: 12, records: 35 });

      // Rerun as it is: only the refused step is sent again (and refused again).
      let before = w.requests.length;
      const same = await run(['enrol', 'batch', file, '-o', 'json']);
      expect(same.code).toBe(1);
      expect(posts(w.requests, before)).toEqual(['/api/svcweb/beneficiario/documento']);
      expect(report(same).summary).toMatchObject({ done: 11, failed: 1, requestsSent: 1, skipped: 11 });

      // Fixed: only that step is sent.
      writeFileSync(file, good);
      before = w.requests.length;
      const again = await run(['enrol', 'batch', file, '-o', 'json']);
      expect(again.code, again.stderr).toBe(0);
      expect(posts(w.requests, before)).toEqual(['/api/svcweb/beneficiario/documento']);
      const rows = report(again).rows;
      expect(rows[5]).toMatchObject({ line: 7, result: 'resumed', sent: 1, skipped: 5 });
      expect(rows.filter((row) => row['result'] === 'skipped')).toHaveLength(11);
      expect(report(again).summary).toMatchObject({ requestsSent: 1 });
      expect(dbCounts(w.server.db)).toMatchObject({ beneficiaries: 12, records: 36, duplicateCpfs: 0 });
    } finally {
      await service.close();
    }
  });

  it('refuses a file edited after its rows were sent, sending nothing', async () => {
    const text = csvFile(6, 3);
    const file = w.file('m.csv', text);
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    writeFileSync(file, setCell(text, 3, 'nome', 'Outro Nome'));
    const before = w.requests.length;
    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '  row 3 · beneficiary: was already sent by an earlier run with other values (beneficiario_id',
    );
    expect(w.requests.length).toBe(before);
  });

  it('refuses a journal of another service', async () => {
    const file = w.file('m.csv', csvFile(2, 2));
    expect((await w.run(['enrol', 'batch', file])).code).toBe(0);
    const r = await w.run(['enrol', 'batch', file], { env: { COOPCTL_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`records requests sent to ${w.server.url}`);
  });

  it('a service that cannot be reached: every row reported, exit 4; the journal keeps the file resumable', async () => {
    const file = w.file('m.csv', csvFile(40, 1));
    const r = await w.run(['--retries', '0', 'enrol', 'batch', file, '-o', 'json'], {
      env: { COOPCTL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(4);
    const rep = report(r);
    expect(rep.summary).toMatchObject({ rows: 40, done: 0, stopped: 'unreachable' });
    expect((rep.summary['failed'] as number) + (rep.summary['notRun'] as number)).toBe(40);
    expect(rep.failures[0]).toMatchObject({
      line: expect.any(Number),
      step: 'contract',
      message: expect.stringContaining('connection refused'),
    });
    expect(r.stderr).toContain('stopped: the service could not be reached');
  });
});
