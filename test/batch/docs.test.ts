/** The examples of docs/batch.md work, and the CSV and JSON examples enrol the same. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cellSetter, dbCounts } from './fixtures.js';
import { closeHarness, report, startWorld } from './setup.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/batch.md', import.meta.url)), 'utf8');

function block(after: string, lang: string): string {
  const start = doc.indexOf(after);
  const open = doc.indexOf(`\`\`\`${lang}\n`, start);
  return doc.slice(open + lang.length + 4, doc.indexOf('\n```', open));
}

afterAll(() => closeHarness());

describe('docs/batch.md', () => {
  it('its CSV and JSON examples enrol the same contracts, payers, beneficiaries and records', async () => {
    const a = await startWorld();
    const b = await startWorld();
    try {
      const csv = await a.run([
        'enrol',
        'batch',
        a.file('members.csv', `${block('## CSV layout', 'csv')}\n`),
        '-o',
        'json',
      ]);
      const json = await b.run([
        'enrol',
        'batch',
        b.file('contracts.json', block('## JSON layout', 'json')),
        '-o',
        'json',
      ]);
      expect(csv.code, csv.stderr).toBe(0);
      expect(json.code, json.stderr).toBe(0);
      expect(report(csv).rows.map((r) => [r['line'], r['contract'], r['result']])).toEqual([
        [2, 'ACME', 'created'],
        [3, 'ACME', 'created'],
        [4, 'SILVA', 'created'],
      ]);
      expect(report(json).rows.map((r) => [r['path'], r['contract']])).toEqual([
        ['[0].beneficiaries[0]', 'ACME'],
        ['[0].beneficiaries[1]', 'ACME'],
        ['[1].beneficiaries[0]', 'SILVA'],
      ]);
      expect(dbCounts(a.server.db)).toEqual({
        contracts: 2,
        beneficiaries: 3,
        duplicateCpfs: 0,
        records: 3,
        answers: 2,
      });
      expect(posts(b.requests)).toEqual(posts(a.requests));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('its validation example reads as documented', async () => {
    const w = await startWorld();
    try {
      const lines = block('## CSV layout', 'csv').split('\n');
      const set = cellSetter(lines);
      // Line 2 has a quoted cell with a comma at its end: edit lines 3 and 4 only.
      set(3, 'cpf', '987.654.321-01');
      set(4, 'data_solicitacao', '31/02/2026');
      set(4, 'address.cep', '');
      set(4, 'address.logradouro', 'Rua B');
      set(4, 'address.logradouro_numero', '1');
      set(4, 'address.bairro', 'Centro');
      set(4, 'address.finalidade', 'RES');
      set(4, 'address.tipo_endereco', 'R');
      const r = await w.run(['enrol', 'batch', w.file('members.csv', `${lines.join('\n')}\n`)]);
      expect(r.code).toBe(2);
      expect(r.stderr.split(`${w.dir}/`).join('')).toBe(`${block('## Checking the file first', '')}\n`);
      expect(w.requests).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

function posts(requests: readonly string[]): string[] {
  return requests
    .filter((l) => l.startsWith('POST '))
    .map((l) => l.split(' ')[1]!)
    .sort();
}
