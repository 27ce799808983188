/**
 * `coopctl enrol batch` in-process against the real embedded server (a real
 * SQLite file), with real files in a temporary folder: what it enrols and how
 * it says so (a 1,000-row file, the summary and the private report file, JSON
 * like CSV, --per-contract, --dry-run, stdin, the progress bar and -q).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beneficiaryValues, csvFile, dbCounts, jsonFile } from './fixtures.js';
import { posts, report, startWorld, useWorld } from './setup.js';

const w = useWorld();

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
      /(?:^|\n)enrol batch: 1,000 rows: 1,000 done \(1,000 created\); 1,080 requests sent\nreport: .*members\.csv\.report\.csv \(every row: its ids, its result, and why it is not done\)\njournal: .*members\.csv\.journal\.jsonl\n$/,
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

  it('the beneficiary fixtures are valid and distinct', () => {
    const cpfs = Array.from({ length: 2000 }, (_, i) => beneficiaryValues(i)['cpf']);
    expect(new Set(cpfs).size).toBe(2000);
  });
});
