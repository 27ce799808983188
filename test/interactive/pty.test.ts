/**
 * End to end in a real pseudo-terminal (tmux): the bundled CLI, a running
 * embedded server, keys sent with send-keys, the screen read with
 * capture-pane. The scheduling wizard books an appointment (then checked over
 * HTTP); the enrolment wizard creates a contract with two beneficiaries (then
 * checked with contrato/search). tmux is required: without it these tests
 * fail (`npm test` installs it through scripts/test-tools.sh; test/workflows/tools.test.ts names it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ENTER } from './fake-prompter.js';
import { enrolmentScript } from './enrol-script.js';
import { readRecords } from './run.js';
import { bundleCli, Tmux } from './tmux.js';

const CARD = '00010001000001005';

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

  it('Ctrl-C at a question stops with exit 130, sending nothing', async () => {
    const before = await readRecords(server.url, 'enrol.contract.search', {});
    const pane = await tmux.start('interrupt', [process.execPath, cli.main, 'enrol', 'wizard'], env());
    try {
      await pane.input('[registro_ans]', '123456');
      await pane.prompt('[coop_id]');
      await pane.keys('C-c');
      expect(await pane.exitCode()).toBe(130);
      expect(pane.last).toContain('interrupted');
      expect(await readRecords(server.url, 'enrol.contract.search', {})).toHaveLength(before.length);
    } finally {
      await tmux.killSession('interrupt');
    }
  }, 60_000);

  it('enrol wizard: creates a contract with two beneficiaries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-pty-doc-'));
    const file = join(dir, 'rg.pdf');
    writeFileSync(file, '%PDF-1.4\n% identity card\n');
    const pane = await tmux.start('enrol', [process.execPath, cli.main, 'enrol', 'wizard'], env());
    try {
      const script = enrolmentScript([
        { nome: 'Pedro Souza', file },
        { nome: 'Lia Souza', document: false, answers: ['N', 'N'] },
      ]);
      for (const item of script) {
        if (typeof item !== 'object') throw new Error('every scripted answer names its question');
        const { q, a } = item;
        if (typeof a === 'boolean') {
          await pane.confirm(q, a);
          continue;
        }
        const prompt = await pane.prompt(q);
        const isSelect = prompt.below.some((l) => l.startsWith('❯ '));
        if (a === ENTER) await pane.keys('Enter');
        else if (isSelect) await pane.select(q, a);
        else await pane.input(q, a);
      }
      expect(await pane.exitCode(60_000)).toBe(0);
      const contract = /Enrolled 2 beneficiaries on contract (\d+)\./.exec(pane.last)?.[1];
      expect(contract, pane.last).toBeDefined();

      const [found] = await readRecords(server.url, 'enrol.contract.search', { contrato_id: contract! });
      expect(found).toMatchObject({ cv_nro: Number(contract), cv_qtd_vida: 2 });
    } finally {
      await tmux.killSession('enrol');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
