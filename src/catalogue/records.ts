/**
 * Response record shapes of section 2, as field lists (their order is the
 * column order of table output), each field with its words in both languages
 * (its label heads a table's column). Text that the service may leave empty
 * in a record (a beneficiary with no fax) is accepted empty; bounds still apply.
 */
import { confirmationCodes, eventTypes } from './codes.js';
import { req, opt, type Field, type Fields } from './field.js';
import { said, type Said } from './lang.js';
import type { Rule } from './problems.js';
import * as r from './rules.js';

const label = (en: string, pt: string) => ({ label: said(en, pt) });

/** A rule that also accepts the empty string (for response fields that can be blank). */
function orEmpty<T>(rule: r.FieldRule<T>): r.FieldRule<T | ''> {
  return r.extend<T, { rule: Rule }, T | ''>(rule, { rule: { code: 'or-empty', rule: rule.rule } });
}

const CONFIRMA_HELP = said(
  'operation confirmation code: 1 request OK, 2 record found, 3 no result, 4 request failed',
  'código de confirmação da operação: 1 solicitação atendida, 2 registro encontrado, 3 nenhum resultado, 4 falha na solicitação',
);
const CONFIRMA_LABEL = label('Outcome', 'Resultado');
/** `rule`, with the documented meanings of its codes (a person's table shows them beside the code). */
const withMeanings = <T>(rule: r.FieldRule<T>, meanings: Readonly<Record<string, Said>>): r.FieldRule<T> =>
  r.extend(rule, { suggestions: meanings });
/** confirma_operacao's rule, with the meanings of the four codes of section 7 (a table shows them). */
const confirmaRule = <T>(rule: r.FieldRule<T>) => withMeanings(rule, confirmationCodes);

export const envelope = {
  confirma_operacao: req(confirmaRule(r.int(1, 1)), CONFIRMA_HELP, CONFIRMA_LABEL),
  mensagem_erro: req(
    r.text(4000),
    said('free text describing the error that occurred', 'texto livre que descreve o erro ocorrido'),
    label('Message', 'Mensagem'),
  ),
} satisfies Fields;

/** Section 7's code table for the registration operations: the only values it gives them. */
const registrationCode = r.extend(r.int(1, 1), {
  rule: { code: 'choice', values: ['1', '2', '3', '4'] } as const,
  suggestions: confirmationCodes,
});

/**
 * The envelope as each area's section types `confirma_operacao`: the
 * registration operations have the four codes of section 7; scheduling and
 * notifications a 1-digit int; the others an int the spec does not bound
 * (read here as up to 15 digits). Codes other than 1–4 have no documented
 * meaning (response.ts).
 */
export function envelopeOf(area: string): Fields {
  if (area === 'registration')
    return { ...envelope, confirma_operacao: req(registrationCode, CONFIRMA_HELP, CONFIRMA_LABEL) };
  if (area === 'schedule' || area === 'notify') return envelope;
  return { ...envelope, confirma_operacao: req(confirmaRule(r.int(1, 15)), CONFIRMA_HELP, CONFIRMA_LABEL) };
}

/** Words several records share. */
const w = {
  street: said('street', 'logradouro'),
  number: said('number', 'número'),
  complement: said('complement', 'complemento'),
  state: said('state', 'estado (UF)'),
  city: said('city', 'cidade'),
  district: said('district', 'bairro'),
  landmark: said('landmark', 'ponto de referência'),
  box: said('post-office box', 'caixa postal'),
  cep: said('postal code', 'CEP'),
  startTime: said('start time', 'hora de início'),
  endTime: said('end time', 'hora de término'),
};
const stateLabel = label('State', 'UF');
const cepLabel = label('Postal code (CEP)', 'CEP');
const boxLabel = label('PO box', 'Caixa postal');

export const address = {
  pes_cod: req(
    r.int(1, 10),
    said('person responsible for the address', 'pessoa responsável pelo endereço'),
    label('Person responsible', 'Pessoa responsável'),
  ),
  codigo: req(r.int(1, 10), said('address identifier', 'identificador do endereço'), label('Code', 'Código')),
  tipo: req(
    r.text(15),
    said('description of the address type', 'descrição do tipo de endereço'),
    label('Type', 'Tipo'),
  ),
  cep: req(r.cep, w.cep, cepLabel),
  logradouro: req(r.text(100), w.street),
  numero: req(r.text(5), w.number),
  complemento: req(r.text(30), w.complement),
  estado: req(r.text(2, 2, 'SP'), w.state, stateLabel),
  cidade: req(r.text(50), w.city),
  bairro: req(r.text(40), w.district),
  ponto_referencia: req(r.text(40), w.landmark),
  caixa_postal: req(r.text(30), w.box, boxLabel),
  ind_correspondencia: req(
    r.flagSN,
    said('address used for correspondence', 'endereço usado para correspondência'),
    label('For correspondence', 'Para correspondência'),
  ),
  ind_fatura: req(
    r.flagSN,
    said('address used for invoices', 'endereço usado para faturas'),
    label('For invoices', 'Para faturas'),
  ),
} satisfies Fields;

export const contact = {
  telefone: req(orEmpty(r.phone), said('phone', 'telefone')),
  celular: req(orEmpty(r.phone), said('mobile phone', 'telefone celular')),
  fax: req(orEmpty(r.phone), said('fax', 'fax'), label('Fax number', 'Fax')),
  email: req(orEmpty(r.email()), said('e-mail address', 'endereço de e-mail'), label('E-mail address', 'E-mail')),
  codigo: req(
    r.int(1, 2),
    said('contact identifier in the management system', 'identificador do contato no sistema de gestão'),
    label('Code', 'Código'),
  ),
} satisfies Fields;

export const registration = {
  situacao: req(
    r.stateEA,
    said('E = effected, A = open: a change is pending', 'E = efetivado, A = em aberto: há alteração pendente'),
    label('Registration state', 'Situação do cadastro'),
  ),
  contrato: req(r.int(1, 10), said('contract number', 'número do contrato'), label('Contract', 'Contrato')),
  cod_pessoa: req(
    r.int(1, 10),
    said('person code in the management system', 'código da pessoa no sistema de gestão'),
    label('Person code', 'Código da pessoa'),
  ),
  codigo_usuario_portal: req(
    r.int(1, 10),
    said('user code in the beneficiary portal', 'código do usuário no portal do beneficiário'),
    label('Portal user code', 'Código no portal'),
  ),
  lote: req(
    r.int(1, 10),
    said('code of the open batch', 'código do lote em aberto'),
    label('Open batch', 'Lote em aberto'),
  ),
  movimento: req(
    r.int(1, 10),
    said('code of the open movement', 'código do movimento em aberto'),
    label('Open movement', 'Movimento em aberto'),
  ),
  cart_coop: req(
    r.int(1, 4),
    said('cooperative code on the card', 'código da cooperativa no cartão'),
    label('Card: cooperative', 'Cartão: cooperativa'),
  ),
  cart_contrato: req(
    r.holding('card-part', r.int(1, 4)),
    said('contract code on the card', 'código do contrato no cartão'),
    label('Card: contract', 'Cartão: contrato'),
  ),
  cart_cod_bnf: req(
    r.holding('card-part', r.int(1, 6)),
    said('beneficiary identifier on the card', 'identificador do beneficiário no cartão'),
    label('Card: beneficiary', 'Cartão: beneficiário'),
  ),
  cart_cod_dependente: req(
    r.holding('card-part', r.int(1, 2)),
    said('dependent code on the card', 'código do dependente no cartão'),
    label('Card: dependent', 'Cartão: dependente'),
  ),
  nome: req(r.text(120), said('name', 'nome')),
  data_nasc: req(r.dateBR, said('date of birth', 'data de nascimento')),
  nome_mae: req(r.text(70), said("mother's name", 'nome da mãe')),
  cpf: req(r.cpfDigits, said('CPF, digits only', 'CPF, só os dígitos'), label('CPF number', 'CPF')),
  permite_atualizar: req(
    r.flagSN,
    said(
      'whether the user may update the registration through the app',
      'se o usuário pode atualizar o cadastro pelo aplicativo',
    ),
    label('May update through the app', 'Pode atualizar pelo app'),
  ),
} satisfies Fields;

/** The spec does not show `buscacep`'s fields beyond the envelope: coopctl's (and its server's) are all optional. */
export const cepResult = {
  cep: opt(r.cep, w.cep, cepLabel),
  logradouro: opt(r.text(100), w.street),
  bairro: opt(r.text(40), w.district),
  cidade: opt(r.text(72), w.city),
  estado: opt(r.text(2, 2, 'SP'), w.state, stateLabel),
} satisfies Fields;

export * from './medical-records.js';

const providerCode = said('provider code in the scheduling system', 'código do prestador no sistema de agendamento');
const providerLabel = label('Provider code', 'Código do prestador');

export const appointment = {
  cd_evento: req(
    r.int(1, 18),
    said('appointment event code', 'código do agendamento'),
    label('Appointment', 'Agendamento'),
  ),
  cd_coop_prest: req(
    r.int(1, 4),
    said('cooperative responsible for the provider', 'cooperativa responsável pelo prestador'),
    label("Provider's cooperative", 'Cooperativa do prestador'),
  ),
  prest_cod_svc_card: req(r.int(1, 18), providerCode, providerLabel),
  data_consulta: req(r.dateISO, said('appointment date', 'data da consulta')),
  hora_inicio: req(r.time, w.startTime),
  hora_fim: req(r.time, w.endTime),
  status_agendamento: req(r.text(50), said('appointment status', 'situação do agendamento')),
  data_cadastro: req(
    r.dateISO,
    said('date the appointment was registered', 'data em que o agendamento foi registrado'),
    label('Registered on', 'Cadastrado em'),
  ),
} satisfies Fields;

export const availableDate = {
  data_consulta: req(
    r.dateISO,
    said('available date', 'data disponível'),
    label('Appointment date', 'Data da consulta'),
  ),
} satisfies Fields;

export const availableTime = {
  // The documented meanings, shown beside the code in a person's table (`1 (primeira consulta)`).
  tp_evento: req(withMeanings(r.int(1, 18), eventTypes), said('event type', 'tipo de evento')),
  hora_inicio: req(r.time, w.startTime),
  hora_fim: req(r.time, w.endTime),
} satisfies Fields;

export const location = {
  cd_local: req(
    r.int(1, 18),
    said('location code', 'código do local'),
    label('Service location', 'Local de atendimento'),
  ),
  nm_local: req(r.text(255), said('location name', 'nome do local')),
} satisfies Fields;

const salesContract = said('sales contract', 'contrato de venda');

export const contract = {
  cv_nro: req(r.int(1, 10), salesContract),
  plano_nro_reg_ans: req(
    r.alnum(1, 15, '123456'),
    said('regulator registration number', 'número de registro na ANS'),
    label('ANS registration of the plan', 'Registro ANS do plano'),
  ),
  cv_qtd_vida: req(r.int(1, 10), said('number of lives', 'número de vidas'), label('Lives', 'Vidas')),
  cv_dat_inic_vigen: req(
    r.dateTimeSec,
    said('start of validity', 'início da vigência'),
    label('Valid from', 'Início da vigência'),
  ),
  cv_dat_prox_renov_cart: req(r.dateTimeSec, said('next card renewal', 'próxima renovação do cartão')),
  cv_situacao: opt(
    r.text(20),
    said(
      "contract state (coopctl's embedded server; see coopctl help codes)",
      'situação do contrato (servidor embutido do coopctl; veja coopctl help codigos)',
    ),
    label('Contract state', 'Situação do contrato'),
  ),
} satisfies Fields;

export const contractCreated = {
  contrato_id: req(
    r.int(1, 10),
    said('sales contract created', 'contrato de venda criado'),
    label('Sales contract', 'Contrato de venda'),
  ),
} satisfies Fields;
export const beneficiaryCreated = {
  beneficiario_id: req(
    r.int(1, 10),
    said('beneficiary created', 'beneficiário incluído'),
    label('Beneficiary', 'Beneficiário'),
  ),
} satisfies Fields;

const registrationDone = said('indicator that registration was done', 'indicador de que o cadastro foi feito');
const doneLabel = label('Done', 'Feito');
const pushId = said('device identifier in the push provider', 'identificador do dispositivo no provedor de push');

export const deviceRegistered = {
  success: req(r.boolText, registrationDone, doneLabel),
  id: req(r.text(128), pushId, label('Identifier', 'Identificador')),
} satisfies Fields;
export const deviceChanged = { success: req(r.boolText, registrationDone, doneLabel) } satisfies Fields;
export const notificationSent = {
  recipients: req(
    r.int(1, 9),
    said('number of users that received the notification', 'número de usuários que receberam a notificação'),
    label('Recipients', 'Destinatários'),
  ),
  id: req(
    r.text(128),
    said('notification identifier', 'identificador da notificação'),
    label('Identifier', 'Identificador'),
  ),
} satisfies Fields;

/** Nothing beyond the envelope (the spec shows no payload). */
export const none = {} satisfies Fields;

/** Optional extras the embedded server adds to otherwise bare envelopes (documented in docs/decisions.md). */
export const createdId = <const N extends string, const D extends number = 10>(
  name: N,
  help: Said,
  labelled: Said,
  digits: D = 10 as D,
) =>
  ({ [name]: opt(r.int(1, digits), help, { label: labelled }) }) as { readonly [K in N]: Field<r.IntValue<D>, false> };
