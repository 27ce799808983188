/**
 * What happened, said after a call succeeds and no data was printed (an
 * answer of the envelope alone, such as a cancellation): one message per
 * catalogue operation, from its parameters, the answer's data records and
 * what the command read before sending (`subject`: whose appointment…). And
 * the one-line problems of answers that are not a success.
 */
import type { OperationId, Params, Row } from '../../../catalogue/index.js';
import { card, counted, first, given, text } from '../facts.js';
import { formatIsoDate } from '../format.js';
import type { Translation } from '../shape.js';
import * as codes from './codes.js';

/** What an outcome message is made of. */
export interface OutcomeFacts {
  /** The parameters sent (validated for the operation commands). */
  readonly params: Readonly<Params>;
  /** The answer's data records. */
  readonly data: readonly Row[];
  /** What the call acted on, in a few words, when the command read it before sending. */
  readonly subject?: string;
}

type Said = (f: OutcomeFacts) => string;

const c = codes.en;
const d = (iso: unknown) => formatIsoDate('en', text(iso));
/** `No allergies of card …`, `1 allergy of card …`, `3 allergies of card …`. */
const found = (n: number, one: string, many: string, of: string) =>
  n === 0 ? `No ${many} ${of}` : `${counted('en', n, one, many)} ${of}`;
const ofCard = (f: OutcomeFacts) => `of card ${card(f.params['usuario_cartao'])}`;
const at = (f: OutcomeFacts) =>
  `at location ${text(f.params['cd_local'])} of provider ${text(f.params['prest_cod_svc_card'])}`;
const street = (p: Readonly<Params>, prefix: string) =>
  `${text(p[`${prefix}logradouro`])}, ${text(p[`${prefix}numero`] ?? p[`${prefix}logradouro_numero`])}`;
/** `tipo_endereco` of atualizaendereco as the spec words it (R = residential, C = commercial). */
const addressKinds: Readonly<Record<string, string>> = { R: 'residential', C: 'commercial' };
const contactFields: ReadonlyArray<[string, string, string]> = [
  ['usuario_telefone', 'telephone', 'telefone'],
  ['usuario_celular', 'mobile', 'celular'],
  ['usuario_fax', 'fax', 'fax'],
  ['usuario_email', 'e-mail', 'e-mail'],
];
const changed = (f: OutcomeFacts, lang: 1 | 2) =>
  contactFields
    .filter(([name]) => given(f.params[name]))
    .map((w) => w[lang])
    .join(', ');
const recipients = (f: OutcomeFacts) => Number(first(f.data, 'recipients') || 0);
const noticeId = (f: OutcomeFacts) => (first(f.data, 'id') ? ` (id ${first(f.data, 'id')})` : '');
const refused = (f: OutcomeFacts) => text(first(f.data, 'success')) === 'false';
const whose = (f: OutcomeFacts, en: boolean) => {
  const b = text(f.params['beneficiario_id']);
  const k = text(f.params['contrato_id']);
  if (en) return b ? `beneficiary ${b}${k ? ` of contract ${k}` : ''}` : `contract ${k}`;
  return b ? `do beneficiário ${b}${k ? ` do contrato ${k}` : ''}` : `do contrato ${k}`;
};

const done: Readonly<Record<OperationId, Said>> = {
  'registration.show': (f) => found(f.data.length, 'registration record', 'registration records', ofCard(f)),
  'registration.update-contact': (f) => {
    const what = changed(f, 1);
    return `Contact data ${ofCard(f)} updated${what ? `: ${what}` : ''}`;
  },
  'registration.save-address': (f) => {
    const p = f.params;
    const where = `${street(p, 'endereco_')} – ${text(p['endereco_cidade'])}/${text(p['endereco_estado'])}`;
    if (text(p['endereco_ind']) === '0') {
      const type = addressKinds[text(p['tipo_endereco'])] ?? `tipo_endereco ${text(p['tipo_endereco'])}`;
      return `New address (${type}) added to card ${card(p['usuario_cartao'])}: ${where}`;
    }
    return `Address ${text(p['endereco_ind'])} ${ofCard(f)} updated: ${where}`;
  },
  'registration.cep': (f) => found(f.data.length, 'address', 'addresses', `for postal code ${text(f.params['cep'])}`),
  'registration.delete-address': (f) =>
    `Address ${text(f.params['endereco_ind'])} ${ofCard(f)} deleted${f.subject ? `: ${f.subject}` : ''}`,
  'record.allergies': (f) => found(f.data.length, 'allergy', 'allergies', ofCard(f)),
  'record.certificates': (f) => found(f.data.length, 'certificate', 'certificates', ofCard(f)),
  'record.exams': (f) => found(f.data.length, 'exam result', 'exam results', ofCard(f)),
  'record.medications': (f) => found(f.data.length, 'medication', 'medications', ofCard(f)),
  'record.plans': (f) => found(f.data.length, 'therapeutic plan', 'therapeutic plans', ofCard(f)),
  'record.problems': (f) => found(f.data.length, 'problem', 'problems', ofCard(f)),
  'schedule.list': (f) =>
    text(f.params['ind_apenas_concluidas']) === 'S'
      ? found(f.data.length, 'completed appointment', 'completed appointments', ofCard(f))
      : found(f.data.length, 'appointment', 'appointments', ofCard(f)),
  'schedule.dates': (f) => found(f.data.length, 'date with free times', 'dates with free times', at(f)),
  'schedule.times': (f) =>
    found(f.data.length, 'free time', 'free times', `on ${d(f.params['data_consulta'])} ${at(f)}`),
  'schedule.locations': (f) =>
    found(
      f.data.length,
      'service location',
      'service locations',
      `of provider ${text(f.params['prest_cod_svc_card'])}`,
    ),
  'schedule.cancel': (f) =>
    f.subject
      ? `Appointment cancelled: ${f.subject}`
      : `Appointment ${text(f.params['cd_evento'])} (cd_evento) cancelled`,
  'schedule.book': (f) => {
    const p = f.params;
    const start = text(p['dt_hr_inicio']);
    const id = first(f.data, 'cd_evento');
    const then = id ? ` (cd_evento ${id}; to cancel it: coopctl schedule cancel ${id})` : '';
    return `Appointment requested: ${d(start)}–${text(p['dt_hr_fim']).slice(11)}, provider ${text(p['prest_cod_svc_card'])}, location ${text(p['cd_local'])}, card ${card(p['usuario_cartao'])}${then}`;
  },
  'enrol.contract.create': (f) => {
    const id = first(f.data, 'contrato_id');
    return id ? `Contract ${id} created` : 'Contract created';
  },
  'enrol.contract.search': (f) =>
    found(
      f.data.length,
      'contract',
      'contracts',
      given(f.params['contrato_id']) ? `numbered ${text(f.params['contrato_id'])}` : 'found',
    ),
  'enrol.contract.set-status': (f) =>
    `Status of ${whose(f, true)} changed: ${c.coded('opcao_id', 'contractOptions', text(f.params['opcao_id']))}`,
  'enrol.payer': (f) =>
    `Financial responsible party of contract ${text(f.params['contrato_id'])} registered: ${text(f.params['nome'])}`,
  'enrol.beneficiary.add': (f) => {
    const id = first(f.data, 'beneficiario_id');
    const name = given(f.params['nome']) ? ` (${text(f.params['nome'])})` : '';
    return `Beneficiary${id ? ` ${id}` : ''}${name} added to contract ${text(f.params['contrato_id'])}`;
  },
  'enrol.beneficiary.contact': (f) => {
    const id = first(f.data, 'contato_id');
    return `Contact ${text(f.params['nome'])} registered for beneficiary ${text(f.params['beneficiario_id'])}${id ? ` (contato_id ${id})` : ''}`;
  },
  'enrol.beneficiary.document': (f) => {
    const types = [f.params['tipo_documento']].flat().map((t) => c.code('documentTypes', text(t)));
    const id = first(f.data, 'documento_id');
    return `Document registered for beneficiary ${text(f.params['beneficiario_id'])}: tipo_documento ${types.join(', ')}${id ? ` (documento_id ${id})` : ''}`;
  },
  'enrol.beneficiary.address': (f) => {
    const purposes = [f.params['finalidade']].flat().map((t) => c.code('addressPurposes', text(t)));
    const id = first(f.data, 'endereco_id');
    return `Address registered for beneficiary ${text(f.params['beneficiario_id'])}: ${street(f.params, '')}, finalidade ${purposes.join(', ')}${id ? ` (endereco_id ${id})` : ''}`;
  },
  'enrol.beneficiary.declaration': (f) => {
    const p = f.params;
    const answer = text(p['resposta']) === 'S' ? 'yes' : text(p['resposta']) === 'N' ? 'no' : '?';
    return `Health declaration answer recorded for beneficiary ${text(p['beneficiario_id'])}: form ${text(p['formulario_id'])}, question ${text(p['pergunta_id'])}, answer ${text(p['resposta'])} (${answer})`;
  },
  'notify.device.register': (f) => {
    if (refused(f)) return 'The service did not register the device (success false)';
    const id = first(f.data, 'id');
    return `Device registered for push notifications: ${c.coded('dispositivo_tipo', 'deviceTypes', text(f.params['dispositivo_tipo']))}${id ? `, pushid ${id}` : ''}`;
  },
  'notify.device.change': (f) =>
    refused(f)
      ? `The service did not change device ${text(f.params['pushid'])} (success false)`
      : `Device ${text(f.params['pushid'])} changed: ${c.coded('dispositivo_tipo', 'deviceTypes', text(f.params['dispositivo_tipo']))}`,
  'notify.send': (f) =>
    `Notification sent to ${counted('en', recipients(f), 'recipient', 'recipients')}${noticeId(f)}: ${c.coded('tipo_notificacao', 'notificationTypes', text(f.params['tipo_notificacao']))}`,
  'notify.send-all': (f) =>
    `Notification sent to all app users, ${counted('en', recipients(f), 'recipient', 'recipients')}${noticeId(f)}: ${c.coded('tipo_notificacao', 'notificationTypes', text(f.params['tipo_notificacao']))}`,
};

export const en = {
  done,
  refused: (status: number, message: string) =>
    `the service refused the request: HTTP ${status}${message ? `: ${message}` : ''}`,
  /** confirma_operacao 3, or an empty list of records. */
  noResult: (message: string) => `no result${message ? `: ${message}` : ''}`,
  /** confirma_operacao 4. */
  failed: (message: string) => `the request failed${message ? `: ${message}` : ''}`,
  undocumented: (codes: string, message: string) =>
    `the service answered confirma_operacao ${codes} (meaning not documented)${message ? `: ${message}` : ''}`,
};

// ── Portuguese ────────────────────────────────────────────────────────────────

const pc = codes.ptBR;
const pd = (iso: unknown) => formatIsoDate('pt-BR', text(iso));
/** `Nenhuma alergia do cartão …`, `1 alergia do cartão …`, `3 alergias do cartão …`. */
const achados = (n: number, one: string, many: string, female: boolean, of: string) =>
  n === 0 ? `${female ? 'Nenhuma' : 'Nenhum'} ${one} ${of}` : `${counted('pt-BR', n, one, many)} ${of}`;
const doCartao = (f: OutcomeFacts) => `do cartão ${card(f.params['usuario_cartao'])}`;
const noLocal = (f: OutcomeFacts) =>
  `no local ${text(f.params['cd_local'])} do prestador ${text(f.params['prest_cod_svc_card'])}`;

const feito: Translation<typeof done> = {
  'registration.show': (f) => achados(f.data.length, 'cadastro', 'cadastros', false, doCartao(f)),
  'registration.update-contact': (f) => {
    const what = changed(f, 2);
    return `Dados de contato ${doCartao(f)} atualizados${what ? `: ${what}` : ''}`;
  },
  'registration.save-address': (f) => {
    const p = f.params;
    const where = `${street(p, 'endereco_')} – ${text(p['endereco_cidade'])}/${text(p['endereco_estado'])}`;
    if (text(p['endereco_ind']) === '0') {
      const type = pc.meaning('addressTypes', text(p['tipo_endereco'])) || text(p['tipo_endereco']);
      return `Novo endereço (${type}) incluído no cartão ${card(p['usuario_cartao'])}: ${where}`;
    }
    return `Endereço ${text(p['endereco_ind'])} ${doCartao(f)} atualizado: ${where}`;
  },
  'registration.cep': (f) =>
    achados(f.data.length, 'endereço', 'endereços', false, `para o CEP ${text(f.params['cep'])}`),
  'registration.delete-address': (f) =>
    `Endereço ${text(f.params['endereco_ind'])} ${doCartao(f)} excluído${f.subject ? `: ${f.subject}` : ''}`,
  'record.allergies': (f) => achados(f.data.length, 'alergia', 'alergias', true, doCartao(f)),
  'record.certificates': (f) => achados(f.data.length, 'atestado', 'atestados', false, doCartao(f)),
  'record.exams': (f) => achados(f.data.length, 'resultado de exame', 'resultados de exame', false, doCartao(f)),
  'record.medications': (f) => achados(f.data.length, 'medicamento', 'medicamentos', false, doCartao(f)),
  'record.plans': (f) => achados(f.data.length, 'plano terapêutico', 'planos terapêuticos', false, doCartao(f)),
  'record.problems': (f) => achados(f.data.length, 'problema', 'problemas', false, doCartao(f)),
  'schedule.list': (f) =>
    text(f.params['ind_apenas_concluidas']) === 'S'
      ? achados(f.data.length, 'consulta realizada', 'consultas realizadas', true, doCartao(f))
      : achados(f.data.length, 'consulta', 'consultas', true, doCartao(f)),
  'schedule.dates': (f) =>
    achados(f.data.length, 'data com horários livres', 'datas com horários livres', true, noLocal(f)),
  'schedule.times': (f) =>
    achados(
      f.data.length,
      'horário livre',
      'horários livres',
      false,
      `em ${pd(f.params['data_consulta'])} ${noLocal(f)}`,
    ),
  'schedule.locations': (f) =>
    achados(
      f.data.length,
      'local de atendimento',
      'locais de atendimento',
      false,
      `do prestador ${text(f.params['prest_cod_svc_card'])}`,
    ),
  'schedule.cancel': (f) =>
    f.subject ? `Consulta cancelada: ${f.subject}` : `Consulta ${text(f.params['cd_evento'])} (cd_evento) cancelada`,
  'schedule.book': (f) => {
    const p = f.params;
    const start = text(p['dt_hr_inicio']);
    const id = first(f.data, 'cd_evento');
    const then = id ? ` (cd_evento ${id}; para cancelá-la: coopctl schedule cancel ${id})` : '';
    return `Consulta solicitada: ${pd(start)}–${text(p['dt_hr_fim']).slice(11)}, prestador ${text(p['prest_cod_svc_card'])}, local ${text(p['cd_local'])}, cartão ${card(p['usuario_cartao'])}${then}`;
  },
  'enrol.contract.create': (f) => {
    const id = first(f.data, 'contrato_id');
    return id ? `Contrato ${id} criado` : 'Contrato criado';
  },
  'enrol.contract.search': (f) =>
    achados(
      f.data.length,
      'contrato',
      'contratos',
      false,
      given(f.params['contrato_id'])
        ? `com o número ${text(f.params['contrato_id'])}`
        : f.data.length > 1
          ? 'encontrados'
          : 'encontrado',
    ),
  'enrol.contract.set-status': (f) =>
    `Situação ${whose(f, false)} alterada: ${pc.coded('opcao_id', 'contractOptions', text(f.params['opcao_id']))}`,
  'enrol.payer': (f) =>
    `Responsável financeiro do contrato ${text(f.params['contrato_id'])} registrado: ${text(f.params['nome'])}`,
  'enrol.beneficiary.add': (f) => {
    const id = first(f.data, 'beneficiario_id');
    const name = given(f.params['nome']) ? ` (${text(f.params['nome'])})` : '';
    return `Beneficiário${id ? ` ${id}` : ''}${name} incluído no contrato ${text(f.params['contrato_id'])}`;
  },
  'enrol.beneficiary.contact': (f) => {
    const id = first(f.data, 'contato_id');
    return `Contato ${text(f.params['nome'])} registrado para o beneficiário ${text(f.params['beneficiario_id'])}${id ? ` (contato_id ${id})` : ''}`;
  },
  'enrol.beneficiary.document': (f) => {
    const types = [f.params['tipo_documento']].flat().map((t) => pc.code('documentTypes', text(t)));
    const id = first(f.data, 'documento_id');
    return `Documento registrado para o beneficiário ${text(f.params['beneficiario_id'])}: tipo_documento ${types.join(', ')}${id ? ` (documento_id ${id})` : ''}`;
  },
  'enrol.beneficiary.address': (f) => {
    const purposes = [f.params['finalidade']].flat().map((t) => pc.code('addressPurposes', text(t)));
    const id = first(f.data, 'endereco_id');
    return `Endereço registrado para o beneficiário ${text(f.params['beneficiario_id'])}: ${street(f.params, '')}, finalidade ${purposes.join(', ')}${id ? ` (endereco_id ${id})` : ''}`;
  },
  'enrol.beneficiary.declaration': (f) => {
    const p = f.params;
    const answer = text(p['resposta']) === 'S' ? 'sim' : text(p['resposta']) === 'N' ? 'não' : '?';
    return `Resposta da declaração de saúde registrada para o beneficiário ${text(p['beneficiario_id'])}: formulário ${text(p['formulario_id'])}, pergunta ${text(p['pergunta_id'])}, resposta ${text(p['resposta'])} (${answer})`;
  },
  'notify.device.register': (f) => {
    if (refused(f)) return 'O serviço não cadastrou o dispositivo (success false)';
    const id = first(f.data, 'id');
    return `Dispositivo cadastrado para notificações: ${pc.coded('dispositivo_tipo', 'deviceTypes', text(f.params['dispositivo_tipo']))}${id ? `, pushid ${id}` : ''}`;
  },
  'notify.device.change': (f) =>
    refused(f)
      ? `O serviço não alterou o dispositivo ${text(f.params['pushid'])} (success false)`
      : `Dispositivo ${text(f.params['pushid'])} alterado: ${pc.coded('dispositivo_tipo', 'deviceTypes', text(f.params['dispositivo_tipo']))}`,
  'notify.send': (f) =>
    `Notificação enviada a ${counted('pt-BR', recipients(f), 'destinatário', 'destinatários')}${noticeId(f)}: ${pc.coded('tipo_notificacao', 'notificationTypes', text(f.params['tipo_notificacao']))}`,
  'notify.send-all': (f) =>
    `Notificação enviada a todos os usuários do aplicativo, ${counted('pt-BR', recipients(f), 'destinatário', 'destinatários')}${noticeId(f)}: ${pc.coded('tipo_notificacao', 'notificationTypes', text(f.params['tipo_notificacao']))}`,
};

export const ptBR: Translation<typeof en> = {
  done: feito,
  refused: (status, message) => `o serviço recusou a solicitação: HTTP ${status}${message ? `: ${message}` : ''}`,
  noResult: (message) => `nenhum resultado${message ? `: ${message}` : ''}`,
  failed: (message) => `a solicitação falhou${message ? `: ${message}` : ''}`,
  undocumented: (codes, message) =>
    `o serviço respondeu confirma_operacao ${codes} (significado não documentado)${message ? `: ${message}` : ''}`,
};
