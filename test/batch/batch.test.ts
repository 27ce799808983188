/**
 * `coopctl enrol batch` in-process against the real embedded server (a real
 * SQLite file), with real files in a temporary folder: a 1,000-row file,
 * invalid rows (nothing sent), --skip-invalid, JSON like CSV, a refused step
 * retried alone by a rerun, edits after sending, the journal's target, and
 * a service that cannot be reached.
 */
import { readFileSync, writeFileSync, statSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../src/server/store/sqlite/checksum.js';
import { beneficiaryValues, csvFile, dbCounts, jsonFile } from './fixtures.js';
import { closeHarness, closedDocumentTypes, posts, report, startWorld, type World } from './setup.js';

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(() => w.close());
afterAll(() => closeHarness());

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

async function lives(url: string): Promise<number[]> {
  const res = await fetch(`${url}/api/svcweb/contrato/search`);
  const records = (await res.json()) as Array<{ cv_qtd_vida: number }>;
  return records.map((r) => r.cv_qtd_vida);
}

describe('enrol batch', () => {
  it('enrols a 1,000-row CSV: 1,000 beneficiaries, each listed with its ids; a rerun sends nothing', async () => {
    const file = w.file('members.csv', csvFile(1000, 25));
    const r = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rep = report(r);
    expect(rep.summary).toMatchObject({
      rows: 1000,
      done: 1000,
      created: 1000,
      failed: 0,
      requestsSent: 40 + 40 + 1000,
    });
    expect(rep.rows).toHaveLength(1000);
    expect(rep.rows.map((row) => row['line'])).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
    const ids = rep.rows.map((row) => row['beneficiario_id']);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(1000);
    expect(rep.rows.every((row) => typeof row['contrato_id'] === 'number' && row['result'] === 'created')).toBe(true);

    expect(dbCounts(w.server.db)).toMatchObject({ contracts: 40, beneficiaries: 1000, duplicateCpfs: 0 });
    const counted = await lives(w.server.url);
    expect(counted).toHaveLength(40);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(r.stderr).toMatch(
      /(?:^|\n)enrol batch: 1000 rows: 1000 done \(1000 created\); 1080 requests sent\nreport: .*members\.csv\.report\.csv \(every row: its ids, its result, and why it is not done\)\njournal: .*members\.csv\.journal\.jsonl\n$/,
    );

    // The journal makes a rerun skip everything.
    const before = w.requests.length;
    const again = await w.run(['enrol', 'batch', file, '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(report(again).summary).toMatchObject({ done: 1000, skipped: 1000, requestsSent: 0, stepsSkipped: 1080 });
    expect(report(again).rows.map((row) => row['beneficiario_id'])).toEqual(ids);
    expect(posts(w.requests, before)).toEqual([]);
    expect(dbCounts(w.server.db).beneficiaries).toBe(1000);
  });

  it('by default: a short summary on stderr, nothing on stdout, and every row in the private report file beside the input', async () => {
    const file = w.file('small.csv', csvFile(3, 2));
    const r = await w.run(['enrol', 'batch', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        'enrol batch: 3 rows: 3 done (3 created); 7 requests sent',
        `report: ${file}.report.csv (every row: its ids, its result, and why it is not done)`,
        `journal: ${file}.journal.jsonl`,
        '',
      ].join('\n'),
    );
    const lines = readFileSync(`${file}.report.csv`, 'utf8').split('\n');
    expect(lines[0]).toBe('line,contract,contrato_id,beneficiario_id,result,message');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^2,C1,1,\d+,created,$/),
      expect.stringMatching(/^3,C1,1,\d+,created,$/),
      expect.stringMatching(/^4,C2,2,\d+,created,$/),
      '',
    ]);
    // Private: it may repeat the file's personal data.
    expect(statSync(`${file}.report.csv`).mode & 0o777).toBe(0o600);
  });

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

  it('JSON enrols exactly what the equivalent CSV enrols (contracts, payers, beneficiaries and their records)', async () => {
    const other = await startWorld();
    try {
      const csv = w.file('m.csv', csvFile(20, 5, { records: true }));
      const json = other.file('m.json', JSON.stringify(jsonFile(20, 5, { records: true }), null, 2));
      const a = await w.run(['enrol', 'batch', csv, '-o', 'json']);
      const b = await other.run(['enrol', 'batch', json, '-o', 'json']);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      expect(report(b).rows[0]).toMatchObject({
        path: '[0].beneficiaries[0]',
        contract: 'C1',
        result: 'created',
        records: { contact: expect.any(Number) },
      });
      expect(dbCounts(w.server.db)).toEqual({
        contracts: 4,
        beneficiaries: 20,
        duplicateCpfs: 0,
        records: 60,
        answers: 40,
      });
      // Same server, same requests in the same order per contract: the same database.
      const { default: Database } = await import('better-sqlite3');
      const dump = (path: string) => {
        const db = new Database(path, { readonly: true });
        try {
          return [
            'SELECT registro_ans, coop_id, details, payer FROM contract',
            'SELECT cpf, nome, data_nasc, details FROM beneficiary',
            'SELECT kind, body FROM enrolment_record',
            'SELECT formulario_id, pergunta_id, resposta, descricao FROM health_answer',
          ].map((sql) =>
            db
              .prepare(sql)
              .raw()
              .all()
              .map((row) => JSON.stringify(row))
              .sort(),
          );
        } finally {
          db.close();
        }
      };
      expect(dump(other.server.db)).toEqual(dump(w.server.db));
    } finally {
      await other.close();
    }
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

  it("--per-contract creates one contract's beneficiaries several at a time", async () => {
    const file = w.file('one.csv', csvFile(200, 200, { records: true }));
    const r = await w.run(['enrol', 'batch', file, '--per-contract', '4', '--concurrency', '16', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(report(r).summary).toMatchObject({ done: 200, requestsSent: 2 + 200 * 6 });
    expect(dbCounts(w.server.db)).toEqual({
      contracts: 1,
      beneficiaries: 200,
      duplicateCpfs: 0,
      records: 600,
      answers: 400,
    });
  });

  it('--dry-run validates and counts, sending nothing', async () => {
    const file = w.file('m.csv', csvFile(10, 5, { records: true }));
    const r = await w.run(['enrol', 'batch', file, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('10 rows in 2 contracts; would send 64 requests');
    expect(w.requests).toEqual([]);
  });

  it('reads stdin with "-" (format by content)', async () => {
    const r = await w.run(['enrol', 'batch', '-', '-o', 'json', '--journal', `${w.dir}/stdin.journal.jsonl`], {
      stdin: JSON.stringify(jsonFile(3, 3)),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(report(r).summary).toMatchObject({ done: 3 });
    expect(readFileSync(`${w.dir}/stdin.journal.jsonl`, 'utf8')).toContain('"e":"done"');
    // Private, like the configuration file.
    expect(statSync(`${w.dir}/stdin.journal.jsonl`).mode & 0o777).toBe(0o600);
  });

  it('draws a progress bar on a terminal, and with -q prints nothing (the report file has the rows)', async () => {
    const file = w.file('m.csv', csvFile(5, 5));
    const tty = await w.run(['enrol', 'batch', file], { tty: { stderr: true } });
    expect(tty.code).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar is redrawn with a carriage return and ESC [2K (erase the line)
    expect(tty.stderr).toMatch(/\r\u001b\[2Kenrol batch █+ 100% 5\/5 rows done/);
    writeFileSync(file, csvFile(6, 6));
    const quiet = await w.run([
      'enrol',
      'batch',
      '-q',
      file,
      '--journal',
      `${w.dir}/q.jsonl`,
      '--report',
      `${w.dir}/q.report.jsonl`,
    ]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe('');
    // A report named .jsonl is JSON lines.
    const rows = readFileSync(`${w.dir}/q.report.jsonl`, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => [r['line'], r['result']])).toEqual([2, 3, 4, 5, 6, 7].map((line) => [line, 'created']));
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

  it('the beneficiary fixtures are valid and distinct', () => {
    const cpfs = Array.from({ length: 2000 }, (_, i) => beneficiaryValues(i)['cpf']);
    expect(new Set(cpfs).size).toBe(2000);
  });
});
