/**
 * The enrolment wizard's review screen and drafts, in-process against a fake
 * service (every request seen): editing a section, the draft kept on Ctrl-C,
 * on quitting at the review and on a failed send (private, under
 * XDG_STATE_HOME), `--resume` going on without sending anything twice, and a
 * dependant's contact and address copied from the holder's.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Enrolment, Progress } from '../../src/cli/commands/enrol/wizard/answers.js';
import { useHarness } from '../cli/harness.js';
import { CTRL_C, ENTER, type Scripted } from './fake-prompter.js';
import { enrolmentScript, ONE, ONE_CALLS, review } from './enrol-script.js';
import { draftsIn, enrolService, received, wizard } from './enrol-service.js';

/** The harness (`t.h`) and each test's state folder (`t.home`, XDG_STATE_HOME). */
const t = useHarness('coopctl-state-');

/** The one draft in the state folder, parsed. */
function theDraft(): {
  path: string;
  json: { draft: string; format: number; data: { enrolment: Enrolment; progress: Progress } };
} {
  const drafts = draftsIn(t.home);
  expect(drafts).toHaveLength(1);
  return { path: drafts[0]!, json: JSON.parse(readFileSync(drafts[0]!, 'utf8')) };
}

describe('the review screen', () => {
  it('shows numbered sections; editing one asks its questions again with its answers as defaults', async () => {
    enrolService(t.h);
    const script = enrolmentScript(ONE, 'edit:0');
    script.push(
      { q: 'Contract: change which answer?', a: 'all' },
      { q: 'Contract · Regulator (ANS) registration of the plan [registro_ans]', a: ENTER },
      { q: '[coop_id]', a: '2' },
      { q: '[produto_tabela_id]', a: ENTER },
      { q: '[origem]', a: ENTER },
      { q: 'Contract · Fill in optional fields', a: true },
      { q: '[empresa_id]', a: '7' },
      ...Array.from({ length: 4 }, (): Scripted => ENTER),
      review('submit'),
    );
    const r = await wizard(t, script);
    expect(r.code, r.stderr).toBe(0);
    expect(r.prompter.remaining()).toBe(0);
    // The section's questions offered the answers given.
    const asked = r.prompter.asked.filter((q) => q.message.startsWith('Contract ·'));
    expect(asked.slice(5, 9).map((q) => q.default)).toEqual(['123456', '1', '10', 'WB']);
    const lines = r.stderr.split('\n');
    expect(lines).toContain('1 Contract');
    expect(lines).toContain('2 Payer');
    expect(lines).toContain('3 Beneficiary 1 (holder) · Pedro Souza');
    expect(lines).toContain(
      '    ANS registration: 123456 · Cooperative: 2 · Price table: 10 · Origin: WB · Company: 7',
    );
    const menu = r.prompter.asked.find((q) => q.message.startsWith('What next?'))!;
    expect(menu.choices!.map((c) => c.name).slice(0, 4)).toEqual([
      '1 Edit: Contract',
      '2 Edit: Payer',
      '3 Edit: Beneficiary 1 (holder) · Pedro Souza',
      'Submit the contract and 1 beneficiary (6 requests)',
    ]);
    const sent = received(t.h);
    expect(sent.map((s) => s.name)).toEqual(ONE_CALLS);
    expect(sent[0]!.body).toEqual({
      registro_ans: '123456',
      coop_id: 2,
      produto_tabela_id: 10,
      origem: 'WB',
      empresa_id: 7,
    });
    // Finished: the draft is gone.
    expect(draftsIn(t.home)).toEqual([]);
  });

  it("a dependant's contact and address copied from the holder's", async () => {
    enrolService(t.h);
    const script = enrolmentScript([ONE[0]!, { nome: 'Lia Souza', document: false, answers: ['N'], copy: true }]);
    const r = await wizard(t, script);
    expect(r.code, r.stderr).toBe(0);
    expect(r.prompter.remaining()).toBe(0);
    expect(r.stderr).toContain('Beneficiary 2: contact copied from the holder (edit it on the review screen)');
    const sent = received(t.h);
    const of = (name: string) => sent.filter((s) => s.name === name).map((s) => s.body);
    const [holderContact, contact] = of('beneficiario/contato');
    expect(contact).toEqual({ ...holderContact, beneficiario_id: 152 });
    expect(contact).toMatchObject({ nome: 'Pedro Souza', telefone_principal: 11987654321, email: 'b1@example.com' });
    const [holderAddress, address] = of('beneficiario/endereco');
    expect(address).toEqual({ ...holderAddress, beneficiario_id: 152 });
  });

  it('adds and removes a beneficiary', async () => {
    enrolService(t.h);
    const script = enrolmentScript(ONE, 'add');
    const more = enrolmentScript([ONE[0]!, { nome: 'Caio Souza', document: false, answers: ['N'] }]);
    const second = more.findIndex((s) => typeof s === 'object' && s.q === 'Beneficiary 2 · Name [nome]');
    script.push(...more.slice(second, -1), review('remove'));
    script.push(
      { q: 'Remove which beneficiary?', a: '0' },
      { q: 'Remove Beneficiary 1 (holder) · Pedro Souza', a: true },
    );
    script.push(review('submit'));
    const r = await wizard(t, script);
    expect(r.code, r.stderr).toBe(0);
    const people = received(t.h).filter((s) => s.name === 'beneficiario');
    expect(people.map((s) => s.body['nome'])).toEqual(['Caio Souza']);
  });

  it('discarding asks first, then deletes the draft and sends nothing', async () => {
    enrolService(t.h);
    const script = enrolmentScript(ONE, 'discard');
    script.push({ q: 'Discard this enrolment?', a: false }, review('discard'), {
      q: 'Discard this enrolment?',
      a: true,
    });
    const r = await wizard(t, script);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('Nothing was sent.');
    expect(draftsIn(t.home)).toEqual([]);
    expect(t.h.base.requests).toHaveLength(0);
  });
});

describe('drafts: kept when the wizard stops, resumed without sending anything twice', () => {
  it('Ctrl-C: a private draft (0600, folder 0700) under XDG_STATE_HOME; --resume goes on at the part it stopped', async () => {
    enrolService(t.h);
    const script = enrolmentScript(ONE);
    const at = script.findIndex((s) => typeof s === 'object' && s.q === 'Beneficiary 1 · Contact name');
    const r = await wizard(t, [...script.slice(0, at), { q: 'Beneficiary 1 · Contact name', a: CTRL_C }]);
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(
      /The enrolment is saved in .+ \(private\); coopctl enrol wizard --resume goes on from here\.\ninterrupted\n$/,
    );
    expect(t.h.base.requests).toHaveLength(0);
    const { path, json } = theDraft();
    expect(dirname(path)).toBe(join(t.home, 'coopctl', 'drafts'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(json).toMatchObject({ draft: 'enrol-wizard', format: 1 });
    expect(json.data.enrolment.asking).toEqual({ at: 'beneficiary', index: 0, part: 'contact' });
    expect(json.data.enrolment.beneficiaries[0]!.person).toMatchObject({
      nome: 'Pedro Souza',
      grau_dependencia: 'T',
    });
    expect(json.data.progress).toEqual({ done: {} });

    const resumed = await wizard(t, script.slice(at), ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.prompter.remaining()).toBe(0);
    expect(resumed.stderr).toMatch(
      /Going on with the enrolment draft: saved \d{4}-\d\d-\d\d \d\d:\d\d · new contract · payer Ana Souza · Pedro Souza · nothing sent\./,
    );
    expect(received(t.h).map((s) => s.name)).toEqual(ONE_CALLS);
    expect(draftsIn(t.home)).toEqual([]);
  });

  it('quitting at the review (declining to submit) keeps the draft; --resume shows the review again', async () => {
    enrolService(t.h);
    const r = await wizard(t, enrolmentScript(ONE, 'quit'));
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('not sent');
    expect(t.h.base.requests).toHaveLength(0);
    expect(theDraft().json.data.enrolment.asking).toBeUndefined();
    const resumed = await wizard(t, [review('submit')], ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(received(t.h).map((s) => s.name)).toEqual(ONE_CALLS);
  });

  it('a failed send keeps what was created; --resume sends the rest once (after an edit), no contract or beneficiary twice', async () => {
    // The second beneficiary's contact is refused, the first time.
    let contacts = 0;
    enrolService(t.h, (_req, name) => (name === 'beneficiario/contato' && ++contacts === 2 ? 'refuse' : undefined));
    const people = [
      { nome: 'Pedro Souza', document: false, answers: ['N' as const, 'N' as const] },
      { nome: 'Lia Souza', answers: ['S' as const, 'N' as const] },
      { nome: 'Caio Souza', document: false, answers: ['N' as const, 'N' as const] },
    ];
    const r = await wizard(t, enrolmentScript(people));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: beneficiary 2 · contact: the request failed; the service said: "refused beneficiario/contato"',
    );
    expect(r.stderr).toContain('coopctl enrol wizard --resume goes on from here');
    const { json } = theDraft();
    expect(json.data.progress.done).toEqual({
      contract: { id: '801' },
      payer: {},
      'b1.person': { id: '151' },
      'b1.contact': { id: '31' },
      'b1.address': { id: '51' },
      'b1.declaration.1': {},
      'b1.declaration.2': {},
      'b2.person': { id: '152' },
    });
    expect(json.data.progress.sending).toBeUndefined();
    const first = t.h.base.requests.length;

    // Section 4 (beneficiary 2) is asked again, its person (sent) left out; then submitted.
    const resumed = await wizard(
      t,
      [
        review('edit:3'),
        { q: 'Beneficiary 2 · Lia Souza: change which answer?', a: 'all' },
        { q: "Beneficiary 2 · Same contact as the holder's", a: false },
        { q: 'Beneficiary 2 · Contact name', a: ENTER },
        { q: 'Beneficiary 2 · Main phone', a: ENTER },
        { q: 'Beneficiary 2 · E-mail', a: 'lia@example.com' },
        { q: 'Beneficiary 2 · Fill in optional fields', a: false },
        { q: 'Beneficiary 2 · Keep document 1 (RG 123456782)?', a: true },
        ...Array.from({ length: 4 }, (): Scripted => ENTER),
        { q: 'Beneficiary 2 · document 1 · Fill in optional fields', a: false },
        { q: 'Beneficiary 2 · Add another document?', a: false },
        { q: "Beneficiary 2 · Same address as the holder's", a: true },
        { q: 'Beneficiary 2 · question 1', a: ENTER },
        { q: 'Beneficiary 2 · question 1 · Details', a: ENTER },
        { q: 'Beneficiary 2 · question 2', a: ENTER },
        review('submit'),
      ],
      ['--resume'],
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.prompter.remaining()).toBe(0);
    // What was sent is shown, and cannot be edited.
    const menu = resumed.prompter.asked.find((q) => q.message.startsWith('What next?'))!;
    expect(menu.choices!.slice(0, 4).map((c) => [c.name, c.disabled])).toEqual([
      ['1 Edit: Contract', '(sent)'],
      ['2 Edit: Payer', '(sent)'],
      ['3 Edit: Beneficiary 1 (holder) · Pedro Souza', '(sent)'],
      ['4 Edit: Beneficiary 2 · Lia Souza', undefined],
    ]);
    expect(menu.choices!.map((c) => c.name)).toContain('Submit the 10 requests not sent yet');
    expect(resumed.stderr).toContain('3 Beneficiary 1 (holder) · Pedro Souza · sent (beneficiario_id 151)');
    expect(resumed.stderr).toContain('4 Beneficiary 2 · Lia Souza · partly sent (beneficiario_id 152)');
    expect(resumed.prompter.asked.some((q) => q.message.startsWith('Beneficiary 2 · Name'))).toBe(false);

    const again = received(t.h, first);
    expect(again.map((s) => s.name)).toEqual([
      'beneficiario/contato',
      'beneficiario/documento',
      'beneficiario/endereco',
      'beneficiario/ds',
      'beneficiario/ds',
      'beneficiario',
      'beneficiario/contato',
      'beneficiario/endereco',
      'beneficiario/ds',
      'beneficiario/ds',
    ]);
    expect(again[0]!.body).toEqual({
      beneficiario_id: 152,
      nome: 'Lia Souza',
      telefone_principal: 11987654321,
      email: 'lia@example.com',
    });
    expect(again[5]!.body).toMatchObject({ contrato_id: 801, nome: 'Caio Souza' });
    // Over both runs: one contract, each beneficiary once.
    const all = received(t.h);
    expect(all.filter((s) => s.name === 'contrato')).toHaveLength(1);
    expect(all.filter((s) => s.name === 'beneficiario').map((s) => s.body['nome'])).toEqual([
      'Pedro Souza',
      'Lia Souza',
      'Caio Souza',
    ]);
    expect(resumed.stderr).toContain('Enrolled 3 beneficiaries on contract 801.');
    expect(draftsIn(t.home)).toEqual([]);
  });

  it('--resume without a draft: a clear error (exit 2)', async () => {
    const r = await wizard(t, [], ['--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: there is no enrolment draft to resume (in ${join(t.home, 'coopctl', 'drafts')}); start one with coopctl enrol wizard`,
    );
  });

  it('--resume picks among several drafts; a new enrolment says they are waiting', async () => {
    enrolService(t.h);
    expect((await wizard(t, enrolmentScript(ONE, 'quit'))).code).toBe(5);
    const other = enrolmentScript([{ nome: 'Rui Lima', document: false, answers: ['N'] }], 'quit');
    const second = await wizard(t, other);
    expect(second.stderr).toContain('An enrolment draft is saved: coopctl enrol wizard --resume goes on with it.');
    const paths = draftsIn(t.home);
    expect(paths).toHaveLength(2);
    const rui = paths.find((p) => readFileSync(p, 'utf8').includes('Rui Lima'))!;
    const r = await wizard(t, [{ q: 'Which enrolment draft?', a: rui }, review('submit')], ['--resume']);
    expect(r.code, r.stderr).toBe(0);
    const picker = r.prompter.asked[0]!;
    expect(picker.choices!.map((c) => c.name)).toEqual([
      expect.stringMatching(/^saved .+ · new contract · payer Ana Souza · Rui Lima · nothing sent$/),
      expect.stringMatching(/^saved .+ · new contract · payer Ana Souza · Pedro Souza · nothing sent$/),
    ]);
    expect(
      received(t.h)
        .filter((s) => s.name === 'beneficiario')
        .map((s) => s.body['nome']),
    ).toEqual(['Rui Lima']);
    expect(draftsIn(t.home)).toHaveLength(1);
  });

  it('--discard picks a draft, asks, and deletes it (declined, it stays); the other draft is kept', async () => {
    enrolService(t.h);
    expect((await wizard(t, enrolmentScript(ONE, 'quit'))).code).toBe(5);
    const other = enrolmentScript([{ nome: 'Rui Lima', document: false, answers: ['N'] }], 'quit');
    expect((await wizard(t, other)).code).toBe(5);
    const rui = draftsIn(t.home).find((p) => readFileSync(p, 'utf8').includes('Rui Lima'))!;
    const pick = { q: 'Which enrolment draft?', a: rui };
    const declined = await wizard(t, [pick, { q: 'Discard this enrolment?', a: false }], ['--discard']);
    // A declined question is a cancel, not a refusal: exit 5 (docs/output.md, exit codes).
    expect(declined.code).toBe(5);
    expect(draftsIn(t.home)).toHaveLength(2);
    const r = await wizard(t, [pick, { q: 'Discard this enrolment?', a: true }], ['--discard']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/saved .+ · new contract · payer Ana Souza · Rui Lima · nothing sent\n/);
    expect(r.stderr).toContain('Nothing was sent.');
    const left = draftsIn(t.home);
    expect(left).toHaveLength(1);
    expect(readFileSync(left[0]!, 'utf8')).toContain('Pedro Souza');
    expect(t.h.base.requests).toHaveLength(0);
    expect((await wizard(t, [], ['--discard', '--resume'])).code).toBe(2);
  });
});
