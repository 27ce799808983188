/**
 * What coopctl says happened (src/cli/i18n/messages/outcomes.ts): every
 * operation of the catalogue has an outcome message in English and in
 * Brazilian Portuguese, checked against literal texts for the catalogue's
 * sample parameters and answer; then the same words through the commands.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  catalogue,
  operation,
  type OperationId,
  type Params,
  type Row,
  sampleParams,
  sampleRecord,
} from '../../../src/catalogue/index.js';
import { messagesFor } from '../../../src/cli/i18n/index.js';
import { commandLine } from '../argv.js';
import { startHarness, type Harness } from '../harness.js';

/**
 * The outcome of each operation for its sample parameters and its sample answer record, in both languages. A new
 * operation without its line here still compiles (docs/architecture.md, "How to add an operation"): the table's
 * test of coverage asks for it.
 */
const expected: Readonly<Partial<Record<OperationId, readonly [en: string, pt: string]>>> = {
  'registration.show': ['1 registration record (card *************1005)', '1 cadastro (cartão *************1005)'],
  'registration.update-contact': [
    'Contact data of card *************1005 updated: telephone, mobile, fax, e-mail',
    'Dados de contato do cartão *************1005 atualizados: telefone, celular, fax, e-mail',
  ],
  'registration.save-address': [
    'New address (residential) added to card *************1005: Avenida Paulista, 1578 – São Paulo/SP',
    'Novo endereço (residencial) incluído no cartão *************1005: Avenida Paulista, 1578 – São Paulo/SP',
  ],
  'registration.cep': ['1 address (postal code (CEP) 01310100)', '1 endereço (CEP 01310100)'],
  'registration.delete-address': [
    'Address 1 of card *************1005 deleted',
    'Endereço 1 do cartão *************1005 excluído',
  ],
  'record.allergies': ['1 allergy (card *************1005)', '1 alergia (cartão *************1005)'],
  'record.certificates': ['1 certificate (card *************1005)', '1 atestado (cartão *************1005)'],
  'record.exams': ['1 exam result (card *************1005)', '1 resultado de exame (cartão *************1005)'],
  'record.medications': ['1 medication (card *************1005)', '1 medicamento (cartão *************1005)'],
  'record.plans': ['1 therapeutic plan (card *************1005)', '1 plano terapêutico (cartão *************1005)'],
  'record.problems': ['1 problem (card *************1005)', '1 problema de saúde (cartão *************1005)'],
  'schedule.list': [
    '1 appointment (card *************1005, provider code 9001, only completed S (yes))',
    '1 consulta (cartão *************1005, código do prestador 9001, só concluídas S (sim))',
  ],
  'schedule.dates': [
    '1 date with free times (service location 101, provider code 9001)',
    '1 data com horários livres (local de atendimento 101, código do prestador 9001)',
  ],
  'schedule.times': [
    '1 free time (service location 101, provider code 9001, appointment date 2026-12-01)',
    '1 horário livre (local de atendimento 101, código do prestador 9001, data da consulta 01/12/2026)',
  ],
  'schedule.locations': [
    '1 service location (provider code 9001)',
    '1 local de atendimento (código do prestador 9001)',
  ],
  'schedule.cancel': ['Appointment 880044 (cd_evento) cancelled', 'Consulta 880044 (cd_evento) cancelada'],
  'schedule.book': [
    'Appointment requested: 2026-12-01 09:00–09:30, provider 9001, location 101, card *************1005 (cd_evento 2; to cancel it: coopctl schedule cancel 2)',
    'Consulta solicitada: 01/12/2026 09:00–09:30, prestador 9001, local 101, cartão *************1005 (cd_evento 2; para cancelá-la: coopctl schedule cancel 2)',
  ],
  'enrol.contract.create': ['Contract 2 created', 'Contrato 2 criado'],
  'enrol.contract.search': ['1 contract (sales contract 1)', '1 contrato (contrato de venda 1)'],
  'enrol.contract.set-status': [
    'Status of beneficiary 1 of contract 1 changed: opcao_id 2 (suspend (ativo → suspenso))',
    'Situação do beneficiário 1 do contrato 1 alterada: opcao_id 2 (suspender (ativo → suspenso))',
  ],
  'enrol.payer': [
    'Financial responsible party of contract 1 registered: Ana Souza',
    'Responsável financeiro do contrato 1 registrado: Ana Souza',
  ],
  'enrol.beneficiary.add': [
    'Beneficiary 2 (Pedro Souza) added to contract 1',
    'Beneficiário 2 (Pedro Souza) incluído no contrato 1',
  ],
  'enrol.beneficiary.contact': [
    'Contact Pedro Souza registered for beneficiary 1 (contato_id 2)',
    'Contato Pedro Souza registrado para o beneficiário 1 (contato_id 2)',
  ],
  'enrol.beneficiary.document': [
    'Document registered for beneficiary 1: tipo_documento RG (identity card (Registro Geral)) (documento_id 2)',
    'Documento registrado para o beneficiário 1: tipo_documento RG (carteira de identidade (Registro Geral)) (documento_id 2)',
  ],
  'enrol.beneficiary.address': [
    'Address registered for beneficiary 1: Avenida Paulista, 1578, finalidade RES (residence) (endereco_id 2)',
    'Endereço registrado para o beneficiário 1: Avenida Paulista, 1578, finalidade RES (residência) (endereco_id 2)',
  ],
  'enrol.beneficiary.declaration': [
    'Health declaration answer recorded for beneficiary 1: form 1, question 1, answer S (yes)',
    'Resposta da declaração de saúde registrada para o beneficiário 1: formulário 1, pergunta 1, resposta S (sim)',
  ],
  'notify.device.register': [
    'Device registered for push notifications: dispositivo_tipo 1 (Android), pushid text',
    'Dispositivo cadastrado para notificações: dispositivo_tipo 1 (Android), pushid text',
  ],
  'notify.device.change': [
    'Device 8d5f88b1-000c-4a00-bd72-85194a4af7aa changed: dispositivo_tipo 1 (Android)',
    'Dispositivo 8d5f88b1-000c-4a00-bd72-85194a4af7aa alterado: dispositivo_tipo 1 (Android)',
  ],
  'notify.send': [
    'Notification sent to 2 recipients (id text): tipo_notificacao 1 (informative message)',
    'Notificação enviada a 2 destinatários (id text): tipo_notificacao 1 (mensagem informativa)',
  ],
  'notify.send-all': [
    'Notification sent to all app users, 2 recipients (id text): tipo_notificacao 1 (informative message)',
    'Notificação enviada a todos os usuários do aplicativo, 2 destinatários (id text): tipo_notificacao 1 (mensagem informativa)',
  ],
};

const en = messagesFor('en').outcomes.done;
const pt = messagesFor('pt-BR').outcomes.done;
const said = (done: typeof en, id: OperationId, params: Params, data: Row[], subject?: string) =>
  done(operation(id), { params, data, ...(subject === undefined ? {} : { subject }) });

describe('every operation has an outcome message in both languages', () => {
  it('the table covers the catalogue', () => {
    expect(Object.keys(expected).sort()).toEqual(catalogue.map((op) => op.id).sort());
  });

  it.each(catalogue.map((op) => [op.id as OperationId, op] as const))('%s', (id, op) => {
    const [english, portuguese] = expected[id] ?? ['(no outcome written for it)', '(nenhum resultado escrito)'];
    const params = sampleParams(op);
    const data = [sampleRecord(op)];
    expect(said(en, id, params, data)).toBe(english);
    expect(said(pt, id, params, data)).toBe(portuguese);
    // They speak of what happened, not of the operation.
    expect(english).not.toContain(op.name);
    expect(portuguese).not.toContain(op.name);
  });
});

describe('the outcomes in other cases', () => {
  const card = '00010001000001005';

  it('a read that found nothing, and counts with the language’s separators', () => {
    expect(said(en, 'record.allergies', { usuario_cartao: card }, [])).toBe('No allergies (card *************1005)');
    expect(said(pt, 'record.allergies', { usuario_cartao: card }, [])).toBe(
      'Nenhuma alergia (cartão *************1005)',
    );
    expect(said(pt, 'record.exams', { usuario_cartao: card }, [])).toBe(
      'Nenhum resultado de exame (cartão *************1005)',
    );
    const three = [{}, {}, {}];
    expect(said(pt, 'schedule.list', { usuario_cartao: card, ind_apenas_concluidas: 'N' }, three)).toBe(
      '3 consultas (cartão *************1005)',
    );
    expect(said(pt, 'enrol.contract.search', {}, three)).toBe('3 contratos');
    expect(said(en, 'enrol.contract.search', {}, [])).toBe('No contracts');
    expect(
      said(en, 'schedule.times', { cd_local: 101, prest_cod_svc_card: 9001, data_consulta: '2026-12-24' }, []),
    ).toBe('No free times (service location 101, provider code 9001, appointment date 2026-12-24)');
    const params = { conteudo: 'x', tipo_notificacao: 2, usuario_envio: 1 };
    expect(said(en, 'notify.send-all', params, [{ recipients: 1234567, id: 'n-1' }])).toBe(
      'Notification sent to all app users, 1,234,567 recipients (id n-1): tipo_notificacao 2 (appointment reminder or change)',
    );
    expect(said(pt, 'notify.send-all', params, [{ recipients: 1234567, id: 'n-1' }])).toBe(
      'Notificação enviada a todos os usuários do aplicativo, 1.234.567 destinatários (id n-1): tipo_notificacao 2 (lembrete ou alteração de consulta)',
    );
    expect(said(pt, 'notify.send', params, [{ recipients: 1, id: 'n-2' }])).toBe(
      'Notificação enviada a 1 destinatário (id n-2): tipo_notificacao 2 (lembrete ou alteração de consulta)',
    );
  });

  it('what the command read before sending, an update, an undocumented code, a device not registered', () => {
    const appointment = '03/12/2026 09:00–09:30, Ana Souza (cartão *************1005), Dra. Helena (prestador 9001)';
    expect(said(pt, 'schedule.cancel', { cd_evento: 12 }, [], appointment)).toBe(`Consulta cancelada: ${appointment}`);
    expect(said(en, 'schedule.cancel', { cd_evento: 12 }, [], 'x')).toBe('Appointment cancelled: x');
    expect(
      said(en, 'registration.delete-address', { usuario_cartao: card, endereco_ind: 2 }, [], 'COMERCIAL – Rua A, 1'),
    ).toBe('Address 2 of card *************1005 deleted: COMERCIAL – Rua A, 1');
    const update = { ...sampleParams(operation('registration.save-address')), endereco_ind: 2 };
    expect(said(pt, 'registration.save-address', update, [])).toBe(
      'Endereço 2 do cartão *************1005 atualizado: Avenida Paulista, 1578 – São Paulo/SP',
    );
    expect(said(en, 'enrol.contract.set-status', { contrato_id: 7, opcao_id: 9 }, [])).toBe(
      'Status of contract 7 changed: opcao_id 9 (no documented meaning)',
    );
    expect(said(pt, 'enrol.contract.set-status', { contrato_id: 7, opcao_id: 4 }, [])).toBe(
      'Situação do contrato 7 alterada: opcao_id 4 (cancelar (proposta, ativo, suspenso → cancelado))',
    );
    expect(said(pt, 'notify.device.register', { dispositivo_tipo: 3 }, [{ success: 'false' }])).toBe(
      'O serviço não cadastrou o dispositivo (success false)',
    );
  });

  it('the problems of answers that are not a success', () => {
    const e = messagesFor('en').outcomes;
    const p = messagesFor('pt-BR').outcomes;
    const allergies = operation('record.allergies');
    const cancel = operation('schedule.cancel');
    expect(e.noResult(allergies, { usuario_cartao: card }, 'no beneficiary has this card')).toBe(
      'No allergies (card *************1005); the service said: "no beneficiary has this card"',
    );
    expect(p.noResult(allergies, { usuario_cartao: card }, 'nenhum beneficiário tem este cartão')).toBe(
      'Nenhuma alergia (cartão *************1005); o serviço disse: "nenhum beneficiário tem este cartão"',
    );
    expect(p.noResult(cancel, { cd_evento: 1 }, 'x')).toBe('nenhum resultado; o serviço disse: "x"');
    expect(p.noResult(undefined, {}, '')).toBe('nenhum resultado');
    expect(p.failed('')).toBe('a solicitação falhou');
    expect(e.failed('the slot is taken')).toBe('the request failed; the service said: "the slot is taken"');
    expect(p.refused(422, 'cep: deve ter 8 dígitos')).toBe(
      'o serviço recusou a solicitação (HTTP 422); o serviço disse: "cep: deve ter 8 dígitos"',
    );
    expect(p.undocumented('7', '')).toBe('o serviço respondeu confirma_operacao 7 (significado não documentado)');
  });
});

describe('through the commands', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  it('an answer of the envelope alone: what happened, in each language', async () => {
    const op = operation('registration.update-contact');
    h.test.reply({ json: [{ confirma_operacao: 1, mensagem_erro: 'contato salvo' }] });
    const argv = commandLine(op, { usuario_cartao: '00010001000001005', usuario_celular: '(11)987654321' });
    const pt = await h.run(['--lang', 'pt-BR', ...argv]);
    expect(pt.code, pt.stderr).toBe(0);
    expect(pt.stderr).toBe('Dados de contato do cartão *************1005 atualizados: celular\n');
    const english = await h.run(argv, { env: { LANG: 'C' } });
    expect(english.stderr).toBe('Contact data of card *************1005 updated: mobile\n');
  });

  it('the locale chooses Portuguese; an answer with data prints the data, and no outcome line', async () => {
    const op = operation('enrol.contract.set-status');
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '' }] });
    const r = await h.run([...commandLine(op, { contrato_id: '12', opcao_id: '1' })], {
      env: { LANG: 'pt_BR.UTF-8' },
    });
    expect(r.stderr).toBe('Situação do contrato 12 alterada: opcao_id 1 (ativar (proposta → ativo))\n');
    const create = operation('enrol.contract.create');
    h.base.reply({ json: [sampleRecord(create)] });
    const created = await h.run(commandLine(create, sampleParams(create)), { env: { LANG: 'pt_BR.UTF-8' } });
    expect(created.stdout).toContain('2');
    expect(created.stderr).toBe('');
  });

  it('a problem, in Portuguese', async () => {
    const op = operation('record.allergies');
    h.base.reply({ json: [{ confirma_operacao: 3, mensagem_erro: 'sem alergias' }] });
    const r = await h.run(['--lang', 'pt-BR', ...commandLine(op, sampleParams(op))]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('Nenhuma alergia (cartão *************1005); o serviço disse: "sem alergias"\n');
    h.base.reply({ status: 503, json: [{ confirma_operacao: 4, mensagem_erro: 'em manutenção' }] });
    const refused = await h.run(['--lang', 'pt-BR', '--retries', '0', ...commandLine(op, sampleParams(op))]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('erro: o serviço recusou a solicitação (HTTP 503); o serviço disse: "em manutenção"\n');
  });
});
