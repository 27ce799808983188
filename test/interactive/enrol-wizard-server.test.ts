/**
 * The enrolment wizard in-process, driven through the context's prompter,
 * against the real server: a contract with two beneficiaries, beneficiaries
 * added to an existing contract, a step the service refuses, and quitting at
 * the review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { enrolmentScript, SCRIPTED_CALLS, scannedPdf } from './enrol-script.js';
import { ENTER, fakePrompter } from './fake-prompter.js';
import { readRecords, runOnTerminal } from './run.js';

const { pdf, content } = scannedPdf();

describe('against the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('creates a contract with a payer and two beneficiaries, showing each result', async () => {
    const prompter = fakePrompter(
      enrolmentScript([
        { nome: 'Pedro Souza', file: pdf },
        { nome: 'Lia Souza', document: false, answers: ['N', 'N'] },
      ]),
    );
    const r = await runOnTerminal(['--json', 'enrol', 'wizard'], server.url, prompter);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    const results = JSON.parse(r.stdout) as Array<{ step: string; operation: string; created: string; id: string }>;
    expect(results.map((s) => s.operation)).toEqual(SCRIPTED_CALLS);
    const contract = results[0]!.id;
    expect(contract).toMatch(/^\d+$/);
    expect(results.filter((s) => s.created === 'beneficiario_id').map((s) => s.step)).toEqual([
      'beneficiary 1 (Pedro Souza)',
      'beneficiary 2 (Lia Souza)',
    ]);
    const next = prompter.asked.find((q) => q.message.startsWith('What next?'))!;
    expect(next.choices?.map((c) => c.name)).toContain('Submit the contract and 2 beneficiaries (13 requests)');
    expect(r.stderr).toContain(`File: ${pdf} (${content.length} bytes)`);
    expect(r.stderr).toMatch(/✔ contract: contrato_id \d+/);
    expect(r.stderr).toContain(`Enrolled 2 beneficiaries on contract ${contract}.`);

    const [found] = await readRecords(server.url, 'enrol.contract.search', { contrato_id: contract });
    expect(found).toMatchObject({ cv_nro: Number(contract), cv_qtd_vida: 2, cv_dat_inic_vigen: '2027-01-01 00:00:00' });
  });

  it('--contrato-id adds beneficiaries to an existing contract', async () => {
    const [before] = await readRecords(server.url, 'enrol.contract.search', { contrato_id: '6' });
    const script = enrolmentScript([{ nome: 'Rui Lima', cpf: '529.982.247-25', document: false, answers: [] }]).slice(
      22,
    );
    script.unshift({ q: 'Register the financial responsible party of contract 6?', a: false });
    // With no payer, the address has no defaults: answer them.
    const i = script.findIndex((s) => typeof s === 'object' && String(s.q).includes('Postal code'));
    script.splice(
      i,
      5,
      { q: 'Postal code', a: '1001000' },
      { q: 'Street', a: 'Praça da Sé' },
      { q: 'Number', a: '1' },
      { q: 'Complement', a: ENTER },
      { q: 'District', a: 'Sé' },
    );
    expect(script[script.length - 1]).toMatchObject({ q: 'What next?', a: 'submit' });
    const prompter = fakePrompter(script);
    const r = await runOnTerminal(['enrol', 'wizard', '--contrato-id', '6'], server.url, prompter);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);
    const [after] = await readRecords(server.url, 'enrol.contract.search', { contrato_id: '6' });
    expect(Number(after!['cv_qtd_vida'])).toBe(Number(before!['cv_qtd_vida']) + 1);
  });

  it('a step the service refuses: says what was created and how to continue (exit 1)', async () => {
    // Contract 7 is cancelled: registering the payer works, adding a beneficiary does not.
    const script = enrolmentScript([{ nome: 'Rui Lima', document: false, answers: ['N'] }]).slice(5);
    script.unshift({ q: 'Register the financial responsible party of contract 7?', a: true });
    expect(script[script.length - 1]).toMatchObject({ q: 'What next?', a: 'submit' });
    const r = await runOnTerminal(['enrol', 'wizard', '--contrato-id', '7'], server.url, fakePrompter(script));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: payer: the request failed; the service said: "contract 7 is cancelado"/);
    expect(r.stderr).toContain('Already created: nothing.');
    expect(r.stderr).toContain("  coopctl enrol payer 7 --cpf 529.982.247-25 --nome 'Ana Souza'");
  });

  it('quitting at the review sends nothing (exit 5, declined)', async () => {
    const before = await readRecords(server.url, 'enrol.contract.search', {});
    const r = await runOnTerminal(
      ['enrol', 'wizard'],
      server.url,
      fakePrompter(enrolmentScript([{ nome: 'X', document: false, answers: [] }], 'quit')),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('not sent');
    expect(await readRecords(server.url, 'enrol.contract.search', {})).toHaveLength(before.length);
  });
});
