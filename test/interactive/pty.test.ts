/**
 * End to end in a real pseudo-terminal (tmux): the bundled CLI, a running
 * embedded server, keys sent with send-keys, the screen read with
 * capture-pane. The booking wizard goes through an unknown provider and a
 * slot taken meanwhile to one booked appointment (then checked over HTTP);
 * the enrolment wizard is edited on its review screen, interrupted, resumed
 * and finished (then one new contract checked with contrato/search and in
 * the SQLite file). tmux is required: without it these tests
 * fail (`npm test` installs it through scripts/test-tools.sh; test/workflows/tools.test.ts names it).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enrolmentScript, review } from './enrol-script.js';
import { draftsIn } from './enrol-service.js';
import { drive } from './pane-script.js';
import { readRecords } from './run.js';
import { Pane } from './tmux.js';
import { usePtyWorld } from './pty-world.js';

const CARD = '00010001000001005';
/** Her spouse: the other client that takes a slot meanwhile. */
const SPOUSE = '00010001000001013';

describe('in a real pseudo-terminal (tmux)', () => {
  const world = usePtyWorld('coopctl-pty-', 'C.UTF-8');
  const env = () => world.env();

  it('schedule book: an unknown provider and a slot taken meanwhile are asked again, then one appointment is booked', async () => {
    const directory = '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia';
    const [person] = await readRecords(world.server.url, 'registration.show', { usuario_cartao: CARD });
    const contact = person!['contato'] as Record<string, string>;
    const list = (card: string) =>
      readRecords(world.server.url, 'schedule.list', { usuario_cartao: card, ind_apenas_concluidas: 'N' });
    const before = new Set((await list(CARD)).map((a) => String(a['cd_evento'])));
    const dates = await readRecords(world.server.url, 'schedule.dates', {
      cd_local: '101',
      prest_cod_svc_card: '9001',
    });
    // The last free date: a whole day of slots (today's may be down to one).
    const day = String(dates.at(-1)!['data_consulta']);
    const pane = await world.tmux.start('schedule', [process.execPath, world.cli.main, 'schedule', 'book', CARD], {
      ...env(),
      COOPCTL_PROVIDERS: directory,
    });
    try {
      // The card is read first: the beneficiary's name comes before the first question.
      await pane.prompt('Provider (type a name or a code)');
      expect(pane.last).toContain(`Beneficiary: ${String(person!['nome'])}`);
      // The search draws its list once its source has answered.
      await pane.waitFor('the providers offered', (s) =>
        (Pane.activePrompt(s)?.below ?? []).some((l) => l.includes('Clínica Coop Saúde — Clínica Geral (9001)')),
      );
      // An unknown provider, typed as a code: said so, and the provider asked again.
      await pane.type('424242');
      await pane.waitFor('the typed code', (s) => s.includes('❯ Provider code 424242 (typed in)'));
      await pane.keys('Enter');
      await pane.waitFor('the unknown provider', (s) => s.includes('No service location for provider 424242'));
      await pane.prompt('Provider (type a name or a code)');
      await pane.type('geral');
      // The first provider is highlighted before the search has run too: wait for the other one to leave the list
      // (an Enter while the search is still looking is not taken).
      await pane.waitFor(
        'the provider by name',
        (s) => s.includes('❯ Clínica Coop Saúde — Clínica Geral (9001)') && !s.includes('Dr. Ricardo Mendes Almeida'),
      );
      await pane.keys('Enter');
      expect(await pane.select('Location of Clínica Coop Saúde — Clínica Geral (9001)')).toBe(
        'Clínica Coop Saúde — Unidade Paulista (101)',
      );
      await pane.prompt('Date');
      expect(pane.last).toMatch(/ Su {2}Mo {2}Tu {2}We {2}Th {2}Fr {2}Sa/);
      await pane.keys('Up');
      await pane.waitFor(`the pointer on ${day}`, (s) =>
        (Pane.activePrompt(s)?.below ?? []).some((l) => l.startsWith(`❯ ${day}`)),
      );
      await pane.keys('Enter');
      const taken = (await pane.select(`Time on ${day}`)).slice(0, 11);
      // The registration's e-mail and mobile are pre-filled: Enter keeps them.
      expect((await pane.prompt('[ds_email]')).line).toContain(`(${contact.email})`);
      await pane.keys('Enter');
      // Pre-filled as people write it: `(11)960289873` → `(11) 96028-9873`.
      const written = contact.celular!.replace(/^\((\d\d)\)(\d{4,5})(\d{4})$/, '($1) $2-$3');
      expect((await pane.prompt('[nr_ddd_celular nr_celular]')).line).toContain(`(${written})`);
      // An invalid answer is asked again with the rule shown; emptied, Enter keeps the registration's mobile.
      await pane.input('[nr_ddd_celular nr_celular]', '(11)9876');
      await pane.waitFor('the rule', (s) => s.includes('must be (99) area code then 8 or 9 digits'));
      await pane.keys('C-u');
      await pane.keys('Enter');
      await pane.prompt('[ds_endereco]');
      await pane.keys('Enter');
      await pane.prompt('Book this appointment?');
      expect(pane.last).toContain(`  mobile    ${written}`);
      // Another client books that slot before the confirmation.
      const [start, end] = taken.split('–');
      const res = await fetch(`${world.server.url}/api/svccard/agendamento/enviaagendamento`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          usuario_cartao: SPOUSE,
          cd_local: 101,
          prest_cod_svc_card: 9001,
          tp_evento: 1,
          dt_hr_inicio: `${day} ${start}`,
          dt_hr_fim: `${day} ${end}`,
          ds_email: 'carlos@example.com',
          nr_ddd_celular: 11,
          nr_celular: 912345678,
          ds_endereco: 'x',
        }),
      });
      expect(((await res.json()) as Array<Record<string, unknown>>)[0]).toMatchObject({ confirma_operacao: 1 });
      await pane.confirm('Book this appointment?', true);
      await pane.waitFor('the taken slot', (s) => s.includes(`${start}–${end}, is no longer free`));
      const again = await pane.prompt(`Time on ${day}`);
      expect(again.below.some((l) => l.includes(`${start}–${end}`))).toBe(false);
      const chosen = (await pane.select(`Time on ${day}`)).slice(0, 5);
      await pane.confirm('Book this appointment?', true);
      expect(await pane.exitCode()).toBe(0);
      const id = /Booked appointment (\d+)/.exec(pane.last)?.[1];
      expect(id, pane.last).toBeDefined();

      // On the server: one new appointment for the card, at the second time chosen; the taken slot is the spouse's.
      const added = (await list(CARD)).filter((a) => !before.has(String(a['cd_evento'])));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        cd_evento: Number(id),
        prest_cod_svc_card: 9001,
        data_consulta: day,
        hora_inicio: chosen,
        status_agendamento: 'aguardando',
      });
      expect(chosen).not.toBe(start);
      const theirs = (await list(SPOUSE)).filter((a) => a['data_consulta'] === day);
      expect(theirs.map((a) => a['hora_inicio'])).toEqual([start]);
      const free = await readRecords(world.server.url, 'schedule.times', {
        cd_local: '101',
        prest_cod_svc_card: '9001',
        data_consulta: day,
      });
      expect(free.map((t) => t['hora_inicio'])).not.toContain(start);
      expect(free.map((t) => t['hora_inicio'])).not.toContain(chosen);
    } finally {
      await world.tmux.killSession('schedule');
    }
  }, 120_000);

  it('Ctrl-C at a question stops with exit 130, sending nothing, and keeps what was typed', async () => {
    const before = await readRecords(world.server.url, 'enrol.contract.search', {});
    const state = mkdtempSync(join(tmpdir(), 'coopctl-pty-state-'));
    const pane = await world.tmux.start('interrupt', [process.execPath, world.cli.main, 'enrol', 'wizard'], {
      ...env(),
      XDG_STATE_HOME: state,
    });
    try {
      await pane.input('[registro_ans]', '123456');
      await pane.prompt('[coop_id]');
      await pane.keys('C-c');
      expect(await pane.exitCode()).toBe(130);
      expect(pane.last).toContain('interrupted');
      expect(pane.last).toContain('coopctl enrol wizard --resume goes on from here');
      expect(await readRecords(world.server.url, 'enrol.contract.search', {})).toHaveLength(before.length);
      const [draft] = draftsIn(state);
      expect(JSON.parse(readFileSync(draft!, 'utf8')).data.enrolment.contract).toEqual({ registro_ans: '123456' });
    } finally {
      await world.tmux.killSession('interrupt');
      rmSync(state, { recursive: true, force: true });
    }
  }, 60_000);

  it('enrol wizard: an edit on the review screen, Ctrl-C, then --resume to one new contract', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-pty-doc-'));
    const state = join(dir, 'state');
    const file = join(dir, 'rg.pdf');
    writeFileSync(file, '%PDF-1.4\n% identity card\n');
    const before = (await readRecords(world.server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro']);
    const wizard = { ...env(), XDG_STATE_HOME: state };
    const pane = await world.tmux.start('enrol', [process.execPath, world.cli.main, 'enrol', 'wizard'], wizard);
    try {
      const script = enrolmentScript([
        { nome: 'Pedro Souza', file },
        { nome: 'Lia Souza', document: false, answers: ['N', 'N'], copy: true },
      ]);
      expect(script.pop()).toEqual(review('submit'));
      await drive(pane, script);

      // The review screen: numbered sections with the answers.
      await pane.prompt('What next?');
      expect(pane.last).toMatch(/^3 Beneficiary 1 \(holder\) · Pedro Souza$/m);
      expect(pane.last).toMatch(/^4 Beneficiary 2 · Lia Souza$/m);
      // Typing 4 goes to section 4; its answers are offered, and only the one chosen is asked again.
      await pane.select('What next?', '4');
      await pane.select('Beneficiary 2 · Lia Souza: change which answer?', 'person · Name: Lia Souza');
      await drive(pane, [{ q: 'Beneficiary 2 · Name [nome]', a: 'Lia Lima' }]);
      await pane.prompt('What next?');
      expect(pane.last).toMatch(/^4 Beneficiary 2 · Lia Lima$/m);

      // Ctrl-C at the review: nothing sent, the draft kept (private).
      await pane.keys('C-c');
      expect(await pane.exitCode()).toBe(130);
      expect(pane.last).toContain('coopctl enrol wizard --resume goes on from here');
      const drafts = draftsIn(state);
      expect(drafts).toHaveLength(1);
      expect(statSync(drafts[0]!).mode & 0o777).toBe(0o600);
      expect(statSync(join(state, 'coopctl', 'drafts')).mode & 0o777).toBe(0o700);
      expect((await readRecords(world.server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro'])).toEqual(
        before,
      );
    } finally {
      await world.tmux.killSession('enrol');
    }
    const resumed = await world.tmux.start(
      'resume',
      [process.execPath, world.cli.main, 'enrol', 'wizard', '--resume'],
      wizard,
    );
    try {
      await resumed.prompt('What next?');
      expect(resumed.last).toContain('Going on with the enrolment draft');
      expect(resumed.last).toMatch(/^4 Beneficiary 2 · Lia Lima$/m);
      await resumed.select('What next?', 'Submit');
      expect(await resumed.exitCode(60_000)).toBe(0);
      const contract = /Enrolled 2 beneficiaries on contract (\d+)\./.exec(resumed.last)?.[1];
      expect(contract, resumed.last).toBeDefined();
      expect(draftsIn(state)).toEqual([]);

      // Exactly one new contract, with the two beneficiaries as edited.
      const after = await readRecords(world.server.url, 'enrol.contract.search', {});
      const added = after.filter((c) => !before.includes(c['cv_nro']));
      expect(added.map((c) => String(c['cv_nro']))).toEqual([contract]);
      expect(added[0]).toMatchObject({ cv_qtd_vida: 2, plano_nro_reg_ans: '123456' });
      const db = new Database(world.server.db, { readonly: true, fileMustExist: true });
      try {
        const names = db
          .prepare('SELECT nome FROM beneficiary WHERE contract_id = ? ORDER BY id')
          .pluck()
          .all(contract);
        expect(names).toEqual(['Pedro Souza', 'Lia Lima']);
        const records = db
          .prepare(
            'SELECT b.nome, r.kind FROM enrolment_record r JOIN beneficiary b ON b.id = r.beneficiary_id WHERE b.contract_id = ? ORDER BY r.id',
          )
          .all(contract);
        expect(records).toEqual([
          { nome: 'Pedro Souza', kind: 'contato' },
          { nome: 'Pedro Souza', kind: 'documento' },
          { nome: 'Pedro Souza', kind: 'endereco' },
          { nome: 'Lia Lima', kind: 'contato' },
          { nome: 'Lia Lima', kind: 'endereco' },
        ]);
      } finally {
        db.close();
      }
    } finally {
      await world.tmux.killSession('resume');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
