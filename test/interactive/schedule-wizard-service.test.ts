/**
 * The booking wizard against a scripted service on loopback, for what the
 * demo data cannot show: a registration record whose name the beneficiary
 * filled with terminal escapes (shown made safe), with an e-mail too long
 * for ds_email and no mobile (no default offered), and a refusal that is not a taken slot (the slot is
 * still free when read again: the wizard ends as the plain command would).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleRecord } from '../../src/catalogue/index.js';
import { rawControl } from '../helpers/hostile.js';
import { startFakeService, type FakeService, type RecordedRequest } from '../helpers/fake-service.js';
import { fromDateOn } from './booking-script.js';
import { ENTER, fakePrompter, interruptAt } from './fake-prompter.js';
import { runOnTerminal } from './run.js';

const CARD = '00010001000001005';
const DAY = '2030-01-08';

const envelope = { confirma_operacao: 2, mensagem_erro: '' };
const registration = {
  ...sampleRecord(operation('registration.show')),
  nome: 'Ana\u001b[2J\u001b]0;pwned\u0007 Souza',
  contato: {
    telefone: '(11)36500353',
    celular: '',
    fax: '',
    email: `${'a'.repeat(61)}@example.com`,
    codigo: 1,
  },
};

/** The service's answers, by the operation's path. */
const answers: Array<[string, unknown]> = [
  [operation('registration.show').path, [registration]],
  [operation('schedule.list').path, [{ confirma_operacao: 3, mensagem_erro: 'this card has no appointments' }]],
  [operation('schedule.locations').path, [{ ...envelope, cd_local: 101, nm_local: 'Unidade Paulista' }]],
  [operation('schedule.dates').path, [{ ...envelope, data_consulta: DAY }]],
  [operation('schedule.times').path, [{ ...envelope, tp_evento: 1, hora_inicio: '09:00', hora_fim: '09:30' }]],
  [operation('schedule.book').path, [{ confirma_operacao: 4, mensagem_erro: 'the contract is suspended' }]],
];

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  service.reply((req: RecordedRequest) => ({ json: answers.find(([path]) => req.url.pathname === path)?.[1] ?? [] }));
});

describe('schedule book against a service with hostile registration data', () => {
  it('shows the name made safe, offers no default the fields cannot take, and a refusal of a free slot ends with exit 1', async () => {
    const prompter = fakePrompter([
      { q: '[prest_cod_svc_card]', a: '9001' },
      ...fromDateOn(true, { email: 'ana@example.com', mobile: '(11)987654321' }),
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], service.url, prompter);
    expect(r.code, r.stderr).toBe(1);
    expect(prompter.remaining()).toBe(0);
    expect(r.stderr).toContain('Beneficiary: Ana\\x1b[2J\\x1b]0;pwned\\x07 Souza');
    expect(r.stderr).toContain('  name      Ana\\x1b[2J\\x1b]0;pwned\\x07 Souza');
    expect(rawControl(r.stderr + r.stdout)).toBeUndefined();
    const email = prompter.asked.find((q) => q.message.includes('[ds_email]'))!;
    const mobile = prompter.asked.find((q) => q.message.includes('[nr_ddd_celular nr_celular]'))!;
    expect(email.default).toBeUndefined();
    expect(mobile.default).toBeUndefined();

    // The refusal is reported, the slot being still free when read again: the time is not asked again.
    expect(r.stderr).toContain('the request failed; the service said: "the contract is suspended"');
    expect(r.stderr).not.toContain('no longer free');
    expect(prompter.asked.filter((q) => q.message.startsWith('Time on'))).toHaveLength(1);
    const posts = service.requests.filter((q) => q.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body)).toMatchObject({
      usuario_cartao: CARD,
      cd_local: 101,
      prest_cod_svc_card: 9001,
      tp_evento: 1,
      dt_hr_inicio: `${DAY} 09:00`,
      dt_hr_fim: `${DAY} 09:30`,
      ds_email: 'ana@example.com',
      nr_ddd_celular: 11,
      nr_celular: 987654321,
      ds_endereco: 'Unidade Paulista',
    });
    // The registration was read first, before the past appointments and the locations.
    const paths = service.requests.map((q) => q.url.pathname);
    expect(paths.slice(0, 3)).toEqual([
      operation('registration.show').path,
      operation('schedule.list').path,
      operation('schedule.locations').path,
    ]);
  });

  it('a registration that cannot be read ends the wizard with its exit code, nothing asked', async () => {
    service.reply({ status: 503, json: [{ confirma_operacao: 4, mensagem_erro: 'down for maintenance' }] });
    const prompter = fakePrompter([]);
    const r = await runOnTerminal(['schedule', 'book', CARD], service.url, prompter);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read the registration of card *************1005');
    expect(prompter.asked).toHaveLength(0);
  });

  it('a location with no free date says so and asks for the location again', async () => {
    const locations = [
      { ...envelope, cd_local: 101, nm_local: 'Unidade Paulista' },
      { ...envelope, cd_local: 102, nm_local: 'Unidade Pinheiros' },
    ];
    service.reply((req: RecordedRequest) => {
      const path = req.url.pathname;
      if (path === operation('schedule.locations').path) return { json: locations };
      if (path === operation('schedule.dates').path && req.url.searchParams.get('cd_local') === '101')
        return { json: [{ confirma_operacao: 3, mensagem_erro: 'no free date' }] };
      return { json: answers.find(([p]) => path === p)?.[1] ?? [] };
    });
    const prompter = fakePrompter([
      { q: '[prest_cod_svc_card]', a: '9001' },
      { q: 'Location of provider 9001', a: '101' },
      { q: 'Location of provider 9001', a: '102' },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], service.url, interruptAt(prompter, 'Date'));
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(
      'No free date at Unidade Paulista (101) (the service said: "no free date"): choose another location.',
    );
    expect(prompter.remaining()).toBe(0);
  });

  it('a contact group answered as a list gives its first contact as the defaults', async () => {
    const listed = {
      ...registration,
      nome: 'Ana Souza',
      contato: [{ ...registration.contato, email: 'ana@example.com', celular: '(21)987654321' }],
    };
    service.reply((req: RecordedRequest) => ({
      json:
        req.url.pathname === operation('registration.show').path
          ? [listed]
          : (answers.find(([path]) => req.url.pathname === path)?.[1] ?? []),
    }));
    const prompter = fakePrompter([
      { q: '[prest_cod_svc_card]', a: '9001' },
      { q: 'Date', a: ENTER },
      { q: 'Time on', a: ENTER },
      { q: '[ds_email]', a: ENTER },
      { q: '[nr_ddd_celular nr_celular]', a: ENTER },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], service.url, interruptAt(prompter, '[ds_endereco]'));
    expect(r.code).toBe(130);
    expect(prompter.asked.slice(-2).map((q) => q.default)).toEqual(['ana@example.com', '(21) 98765-4321']);
  });

  it('more than 10 locations are filtered as the agent types', async () => {
    const names = [
      'Paulista',
      'Pinheiros',
      'Moema',
      'Santana',
      'Centro',
      'Lapa',
      'Tatuapé',
      'Butantã',
      'Ipiranga',
      'Mooca',
      'Penha',
      'Saúde',
    ];
    const locations = names.map((name, i) => ({ ...envelope, cd_local: 501 + i, nm_local: `Unidade ${name}` }));
    service.reply((req: RecordedRequest) => ({
      json:
        req.url.pathname === operation('schedule.locations').path
          ? locations
          : (answers.find(([path]) => req.url.pathname === path)?.[1] ?? []),
    }));
    const prompter = fakePrompter([
      { q: '[prest_cod_svc_card]', a: '9001' },
      { q: 'Location of provider 9001 (type to filter)', a: 'tatuape' },
    ]);
    const r = await runOnTerminal(['schedule', 'book', CARD], service.url, interruptAt(prompter, 'Date'));
    expect(r.code).toBe(130);
    expect(prompter.asked[1]!.choices).toEqual([
      { name: 'Unidade Tatuapé (507)', value: '507' },
      { name: '‹ Another provider', value: 'other-provider' },
    ]);
    const dates = service.requests.find((q) => q.url.pathname === operation('schedule.dates').path)!;
    expect(dates.url.searchParams.get('cd_local')).toBe('507');
  });
});
