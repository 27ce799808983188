/**
 * `enrol batch --mask`: the report on stdout and the summary on stderr show
 * no CPF in clear (here, a file named after its holder's CPF), while the
 * files the run keeps for itself (the report beside the input) are whole.
 * Without --mask, the summary's lines still show no whole card or CPF.
 */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { RowResult } from '../../src/cli/batch/row-result.js';
import { failureLines } from '../../src/cli/batch/summary.js';
import { messagesFor } from '../../src/cli/i18n/messages.js';
import { csvFile } from './fixtures.js';
import { report, useWorld } from './setup.js';

const w = useWorld();

it('masks the report on stdout and the summary, not the files it writes', async () => {
  const file = w.file('titular-529.982.247-25.csv', csvFile(2, 1));
  const r = await w.run(['enrol', 'batch', file, '-o', 'json', '--mask']);
  expect(r.code, r.stderr).toBe(0);
  const rep = report(r) as unknown as Record<string, unknown>;
  expect(rep['file']).toBe(file.replace('529.982.247-25', '***.982.247-**'));
  expect(r.stdout + r.stderr).not.toContain('529.982.247-25');
  expect(r.stderr).toContain('titular-***.982.247-**.csv.report.csv');
  expect(existsSync(`${file}.report.csv`)).toBe(true);

  const plain = await w.run(['enrol', 'batch', file, '-o', 'json']);
  expect((report(plain) as unknown as Record<string, unknown>)['file']).toBe(file);
});

it('without --mask, the summary on stderr still shows a card or CPF by its last 4 digits only', async () => {
  // A column named by a card (a pasted row taken for the header): the problem repeats the column's name.
  const file = w.file('pasted.csv', 'contract,00010001000001005,52998224725\nC1,x,y\n');
  const r = await w.run(['enrol', 'batch', file]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('*************1005: not a field of the beneficiary');
  expect(r.stderr).not.toContain('00010001000001005');
  expect(r.stderr).not.toContain('52998224725');
});

it('the rows not done: the service’s message with a card shows its last 4 digits only', () => {
  const row = {
    row: { line: 3 },
    status: 'failed',
    failures: [{ step: 'beneficiary', message: 'the card 00010001000001005 (CPF 529.982.247-25) is enrolled already' }],
  } as unknown as RowResult;
  const [line] = failureLines(messagesFor('en'), [row]);
  expect(line).toContain('the card *************1005 (CPF ***.***.*47-25) is enrolled already');
});
