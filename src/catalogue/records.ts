/**
 * Response record shapes of section 2, as field lists (their order is the
 * column order of table output). Text that the service may leave empty in a
 * record (a beneficiary with no fax) is accepted empty; bounds still apply.
 */
import * as z from 'zod';
import { req, opt, type Field, type Fields } from './field.js';
import * as r from './rules.js';

/** A rule that also accepts the empty string (for response fields that can be blank). */
function orEmpty<T>(rule: r.FieldRule<T>): r.FieldRule<T | ''> {
  return r.extend(rule, { rule: `${rule.rule}, or empty` }, () => z.union([z.literal(''), rule.schema]));
}

const CONFIRMA_HELP = 'operation confirmation code: 1 request OK, 2 record found, 3 no result, 4 request failed';

export const envelope = {
  confirma_operacao: req(r.int(1, 1), CONFIRMA_HELP),
  mensagem_erro: req(r.text(4000), 'free text describing the error that occurred'),
} satisfies Fields;

/** Section 7's code table for the registration operations: the only values it gives them. */
const registrationCode = r.extend(r.int(1, 1), { rule: '1, 2, 3 or 4' }, () =>
  r.int(1, 1).schema.refine((v) => v >= 1 && v <= 4, { error: 'must be 1, 2, 3 or 4 (spec §7, section 4.1)' }),
);

/**
 * The envelope as each area's section types `confirma_operacao`: the
 * registration operations have the four codes of section 7; scheduling and
 * notifications a 1-digit int; the others an int the spec does not bound
 * (read here as up to 15 digits). Codes other than 1–4 have no documented
 * meaning (response.ts).
 */
export function envelopeOf(area: string): Fields {
  if (area === 'registration') return { ...envelope, confirma_operacao: req(registrationCode, CONFIRMA_HELP) };
  if (area === 'schedule' || area === 'notify') return envelope;
  return { ...envelope, confirma_operacao: req(r.int(1, 15), CONFIRMA_HELP) };
}

export const address = {
  pes_cod: req(r.int(1, 10), 'person responsible for the address'),
  codigo: req(r.int(1, 10), 'address identifier'),
  tipo: req(r.text(15), 'description of the address type'),
  cep: req(r.cep, 'postal code'),
  logradouro: req(r.text(100), 'street'),
  numero: req(r.text(5), 'number'),
  complemento: req(r.text(30), 'complement'),
  estado: req(r.text(2, 2, 'SP'), 'state'),
  cidade: req(r.text(50), 'city'),
  bairro: req(r.text(40), 'district'),
  ponto_referencia: req(r.text(40), 'landmark'),
  caixa_postal: req(r.text(30), 'post-office box'),
  ind_correspondencia: req(r.flagSN, 'address used for correspondence'),
  ind_fatura: req(r.flagSN, 'address used for invoices'),
} satisfies Fields;

export const contact = {
  telefone: req(orEmpty(r.phone), 'phone'),
  celular: req(orEmpty(r.phone), 'mobile phone'),
  fax: req(orEmpty(r.phone), 'fax'),
  email: req(orEmpty(r.email()), 'e-mail address'),
  codigo: req(r.int(1, 2), 'contact identifier in the management system'),
} satisfies Fields;

export const registration = {
  situacao: req(r.oneOf(['E', 'A'], 'E = effected, A = open'), 'E = effected, A = open: a change is pending'),
  contrato: req(r.int(1, 10), 'contract number'),
  cod_pessoa: req(r.int(1, 10), 'person code in the management system'),
  codigo_usuario_portal: req(r.int(1, 10), 'user code in the beneficiary portal'),
  lote: req(r.int(1, 10), 'code of the open batch'),
  movimento: req(r.int(1, 10), 'code of the open movement'),
  cart_coop: req(r.int(1, 4), 'cooperative code on the card'),
  cart_contrato: req(r.int(1, 4), 'contract code on the card'),
  cart_cod_bnf: req(r.int(1, 6), 'beneficiary identifier on the card'),
  cart_cod_dependente: req(r.int(1, 2), 'dependent code on the card'),
  nome: req(r.text(120), 'name'),
  data_nasc: req(r.dateBR, 'date of birth'),
  nome_mae: req(r.text(70), "mother's name"),
  cpf: req(r.cpfDigits, 'CPF, digits only'),
  permite_atualizar: req(r.flagSN, 'whether the user may update the registration through the app'),
} satisfies Fields;

/** The spec does not show `buscacep`'s fields beyond the envelope: coopctl's (and its server's) are all optional. */
export const cepResult = {
  cep: opt(r.cep, 'postal code'),
  logradouro: opt(r.text(100), 'street'),
  bairro: opt(r.text(40), 'district'),
  cidade: opt(r.text(72), 'city'),
  estado: opt(r.text(2, 2, 'SP'), 'state'),
} satisfies Fields;

export const allergy = {
  categoria: req(r.text(255), 'allergy category'),
  descricao: req(r.text(255), 'description'),
  agente: req(r.text(1000), 'agent'),
  reacoes_adversas: req(r.text(4000), 'adverse reactions'),
  status: req(r.text(255), 'allergy status'),
  observacoes: req(r.text(4000), 'notes'),
} satisfies Fields;

export const certificate = {
  dt_hr_entrada: req(r.dateTime, 'patient entry'),
  dt_hr_saida: req(r.dateTime, 'patient exit'),
  prestador: req(r.text(120), 'provider (physician) name'),
  url_atestado: req(r.text(4000), 'URL of the PDF'),
} satisfies Fields;

export const exam = {
  data_exame: req(r.dateISO, 'exam date'),
  local: req(r.text(120), 'place where the exam was done'),
  procedimento: req(r.text(150), 'exam name'),
  url_exame: req(r.text(4000), 'URL of the PDF'),
} satisfies Fields;

export const medication = {
  dt_hr_inicio: req(r.dateTime, 'start'),
  medicamento: req(r.text(200), 'medication'),
  status: req(r.text(255), 'medication status'),
  dose: req(r.int(1, 3), 'quantity being taken'),
  unidade_medida: req(r.text(255), 'unit such as drop, tablet, gram'),
  frequencia: req(r.text(255), 'frequency'),
  via: req(r.text(255), 'route of administration'),
  duracao: req(r.int(1, 4), 'duration amount'),
  unidade_duracao: req(r.text(255), 'unit of the duration'),
  uso_continuo: req(r.flagSN, 'continuous use'),
  observacao: req(r.text(4000), 'notes'),
} satisfies Fields;

export const plan = {
  dt_hr_inicio: req(r.dateTime, 'start'),
  descricao: req(r.text(4000), 'description'),
  prestador: req(r.text(120), 'physician who indicated the plan'),
} satisfies Fields;

export const problem = {
  dt_hr_inicio: req(r.dateTime, 'start'),
  gravidade: req(r.text(255), 'severity'),
  cid: req(r.text(120), 'disease classification'),
  descricao: req(r.text(4000), 'description'),
  termo_complementar: req(r.text(4000), 'complementary term'),
  cronicidade: req(r.text(255), 'chronicity'),
  confirmado: req(r.flagSN, 'whether the problem is confirmed'),
  prestador: req(r.text(120), 'provider'),
} satisfies Fields;

export const appointment = {
  cd_evento: req(r.int(1, 18), 'appointment event code'),
  cd_coop_prest: req(r.int(1, 4), 'cooperative responsible for the provider'),
  prest_cod_svc_card: req(r.int(1, 18), 'provider code in the scheduling system'),
  data_consulta: req(r.dateISO, 'appointment date'),
  hora_inicio: req(r.time, 'start time'),
  hora_fim: req(r.time, 'end time'),
  status_agendamento: req(r.text(50), 'appointment status'),
  data_cadastro: req(r.dateISO, 'date the appointment was registered'),
} satisfies Fields;

export const availableDate = { data_consulta: req(r.dateISO, 'available date') } satisfies Fields;

export const availableTime = {
  tp_evento: req(r.int(1, 18), 'event type'),
  hora_inicio: req(r.time, 'start time'),
  hora_fim: req(r.time, 'end time'),
} satisfies Fields;

export const location = {
  cd_local: req(r.int(1, 18), 'location code'),
  nm_local: req(r.text(255), 'location name'),
} satisfies Fields;

export const contract = {
  cv_nro: req(r.int(1, 10), 'sales contract'),
  plano_nro_reg_ans: req(r.alnum(1, 15, '123456'), 'regulator registration number'),
  cv_qtd_vida: req(r.int(1, 10), 'number of lives'),
  cv_dat_inic_vigen: req(r.dateTimeSec, 'start of validity'),
  cv_dat_prox_renov_cart: req(r.dateTimeSec, 'next card renewal'),
  cv_situacao: opt(r.text(20), "contract state (coopctl's embedded server; see docs/decisions.md)"),
} satisfies Fields;

export const contractCreated = { contrato_id: req(r.int(1, 10), 'sales contract created') } satisfies Fields;
export const beneficiaryCreated = { beneficiario_id: req(r.int(1, 10), 'beneficiary created') } satisfies Fields;

export const deviceRegistered = {
  success: req(r.boolText, 'indicator that registration was done'),
  id: req(r.text(128), 'device identifier in the push provider'),
} satisfies Fields;
export const deviceChanged = { success: req(r.boolText, 'indicator that registration was done') } satisfies Fields;
export const notificationSent = {
  recipients: req(r.int(1, 9), 'number of users that received the notification'),
  id: req(r.text(128), 'notification identifier'),
} satisfies Fields;

/** Nothing beyond the envelope (the spec shows no payload). */
export const none = {} satisfies Fields;

/** Optional extras the embedded server adds to otherwise bare envelopes (documented in docs/decisions.md). */
export const createdId = <const N extends string, const D extends number = 10>(
  name: N,
  help: string,
  digits: D = 10 as D,
) => ({ [name]: opt(r.int(1, digits), help) }) as { readonly [K in N]: Field<r.IntValue<D>, false> };
