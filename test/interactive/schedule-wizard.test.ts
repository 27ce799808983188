/**
 * The scheduling wizard in-process against the real embedded server (demo
 * data), driven through the context's prompter: location → date → time →
 * contact → summary → booking; and what it skips, refuses and declines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ENTER, fakePrompter } from './fake-prompter.js';
import { readRecords, runOnTerminal } from './run.js';

const CARD = '00010001000001005';
const PROVIDER = '9001';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const appointments = () =>
  readRecords(server.url, 'schedule.list', { usuario_cartao: CARD, ind_apenas_concluidas: 'N' });

describe('schedule book <card> on a terminal with missing flags', () => {
  it('picks a location, a date and a time from the live lists, asks the contact, confirms and books', async () => {
    const prompter = fakePrompter([
      { q: 'prest_cod_svc_card', a: PROVIDER },
      { q: `Location of provider ${PROVIDER}`, a: '102' },
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
      { q: 'ds_email', a: 'ana.souza@example.com' },
      { q: 'nr_ddd_celular', a: '1' },
      '11',
      { q: 'nr_celular', a: '987654321' },
      { q: 'ds_endereco', a: ENTER },
      { q: 'Book this appointment?', a: true },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.remaining()).toBe(0);

    const [, location, date, time, , ddd, , address] = prompter.asked;
    expect(location!.choices!.map((c) => c.value)).toEqual(['101', '102']);
    expect(location!.choices![1]!.name).toContain('Pinheiros');
    expect(date!.choices!.length).toBeGreaterThan(0);
    expect(time!.choices!.length).toBeGreaterThan(0);
    expect(ddd!.errors).toEqual(['must be an integer of 2 digits, e.g. 11']);
    expect(address!.default).toBe('Clínica Coop Saúde — Unidade Pinheiros');
    // The calendar of the free dates was shown before the date question.
    expect(r.stderr).toContain(' Su  Mo  Tu  We  Th  Fr  Sa');
    expect(r.stderr).toContain(`[${String(Number(String(date!.answer).slice(8)))}]`);
    expect(r.stderr).toContain('Appointment to book');

    const id = /cd_evento[^\d]+(\d+)/s.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    expect(r.stderr).toContain(`Booked appointment ${id}`);
    const booked = (await appointments()).find((a) => String(a['cd_evento']) === id);
    expect(booked).toMatchObject({
      prest_cod_svc_card: Number(PROVIDER),
      data_consulta: date!.answer,
      status_agendamento: 'aguardando',
    });
    // The booked slot is no longer offered.
    const times = await readRecords(server.url, 'schedule.times', {
      cd_local: '102',
      prest_cod_svc_card: PROVIDER,
      data_consulta: String(date!.answer),
    });
    expect(times.map((t) => t['hora_inicio'])).not.toContain(booked!['hora_inicio']);
  });

  it('skips the steps whose flags are given, and filters the times by --tp-evento', async () => {
    const prompter = fakePrompter([
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
      { q: 'Book this appointment?', a: true },
    ]);
    const flags = [
      '--prest-cod-svc-card',
      PROVIDER,
      '--cd-local',
      '101',
      '--tp-evento',
      '2',
      '--ds-email',
      'a@example.com',
      '--nr-ddd-celular',
      '11',
      '--nr-celular',
      '987654321',
      '--ds-endereco',
      'Av. Paulista',
    ];
    const r = await runOnTerminal(['--json', 'schedule', 'book', CARD, ...flags], server.url, prompter);
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['select', 'select', 'confirm']);
    expect(prompter.asked[1]!.choices!.every((c) => c.name.endsWith('event type 2'))).toBe(true);
    const [record] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(record).toMatchObject({ confirma_operacao: 1 });
    const booked = (await appointments()).find((a) => a['cd_evento'] === record!['cd_evento']);
    expect(booked?.['hora_inicio']).toMatch(/^1[4-6]:/);
  });

  it('declining the summary books nothing (exit 1)', async () => {
    const before = (await appointments()).length;
    const prompter = fakePrompter([PROVIDER, '101', ENTER, ENTER, 'a@example.com', '11', '987654321', ENTER, false]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cancelled: nothing was sent');
    expect(r.stdout).toBe('');
    expect(await appointments()).toHaveLength(before);
  });

  it('a provider without locations ends with exit 3 and says so', async () => {
    const prompter = fakePrompter(['424242']);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('provider 424242 has no service location to choose');
  });

  it('asks for the card too when it is missing', async () => {
    const prompter = fakePrompter([{ q: 'usuario_cartao', a: '123' }, CARD, { q: 'prest_cod_svc_card', a: '424242' }]);
    const r = await runOnTerminal(['schedule', 'book'], server.url, prompter);
    expect(r.code).toBe(3);
    expect(prompter.asked[0]!.errors).toHaveLength(1);
  });

  it('with all flags given there is no wizard', async () => {
    const prompter = fakePrompter([]);
    const r = await runOnTerminal(
      [
        'schedule',
        'book',
        CARD,
        '--prest-cod-svc-card',
        PROVIDER,
        '--cd-local',
        '101',
        '--tp-evento',
        '1',
        '--dt-hr-inicio',
        '2020-01-06 08:00',
        '--dt-hr-fim',
        '2020-01-06 08:30',
        '--ds-email',
        'a@example.com',
        '--nr-ddd-celular',
        '11',
        '--nr-celular',
        '987654321',
        '--ds-endereco',
        'x',
      ],
      server.url,
      prompter,
    );
    expect(prompter.asked).toHaveLength(0);
    expect(r.code).toBe(1); // a slot in the past is not offered
  });
});

describe('schedule book: other paths', () => {
  it("a provider's only location is taken without asking", async () => {
    const prompter = fakePrompter([
      { q: 'prest_cod_svc_card', a: '9002' },
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
      'a@example.com',
      '11',
      '987654321',
      ENTER,
      { q: 'Book this appointment?', a: false },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], server.url, prompter);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Location: Centro Médico Coop Moema (201), the provider's only one.");
    expect(prompter.asked.some((q) => q.message.startsWith('Location'))).toBe(false);
    expect(prompter.asked.find((q) => q.message.includes('ds_endereco'))?.default).toBe('Centro Médico Coop Moema');
  });
});

describe('schedule book: flags given to the wizard', () => {
  it('an invalid flag is a usage error before any question (exit 2)', async () => {
    const prompter = fakePrompter([]);
    const r = await runOnTerminal(['schedule', 'book', '123', '--cd-local', '1x'], server.url, prompter);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usuario_cartao (--usuario-cartao): must be 17 digits');
    expect(r.stderr).toContain('cd_local (--cd-local): must be an integer of up to 18 digits');
    expect(prompter.asked).toHaveLength(0);
  });
});
