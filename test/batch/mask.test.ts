/**
 * `enrol batch --mask`: the report on stdout and the summary on stderr show
 * no CPF in clear (here, a file named after its holder's CPF), while the
 * files the run keeps for itself (the report beside the input) are whole.
 */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
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
