/**
 * End to end in a real pseudo-terminal (tmux): the bundled CLI, a running
 * embedded server, keys sent with send-keys, the screen read with
 * capture-pane. The scheduling wizard books an appointment (then checked over
 * HTTP); the enrolment wizard is edited on its review screen, interrupted,
 * resumed and finished (then one new contract checked with contrato/search
 * and in the SQLite file). tmux is required: without it these tests
 * fail (`npm test` installs it through scripts/test-tools.sh; test/workflows/tools.test.ts names it).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ENTER, type Scripted } from './fake-prompter.js';
import { enrolmentScript, review } from './enrol-script.js';
import { draftsIn } from './enrol-service.js';
import { readRecords } from './run.js';
import { bundleCli, Pane, Tmux } from './tmux.js';

const CARD = '00010001000001005';

/** Answers scripted questions on the screen: a bare ENTER takes the default of whatever is asked. */
async function drive(pane: Pane, script: readonly Scripted[]): Promise<void> {
  for (const item of script) {
    if (item === ENTER) {
      await pane.waitFor('a question', (s) => Pane.activePrompt(s) !== undefined);
      const asked = Pane.activePrompt(pane.last)!.line;
      await pane.keys('Enter');
      await pane.waitFor(`the next question after ${asked}`, (s) => Pane.activePrompt(s)?.line !== asked);
      continue;
    }
    if (typeof item !== 'object') throw new Error('every other scripted answer names its question');
    const { q, a } = item;
    if (typeof a === 'boolean') {
      await pane.confirm(q, a);
      continue;
    }
    const prompt = await pane.prompt(q);
    const isSelect = prompt.below.some((l) => l.startsWith('❯ '));
    if (a === ENTER) await pane.keys('Enter');
    else if (typeof a !== 'string') throw new Error('no Ctrl-C in a pane script');
    else if (isSelect) await pane.select(q, a);
    else await pane.input(q, a);
  }
}

describe('in a real pseudo-terminal (tmux)', () => {
  let server: TestServer;
  let tmux: Tmux;
  let cli: Awaited<ReturnType<typeof bundleCli>>;
  let home: string;

  beforeAll(async () => {
    [server, cli] = await Promise.all([startTestServer(), bundleCli()]);
    tmux = new Tmux();
    home = mkdtempSync(join(tmpdir(), 'coopctl-pty-'));
  });
  afterAll(async () => {
    await tmux?.close();
    await server?.stop();
    cli?.remove();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const env = () => ({
    COOPCTL_BASE_URL: server.url,
    COOPCTL_TEST_BASE_URL: server.url,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    HOME: home,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
  });

  it('schedule book: the wizard books an appointment on the running server', async () => {
    const pane = await tmux.start('schedule', [process.execPath, cli.main, 'schedule', 'book', CARD], env());
    try {
      // An invalid answer is asked again, with the rule shown.
      await pane.input('[prest_cod_svc_card]', '90x1');
      await pane.waitFor('the rule', (s) => s.includes('must be an integer of up to 18 digits, e.g. 9001'));
      await pane.keys('C-u');
      await pane.input('[prest_cod_svc_card]', '9001');
      const location = await pane.select('Location of provider 9001');
      expect(location).toMatch(/\((101|102)\)$/);
      const cdLocal = /\((\d+)\)$/.exec(location)![1]!;
      const calendar = await pane.prompt('Date');
      expect(calendar.below.length).toBeGreaterThan(0);
      expect(pane.last).toMatch(/ Su {2}Mo {2}Tu {2}We {2}Th {2}Fr {2}Sa/);
      expect(pane.last).toMatch(/\[dd\] free slots: \d+ dates?/);
      const date = (await pane.select('Date')).slice(0, 10);
      const time = await pane.select(`Time on ${date}`);
      const start = time.slice(0, 5);
      await pane.input('[ds_email]', 'ana.souza@example.com');
      await pane.input('[nr_ddd_celular]', '11');
      await pane.input('[nr_celular]', '987654321');
      const address = await pane.prompt('[ds_endereco]');
      expect(address.line).toContain('Clínica Coop Saúde');
      await pane.keys('Enter');
      await pane.prompt('Book this appointment?');
      expect(pane.last).toContain('Appointment to book');
      await pane.confirm('Book this appointment?', true);
      expect(await pane.exitCode()).toBe(0);
      const id = /Booked appointment (\d+)/.exec(pane.last)?.[1];
      expect(id, pane.last).toBeDefined();

      const appointments = await readRecords(server.url, 'schedule.list', {
        usuario_cartao: CARD,
        ind_apenas_concluidas: 'N',
      });
      const booked = appointments.find((a) => String(a['cd_evento']) === id);
      expect(booked).toMatchObject({
        prest_cod_svc_card: 9001,
        data_consulta: date,
        hora_inicio: start,
        status_agendamento: 'aguardando',
      });
      const free = await readRecords(server.url, 'schedule.times', {
        cd_local: cdLocal,
        prest_cod_svc_card: '9001',
        data_consulta: date,
      });
      expect(free.map((t) => t['hora_inicio'])).not.toContain(start);
    } finally {
      await tmux.killSession('schedule');
    }
  }, 120_000);

  it('Ctrl-C at a question stops with exit 130, sending nothing, and keeps what was typed', async () => {
    const before = await readRecords(server.url, 'enrol.contract.search', {});
    const state = mkdtempSync(join(tmpdir(), 'coopctl-pty-state-'));
    const pane = await tmux.start('interrupt', [process.execPath, cli.main, 'enrol', 'wizard'], {
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
      expect(await readRecords(server.url, 'enrol.contract.search', {})).toHaveLength(before.length);
      const [draft] = draftsIn(state);
      expect(JSON.parse(readFileSync(draft!, 'utf8')).data.enrolment.contract).toEqual({ registro_ans: '123456' });
    } finally {
      await tmux.killSession('interrupt');
      rmSync(state, { recursive: true, force: true });
    }
  }, 60_000);

  it('enrol wizard: an edit on the review screen, Ctrl-C, then --resume to one new contract', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-pty-doc-'));
    const state = join(dir, 'state');
    const file = join(dir, 'rg.pdf');
    writeFileSync(file, '%PDF-1.4\n% identity card\n');
    const before = (await readRecords(server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro']);
    const wizard = { ...env(), XDG_STATE_HOME: state };
    const pane = await tmux.start('enrol', [process.execPath, cli.main, 'enrol', 'wizard'], wizard);
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
      // Typing 4 goes to section 4; its questions come again, each with its answer as default.
      await pane.select('What next?', '4');
      await drive(pane, [
        { q: 'Beneficiary 2 · Name [nome]', a: 'Lia Lima' },
        ...Array.from({ length: 6 }, (): Scripted => ENTER),
        { q: 'Beneficiary 2 · Fill in optional fields', a: false },
        { q: "Beneficiary 2 · Same contact as the holder's", a: true },
        { q: 'Beneficiary 2 · Add a document?', a: false },
        { q: "Beneficiary 2 · Same address as the holder's", a: true },
        { q: 'Beneficiary 2 · question 1', a: ENTER },
        { q: 'Beneficiary 2 · question 2', a: ENTER },
      ]);
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
      expect((await readRecords(server.url, 'enrol.contract.search', {})).map((c) => c['cv_nro'])).toEqual(before);
    } finally {
      await tmux.killSession('enrol');
    }
    const resumed = await tmux.start('resume', [process.execPath, cli.main, 'enrol', 'wizard', '--resume'], wizard);
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
      const after = await readRecords(server.url, 'enrol.contract.search', {});
      const added = after.filter((c) => !before.includes(c['cv_nro']));
      expect(added.map((c) => String(c['cv_nro']))).toEqual([contract]);
      expect(added[0]).toMatchObject({ cv_qtd_vida: 2, plano_nro_reg_ans: '123456' });
      const db = new Database(server.db, { readonly: true, fileMustExist: true });
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
      await tmux.killSession('resume');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
