/**
 * The enrolment wizard's drafts when a request got no answer (the service
 * may or may not have done it): the draft says which step was being sent,
 * and `--resume` settles it with the service (contrato/search) and the
 * person before sending anything else. Also: a draft goes on only against
 * the service it was being sent to, and one terminal at a time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../cli/harness.js';
import { enrolmentScript, review } from './enrol-script.js';
import { draftsIn, enrolService, received, wizard } from './enrol-service.js';

/** The harness (`t.h`) and each test's state folder (`t.home`, XDG_STATE_HOME). */
const t = useHarness('coopctl-state-');

const ONE = [{ nome: 'Pedro Souza', document: false, answers: ['N' as const] }];

/** A contract as contrato/search lists it. */
const listed = (cv_nro: number, lives: number) => ({
  cv_nro,
  plano_nro_reg_ans: '123456',
  cv_qtd_vida: lives,
  cv_dat_inic_vigen: '2027-01-01 00:00:00',
  cv_dat_prox_renov_cart: '2028-01-01 00:00:00',
  cv_situacao: 'proposta',
});

const progressOf = () => JSON.parse(readFileSync(draftsIn(t.home)[0]!, 'utf8')).data.progress;

describe('a step sent without an answer', () => {
  it('a contract: none of the service’s empty contracts can be it, so it is sent again (once)', async () => {
    let contracts = 0;
    // Another plan's empty contract, and one of this plan with lives: neither can be the one sent.
    const search = [{ ...listed(6, 0), plano_nro_reg_ans: '999999' }, listed(3, 4)];
    enrolService(t.h, (_req, name) =>
      name === 'contrato' && ++contracts === 1 ? 'garbage' : name === 'contrato/search' ? { json: search } : undefined,
    );
    const r = await wizard(t, enrolmentScript(ONE));
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Whether contract was done is unknown');
    expect(progressOf()).toEqual({ done: {}, sending: { key: 'contract', problem: expect.any(String) } });

    const resumed = await wizard(t, [review('submit')], ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('contract was sent, but no answer came back');
    expect(resumed.stderr).toContain(
      'The service has no empty contract with registro_ans 123456: it was not created, and is sent again.',
    );
    const names = received(t.h).map((s) => s.name);
    expect(names.filter((n) => n === 'contrato')).toHaveLength(2);
    expect(names.slice(1, 3)).toEqual(['contrato/search', 'contrato']);
    expect(resumed.stderr).toContain('Enrolled 1 beneficiary on contract 801.');
  });

  it('a contract: the service has empty contracts that may be it; the one picked is used, not created again', async () => {
    enrolService(t.h, (_req, name) =>
      name === 'contrato'
        ? 'garbage'
        : name === 'contrato/search'
          ? { json: [listed(900, 0), listed(1, 3)] }
          : undefined,
    );
    expect((await wizard(t, enrolmentScript(ONE))).code).toBe(4);
    const first = t.h.base.requests.length;
    const resumed = await wizard(t, [{ q: 'Was the contract created?', a: '900' }, review('submit')], ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const picker = resumed.prompter.asked[0]!;
    expect(picker.choices!.map((c) => c.value)).toEqual(['900', 'again', 'quit']);
    const again = received(t.h, first);
    expect(again.map((s) => s.name)).toEqual([
      'contrato/search',
      'contrato/responsavel_financeiro',
      'beneficiario',
      'beneficiario/contato',
      'beneficiario/endereco',
      'beneficiario/ds',
    ]);
    expect(again[1]!.body).toMatchObject({ contrato_id: 900 });
  });

  it('a beneficiary: its contract has one life more, so it was created; its id is asked, and it is not sent again', async () => {
    let people = 0;
    enrolService(t.h, (_req, name) =>
      name === 'beneficiario' && ++people === 1
        ? 'garbage'
        : name === 'contrato/search'
          ? { json: [listed(801, 1)] }
          : undefined,
    );
    const r = await wizard(t, enrolmentScript(ONE));
    expect(r.code).toBe(4);
    expect(progressOf()).toMatchObject({
      done: { contract: { id: '801' }, payer: {} },
      sending: { key: 'b1.person', lives: 0 },
    });
    const first = t.h.base.requests.length;
    const resumed = await wizard(
      t,
      [{ q: 'beneficiario_id of beneficiary 1 (Pedro Souza)', a: '151' }, review('submit')],
      ['--resume'],
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      'Contract 801 has one beneficiary more: beneficiary 1 (Pedro Souza) was created, but its id was not received.',
    );
    const again = received(t.h, first);
    expect(again.map((s) => s.name)).toEqual([
      'contrato/search',
      'beneficiario/contato',
      'beneficiario/endereco',
      'beneficiario/ds',
    ]);
    expect(t.h.base.requests[first]!.url.searchParams.get('contrato_id')).toBe('801');
    expect(again[1]!.body).toMatchObject({ beneficiario_id: 151 });
  });

  it('a beneficiary: its contract has the lives it had, so it was not created and is sent again', async () => {
    let people = 0;
    enrolService(t.h, (_req, name) =>
      name === 'beneficiario' && ++people === 1
        ? 'garbage'
        : name === 'contrato/search'
          ? { json: [listed(801, 0)] }
          : undefined,
    );
    expect((await wizard(t, enrolmentScript(ONE))).code).toBe(4);
    const first = t.h.base.requests.length;
    const resumed = await wizard(t, [review('submit')], ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(received(t.h, first).map((s) => s.name)).toEqual([
      'contrato/search',
      'beneficiario',
      'beneficiario/contato',
      'beneficiario/endereco',
      'beneficiario/ds',
    ]);
  });

  it('a 502 (a proxy may give it after the service did the work): in doubt as with no answer; --resume counts the lives', async () => {
    let people = 0;
    enrolService(t.h, (_req, name) =>
      name === 'beneficiario' && ++people === 1
        ? { status: 502, json: [{ confirma_operacao: 4, mensagem_erro: 'bad gateway' }] }
        : name === 'contrato/search'
          ? { json: [listed(801, 1)] }
          : undefined,
    );
    const r = await wizard(t, enrolmentScript(ONE));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Whether beneficiary 1 (Pedro Souza) was done is unknown');
    expect(progressOf()).toMatchObject({
      done: { contract: { id: '801' }, payer: {} },
      sending: { key: 'b1.person', lives: 0, problem: expect.stringContaining('bad gateway') },
    });
    const resumed = await wizard(t, [{ q: 'beneficiario_id of', a: '151' }, review('submit')], ['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('Contract 801 has one beneficiary more: beneficiary 1 (Pedro Souza) was created');
    expect(received(t.h).filter((s) => s.name === 'beneficiario')).toHaveLength(1);
  });

  it('a contact: sent again only if the person says so (it may be stored twice)', async () => {
    let contacts = 0;
    enrolService(t.h, (_req, name) => (name === 'beneficiario/contato' && ++contacts === 1 ? 'garbage' : undefined));
    expect((await wizard(t, enrolmentScript(ONE))).code).toBe(4);
    const first = t.h.base.requests.length;
    const resumed = await wizard(
      t,
      [{ q: 'Send beneficiary 1 · contact again?', a: false }, review('submit')],
      ['--resume'],
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(received(t.h, first).map((s) => s.name)).toEqual(['beneficiario/endereco', 'beneficiario/ds']);
  });
});

describe('a draft goes on only where it can', () => {
  it('with requests sent, only against the same service (exit 2 elsewhere)', async () => {
    let contacts = 0;
    enrolService(t.h, (_req, name) => (name === 'beneficiario/contato' && ++contacts === 1 ? 'refuse' : undefined));
    expect((await wizard(t, enrolmentScript(ONE))).code).toBe(1);
    const r = await t.h.run(['enrol', 'wizard', '--resume'], {
      tty: { stdin: true, stdout: true, stderr: true },
      env: { XDG_STATE_HOME: t.home, COOPCTL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`was being sent to ${t.h.base.url}, and this run sends to http://127.0.0.1:9`);
  });

  it('one terminal at a time: a draft another live coopctl holds is refused (exit 2)', async () => {
    enrolService(t.h);
    expect((await wizard(t, enrolmentScript(ONE, 'quit'))).code).toBe(5);
    const [draft] = draftsIn(t.home);
    // The parent process is alive, and is not this one.
    writeFileSync(`${draft}.lock`, `${process.ppid}\n`);
    const r = await wizard(t, [], ['--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `another coopctl enrol wizard (process ${process.ppid}) is working on the draft ${draft}`,
    );
    // A lock left by a process that is gone is taken over.
    writeFileSync(`${draft}.lock`, '999999999\n');
    expect((await wizard(t, [review('submit')], ['--resume'])).code).toBe(0);
  });

  it('--resume and --contrato-id together: exit 2', async () => {
    const r = await wizard(t, [], ['--resume', '--contrato-id', '6']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--resume goes on with the draft');
  });
});
