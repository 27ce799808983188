/**
 * What happened, said after a call succeeds and no data was printed (an
 * answer of the envelope alone, such as a cancellation), and the one-line
 * problems of answers that are not a success. A read's outcome is derived
 * from the catalogue's nouns of its records and the parameters given (`3
 * allergies (card ***1005)`, `Nenhuma alergia (cartão ***1005)`); a write's
 * from the catalogue's `done`, unless it has its own words below, which say
 * more (what changed, the id created, how to undo it). The service's
 * message follows the CLI's words, marked as the service's.
 */
import type { Field, Noun, Operation, OperationId, Params, Row } from '../../../catalogue/index.js';
import { card, counted, first, given, text } from '../facts.js';
import { formatIsoDate, plural } from '../format.js';
import type { Lang } from '../lang.js';
import type { Translation, Words } from '../shape.js';
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

/** `Service location` → `service location`; `CEP` stays. */
const lowered = (label: string) => (/^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** A parameter's value as an outcome says it: a card masked, a date as the language writes it, a code with its meaning. */
function shown(lang: Lang, name: string, f: Field, value: unknown): string {
  if (name === 'usuario_cartao') return card(value);
  if (f.layout === 'yyyy-mm-dd') return formatIsoDate(lang, text(value));
  const meaning = f.rule.code === 'choice' ? f.rule.meanings?.[text(value)] : undefined;
  return meaning ? `${text(value)} (${meaning[lang]})` : text(value);
}

/** What a read was asked for, in parentheses: the parameters given (defaults left out), each after its label. */
function asked(lang: Lang, op: Operation, params: Readonly<Params>): string {
  const parts = Object.entries(op.params)
    .filter(([name, f]) => given(params[name]) && text(params[name]) !== f.cliDefault)
    .map(([name, f]) => `${lowered(f.words.label[lang])} ${shown(lang, name, f, params[name])}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** `No allergies`, `1 allergy`, `3 allergies`. */
const foundEn = (n: number, noun: Noun) =>
  plural('en', n, { zero: `No ${noun.many}`, one: `# ${noun.one}`, other: `# ${noun.many}` });
/** `Nenhuma alergia`, `1 alergia`, `3 alergias`. */
const foundPt = (n: number, noun: Noun) =>
  plural('pt-BR', n, {
    zero: `${noun.feminine ? 'Nenhuma' : 'Nenhum'} ${noun.one}`,
    one: `# ${noun.one}`,
    other: `# ${noun.many}`,
  });

/** The service's own message, marked as the service's; after the CLI's words when there is one. */
const saidEn = (message: string) => `the service said: "${message}"`;
const saidPt = (message: string) => `o serviço disse: "${message}"`;
const serviceEn = (message: string) => (message ? `; ${saidEn(message)}` : '');
const servicePt = (message: string) => (message ? `; ${saidPt(message)}` : '');

const c = codes.words.en;
const d = (iso: unknown) => formatIsoDate('en', text(iso));
const ofCard = (f: OutcomeFacts) => `of card ${card(f.params['usuario_cartao'])}`;
const street = (p: Readonly<Params>, prefix: string) =>
  `${text(p[`${prefix}logradouro`])}, ${text(p[`${prefix}numero`] ?? p[`${prefix}logradouro_numero`])}`;
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

/** The writes whose outcome says more than the catalogue's `done`. */
const done = {
  'registration.update-contact': (f) => {
    const what = changed(f, 1);
    return `Contact data ${ofCard(f)} updated${what ? `: ${what}` : ''}`;
  },
  'registration.save-address': (f) => {
    const p = f.params;
    const where = `${street(p, 'endereco_')} – ${text(p['endereco_cidade'])}/${text(p['endereco_estado'])}`;
    if (text(p['endereco_ind']) === '0') {
      const type = c.meaning('addressTypes', text(p['tipo_endereco'])) || `tipo_endereco ${text(p['tipo_endereco'])}`;
      return `New address (${type}) added to card ${card(p['usuario_cartao'])}: ${where}`;
    }
    return `Address ${text(p['endereco_ind'])} ${ofCard(f)} updated: ${where}`;
  },
  'registration.delete-address': (f) =>
    `Address ${text(f.params['endereco_ind'])} ${ofCard(f)} deleted${f.subject ? `: ${f.subject}` : ''}`,
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
} satisfies Partial<Record<OperationId, Said>>;

/** The writes with words of their own. */
type Own = keyof typeof done;
const own = (op: Operation): op is Operation & { id: Own } => Object.hasOwn(done, op.id);

const en = {
  /** What a call did: a read's count of records, a write's own words or the catalogue's `done`. */
  done: (op: Operation, f: OutcomeFacts): string => {
    if (own(op)) return done[op.id](f);
    if (op.nouns) return `${foundEn(f.data.length, op.nouns.en)}${asked('en', op, f.params)}`;
    return `${op.done?.en ?? op.summary.en}${asked('en', op, f.params)}`;
  },
  /** The service's message after the CLI's words (a success's, or a problem's). */
  service: serviceEn,
  /** The service's message alone, marked as the service's (inside the wizards' own words). */
  saidBy: saidEn,
  refused: (status: number, message: string) => `the service refused the request (HTTP ${status})${serviceEn(message)}`,
  /** confirma_operacao 3, or an empty list of records: what a read found (nothing), else `no result`. */
  noResult: (op: Operation | undefined, params: Readonly<Params>, message: string) =>
    `${op?.nouns ? `${foundEn(0, op.nouns.en)}${asked('en', op, params)}` : 'no result'}${serviceEn(message)}`,
  /** confirma_operacao 4. */
  failed: (message: string) => `the request failed${serviceEn(message)}`,
  undocumented: (codes: string, message: string) =>
    `the service answered confirma_operacao ${codes} (meaning not documented)${serviceEn(message)}`,
};

// ── Portuguese ────────────────────────────────────────────────────────────────

const pc = codes.words['pt-BR'];
const pd = (iso: unknown) => formatIsoDate('pt-BR', text(iso));
const doCartao = (f: OutcomeFacts) => `do cartão ${card(f.params['usuario_cartao'])}`;

const feito: Translation<typeof done> = {
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
  'registration.delete-address': (f) =>
    `Endereço ${text(f.params['endereco_ind'])} ${doCartao(f)} excluído${f.subject ? `: ${f.subject}` : ''}`,
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

const ptBR: Translation<typeof en> = {
  done: (op, f) => {
    if (own(op)) return feito[op.id](f);
    if (op.nouns) return `${foundPt(f.data.length, op.nouns['pt-BR'])}${asked('pt-BR', op, f.params)}`;
    return `${op.done?.['pt-BR'] ?? op.summary['pt-BR']}${asked('pt-BR', op, f.params)}`;
  },
  service: servicePt,
  saidBy: saidPt,
  refused: (status, message) => `o serviço recusou a solicitação (HTTP ${status})${servicePt(message)}`,
  noResult: (op, params, message) =>
    `${op?.nouns ? `${foundPt(0, op.nouns['pt-BR'])}${asked('pt-BR', op, params)}` : 'nenhum resultado'}${servicePt(message)}`,
  failed: (message) => `a solicitação falhou${servicePt(message)}`,
  undocumented: (codes, message) =>
    `o serviço respondeu confirma_operacao ${codes} (significado não documentado)${servicePt(message)}`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
