/**
 * The catalogue: each of the 30 operations of the spec, declared once.
 * The CLI, the client, the server's routing and validation, the OpenAPI
 * document and the tests' tables of cases are all derived from it.
 */
import { defineOperation, type Operation } from './operation.js';
import type { Fields } from './field.js';
import { req, opt } from './field.js';
import * as r from './rules.js';
import * as rec from './records.js';

const READ = ['GET', 'HEAD'] as const;
const WRITE = ['POST'] as const;

const cardParam = { usuario_cartao: req(r.card, "beneficiary's card number") };
const provider = (required: boolean): Fields => ({
  prest_cod_svc_card: (required ? req : opt)(r.int(1, 18, '9001'), 'provider code in the scheduling system'),
});
const location = { cd_local: req(r.int(1, 18, '101'), 'service location code') };

// ── 4.1 Registration update (host test) ────────────────────────────────────────
const ATU = '/api/svcmobile/atualizacaocadastral';
const registration: Operation[] = [
  defineOperation({
    name: 'buscadadosusuario',
    area: 'registration',
    command: ['registration', 'show'],
    summary: "Read a beneficiary's registration record, addresses and contact",
    methods: READ,
    path: `${ATU}/buscadadosusuario`,
    host: 'test',
    params: cardParam,
    positional: 'usuario_cartao',
    response: {
      fields: rec.registration,
      envelope: 'required',
      groups: {
        endereco: { fields: rec.address, many: true, title: 'Addresses' },
        contato: { fields: rec.contact, many: false, title: 'Contact' },
      },
    },
  }),
  defineOperation({
    name: 'atualizacontato',
    area: 'registration',
    command: ['registration', 'update-contact'],
    summary: "Update a beneficiary's contact data",
    methods: WRITE,
    path: `${ATU}/atualizacontato`,
    host: 'test',
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      usuario_telefone: opt(r.phone, 'phone'),
      usuario_celular: opt(r.phone, 'mobile phone'),
      usuario_fax: opt(r.phone, 'fax'),
      usuario_email: opt(r.email(), 'e-mail address'),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
  defineOperation({
    name: 'atualizaendereco',
    area: 'registration',
    command: ['registration', 'save-address'],
    summary: 'Insert an address (endereco_ind 0, with tipo_endereco) or update one (endereco_ind N)',
    methods: WRITE,
    path: `${ATU}/atualizaendereco`,
    host: 'test',
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      tipo_endereco: req(r.addressRC, 'address type, used on inclusion'),
      endereco_ind: req(
        r.int(1, 2, '0'),
        'address code: 0 inserts a new address, any other value updates that address',
        { cliDefault: '0' },
      ),
      endereco_cep: req(r.cep, 'postal code'),
      endereco_logradouro: req(r.text(100, 0, 'Avenida Paulista'), 'street'),
      endereco_numero: req(r.text(5, 0, '1578'), 'number'),
      endereco_complemento: req(r.text(30, 0, 'apto 12'), 'complement'),
      endereco_cidade: req(r.text(72, 0, 'São Paulo'), 'city'),
      endereco_bairro: req(r.text(40, 0, 'Bela Vista'), 'district'),
      endereco_estado: req(r.text(2, 2, 'SP'), 'state'),
      endereco_ponto_referencia: req(r.text(40, 0, 'near the museum'), 'landmark'),
      endereco_caixa_postal: req(r.text(30, 0, '0'), 'post-office box'),
      endereco_ind_correspondencia: req(r.flagSN, 'address used for correspondence'),
      endereco_ind_fatura: req(r.flagSN, 'address used for invoices'),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
  defineOperation({
    name: 'buscacep',
    area: 'registration',
    command: ['registration', 'cep'],
    summary: 'Look up a postal code',
    methods: READ,
    path: `${ATU}/buscacep`,
    host: 'test',
    positional: 'cep',
    params: { cep: req(r.cep, 'postal code') },
    response: { fields: rec.cepResult, envelope: 'required' },
  }),
  defineOperation({
    name: 'excluiendereco',
    area: 'registration',
    command: ['registration', 'delete-address'],
    summary: 'Delete an address',
    confirm: 'always',
    methods: WRITE,
    path: `${ATU}/excluiendereco`,
    host: 'test',
    positional: 'usuario_cartao',
    params: { ...cardParam, endereco_ind: req(r.int(1, 2, '1'), 'address to delete') },
    response: { fields: rec.none, envelope: 'required' },
  }),
];

// ── 4.2 Medical record ─────────────────────────────────────────────────────────
const medical: Array<[string, string, string, Fields]> = [
  ['buscaalergias', 'allergies', 'List allergies', rec.allergy],
  ['buscaatestados', 'certificates', 'List certificates', rec.certificate],
  ['buscaexames', 'exams', 'List exam results', rec.exam],
  ['buscamedicamentos', 'medications', 'List medications', rec.medication],
  ['buscaplanoterapeutico', 'plans', 'List therapeutic plans', rec.plan],
  ['buscaproblemas', 'problems', 'List problems', rec.problem],
];
const record: Operation[] = medical.map(([name, word, summary, fields]) =>
  defineOperation({
    name,
    area: 'record',
    command: ['record', word],
    summary,
    methods: READ,
    path: `/api/svcmobile/prontuario/${name}`,
    host: 'base',
    params: cardParam,
    positional: 'usuario_cartao',
    response: { fields, envelope: 'required' },
  }),
);

// ── 4.3 Scheduling ─────────────────────────────────────────────────────────────
const AG = '/api/svccard/agendamento';
const schedule: Operation[] = [
  defineOperation({
    name: 'buscaagendamentos',
    area: 'schedule',
    command: ['schedule', 'list'],
    summary: "List a beneficiary's appointments",
    methods: READ,
    path: `${AG}/buscaagendamentos`,
    host: 'base',
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...provider(false),
      ind_apenas_concluidas: req(r.flagSN, 'only completed appointments', { cliDefault: 'N' }),
    },
    response: { fields: rec.appointment, envelope: 'required' },
  }),
  defineOperation({
    name: 'buscadatasdisponiveis',
    area: 'schedule',
    command: ['schedule', 'dates'],
    summary: 'List the dates with free slots at a location',
    methods: READ,
    path: `${AG}/buscadatasdisponiveis`,
    host: 'base',
    params: { ...location, ...provider(true) },
    response: { fields: rec.availableDate, envelope: 'required' },
  }),
  defineOperation({
    name: 'buscahorariosdisponiveis',
    area: 'schedule',
    command: ['schedule', 'times'],
    summary: 'List the free times of a date at a location',
    methods: READ,
    path: `${AG}/buscahorariosdisponiveis`,
    host: 'base',
    params: { ...location, ...provider(true), data_consulta: req(r.dateISO, 'appointment date') },
    response: { fields: rec.availableTime, envelope: 'required' },
  }),
  defineOperation({
    name: 'buscalocaisatendimento',
    area: 'schedule',
    command: ['schedule', 'locations'],
    summary: "List a provider's service locations",
    methods: READ,
    path: `${AG}/buscalocaisatendimento`,
    host: 'base',
    params: provider(true),
    response: { fields: rec.location, envelope: 'required' },
  }),
  defineOperation({
    name: 'cancelaagendamento',
    area: 'schedule',
    command: ['schedule', 'cancel'],
    summary: 'Cancel an appointment',
    confirm: 'always',
    methods: WRITE,
    path: `${AG}/cancelaagendamento`,
    host: 'base',
    positional: 'cd_evento',
    params: { cd_evento: req(r.int(1, 18, '1'), 'appointment event code') },
    response: { fields: rec.none, envelope: 'required' },
  }),
  defineOperation({
    name: 'enviaagendamento',
    area: 'schedule',
    command: ['schedule', 'book'],
    summary: 'Send an appointment request for a free slot',
    methods: WRITE,
    path: `${AG}/enviaagendamento`,
    host: 'base',
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      ...location,
      ...provider(true),
      tp_evento: req(r.int(1, 18, '1'), 'event to be scheduled'),
      dt_hr_inicio: req(r.dateTime, 'start'),
      dt_hr_fim: req(r.dateTime, 'end'),
      ds_email: req(r.text(60, 0, 'ana.souza@example.com'), 'e-mail for the confirmation'),
      nr_ddd_celular: req(r.int(2, 2, '11'), 'mobile area code'),
      nr_celular: req(r.int(1, 9, '987654321'), 'mobile number'),
      ds_endereco: req(r.text(300, 0, 'Rua Augusta, 100'), 'provider address where the visit happens'),
    },
    response: { fields: rec.createdId('cd_evento', 'appointment event code created'), envelope: 'required' },
  }),
];

// ── 4.4 Enrolment and contracts ────────────────────────────────────────────────
const WEB = '/api/svcweb';
const contractId = (required: boolean) => ({
  contrato_id: (required ? req : opt)(r.int(1, 10, '1'), 'sales contract'),
});
const beneficiaryId = { beneficiario_id: req(r.int(1, 10, '1'), 'beneficiary') };
/** The address fields shared by the payer and a beneficiary's address. */
const postalAddress = {
  cep: req(r.int(1, 10, '1310100'), 'postal code'),
  logradouro: req(r.text(100, 0, 'Avenida Paulista'), 'street'),
  logradouro_numero: req(r.text(5, 0, '1578'), 'number'),
  complemento: opt(r.text(30), 'complement'),
  bairro: req(r.text(40, 0, 'Bela Vista'), 'district'),
  ponto_referencia: opt(r.text(40), 'landmark'),
  caixa_postal: opt(r.text(30), 'post-office box'),
};
const enrolled = (name: string, help: string) => ({ fields: rec.createdId(name, help), envelope: 'optional' as const });
const enrol: Operation[] = [
  defineOperation({
    name: 'contrato',
    area: 'enrol',
    command: ['enrol', 'contract', 'create'],
    summary: 'Create a sales contract (prints contrato_id)',
    methods: WRITE,
    path: `${WEB}/contrato`,
    host: 'base',
    params: {
      registro_ans: req(r.alnum(1, 15, '123456'), 'regulator (ANS) registration of the plan'),
      coop_id: req(r.int(1, 4, '1'), 'cooperative'),
      empresa_id: opt(r.int(1, 10, '1'), 'company'),
      produto_tabela_id: req(r.int(1, 10, '10'), 'product price table'),
      desconto: opt(r.int(1, 10, '5'), 'additional percentage discount on the monthly fee'),
      numero_proposta: opt(r.int(1, 10, '1001'), 'proposal number'),
      tabela_preco_vigencia: opt(r.dateBR, 'start of validity of the monthly price table'),
      origem: req(r.text(2, 1, 'WB'), 'contract origin'),
      coparticipacao_opcao_id: opt(r.int(1, 10, '1'), 'co-payment option'),
    },
    response: { fields: rec.contractCreated, envelope: 'optional' },
  }),
  defineOperation({
    name: 'contrato/search',
    area: 'enrol',
    command: ['enrol', 'contract', 'search'],
    summary: 'List sales contracts, or one by --contrato-id',
    methods: READ,
    path: `${WEB}/contrato/search`,
    host: 'base',
    params: contractId(false),
    response: { fields: rec.contract, envelope: 'none' },
  }),
  defineOperation({
    name: 'contrato/alterar_situacao',
    area: 'enrol',
    command: ['enrol', 'contract', 'set-status'],
    summary: "Change a contract's (or a beneficiary's) status",
    methods: WRITE,
    path: `${WEB}/contrato/alterar_situacao`,
    host: 'base',
    params: {
      ...contractId(false),
      opcao_id: req(r.int(1, 10, '2'), 'operation option (see docs/decisions.md)'),
      beneficiario_id: opt(r.int(1, 10, '1'), 'beneficiary'),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
  defineOperation({
    name: 'contrato/responsavel_financeiro',
    area: 'enrol',
    command: ['enrol', 'payer'],
    summary: 'Register the financial responsible party of a contract',
    methods: WRITE,
    path: `${WEB}/contrato/responsavel_financeiro`,
    host: 'base',
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      cpf: req(r.cpfMasked, 'CPF of the responsible party'),
      nome: req(r.text(120, 0, 'Ana Souza'), 'name'),
      nome_mae: req(r.text(70, 0, 'Maria Souza'), "mother's name"),
      data_nascimento: req(r.dateBR, 'date of birth'),
      sexo: req(r.sexMF, 'sex'),
      grau_parentesco: req(r.text(3, 0, 'TIT'), 'kinship degree'),
      estado_civil: req(r.text(2, 0, 'C'), 'marital status'),
      telefone_principal: req(r.int(10, 11, '11987654321'), 'main phone'),
      telefone_secundario: opt(r.int(10, 11, '1133334444'), 'secondary phone'),
      email: req(r.text(70, 0, 'ana.souza@example.com'), 'e-mail'),
      ...postalAddress,
      inicio_vigencia: req(r.dateBR, 'start of contract validity'),
      fatura_email: req(r.text(2, 0, 'S'), 'invoice sent by e-mail'),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
  defineOperation({
    name: 'beneficiario',
    area: 'enrol',
    command: ['enrol', 'beneficiary', 'add'],
    summary: 'Add a beneficiary to a contract (prints beneficiario_id)',
    methods: WRITE,
    path: `${WEB}/beneficiario`,
    host: 'base',
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      nome: opt(r.text(120, 0, 'Pedro Souza'), 'name'),
      data_nascimento: opt(r.dateBR, 'date of birth'),
      cpf: req(r.cpfMasked, "holder's CPF"),
      data_solicitacao: req(r.dateBR, 'request date'),
      nome_mae: opt(r.text(70, 0, 'Ana Souza'), "mother's name"),
      sexo: opt(r.sexMF, 'sex'),
      estado_civil: opt(r.text(2, 0, 'S'), 'marital status'),
      peso: opt(r.int(1, 3, '70'), 'weight (kg)'),
      altura: opt(r.int(1, 3, '175'), 'height (cm)'),
      grau_dependencia: req(r.text(2, 0, 'T'), 'dependency degree'),
    },
    response: { fields: rec.beneficiaryCreated, envelope: 'optional' },
  }),
  defineOperation({
    name: 'beneficiario/contato',
    area: 'enrol',
    command: ['enrol', 'beneficiary', 'contact'],
    summary: "Register a beneficiary's contact",
    methods: WRITE,
    path: `${WEB}/beneficiario/contato`,
    host: 'base',
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      nome: req(r.text(120, 0, 'Pedro Souza'), 'contact name'),
      telefone_principal: req(r.int(10, 11, '11987654321'), 'main phone'),
      telefone_celular: opt(r.int(10, 11, '11987654321'), 'mobile phone'),
      fax: opt(r.int(10, 11, '1133334444'), 'fax'),
      email: req(r.text(70, 0, 'pedro@example.com'), 'e-mail'),
      site: opt(r.text(70), 'web site'),
    },
    response: enrolled('contato_id', 'contact created'),
  }),
  defineOperation({
    name: 'beneficiario/documento',
    area: 'enrol',
    command: ['enrol', 'beneficiary', 'document'],
    summary: "Register a beneficiary's document",
    methods: WRITE,
    path: `${WEB}/beneficiario/documento`,
    host: 'base',
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      tipo_documento: req(r.extend(r.codes, { example: 'RG' }), 'document type (see docs/decisions.md)'),
      orgao_emissor: opt(r.text(3, 0, 'SSP'), 'issuing body code'),
      numero: req(r.text(45, 0, '123456789'), 'document number'),
      data_expedicao: opt(r.dateBR, 'issue date'),
      arquivo: opt(r.base64, 'base64 of the binary file'),
      tipo_arquivo: req(r.text(45, 0, 'pdf'), 'file type'),
      url: opt(r.text(500), 'file URL'),
    },
    response: enrolled('documento_id', 'document created'),
  }),
  defineOperation({
    name: 'beneficiario/endereco',
    area: 'enrol',
    command: ['enrol', 'beneficiary', 'address'],
    summary: "Register a beneficiary's address",
    methods: WRITE,
    path: `${WEB}/beneficiario/endereco`,
    host: 'base',
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      finalidade: req(r.extend(r.codes, { example: 'RES' }), 'address purpose (see docs/decisions.md)'),
      tipo_endereco: req(r.text(3, 0, 'R'), 'address type'),
      ...postalAddress,
    },
    response: enrolled('endereco_id', 'address created'),
  }),
  defineOperation({
    name: 'beneficiario/ds',
    area: 'enrol',
    command: ['enrol', 'beneficiary', 'declaration'],
    summary: 'Record an answer of the health declaration',
    methods: WRITE,
    path: `${WEB}/beneficiario/ds`,
    host: 'base',
    positional: 'beneficiario_id',
    params: {
      beneficiario_id: req(r.int(1, 30, '1'), 'beneficiary'),
      formulario_id: req(r.int(1, 5, '1'), 'form'),
      pergunta_id: req(r.int(1, 10, '1'), 'question'),
      resposta: req(r.flagSN, 'answer'),
      descricao: opt(r.text(500), 'details of the answer'),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
];

// ── 4.5 Notifications ──────────────────────────────────────────────────────────
const NOT = '/api/svccentral/notificacao';
const device = {
  dispositivo_token: req(r.text(255, 1, 'fcm-token-abc123'), 'token generated for the device'),
  dispositivo_tipo: req(r.int(1, 1, '1'), 'device type: 1 Android, 2 iOS (see docs/decisions.md)'),
};
const message = {
  conteudo: req(r.text(200, 1, 'Your appointment is tomorrow'), 'notification content'),
  tipo_notificacao: req(r.int(1, 2, '1'), 'notification type code'),
};
const sender = { usuario_envio: req(r.int(1, 10, '1'), 'sending user') };
const notify: Operation[] = [
  defineOperation({
    name: 'cadastradispositivo',
    area: 'notify',
    command: ['notify', 'device', 'register'],
    summary: 'Register a device for push notifications',
    methods: WRITE,
    path: `${NOT}/cadastradispositivo`,
    host: 'base',
    params: {
      ...device,
      usuario_cartao: opt(
        r.card,
        'card of the beneficiary who uses the device (coopctl extension, see docs/decisions.md)',
      ),
    },
    response: { fields: rec.deviceRegistered, envelope: 'required' },
  }),
  defineOperation({
    name: 'alteradispositivo',
    area: 'notify',
    command: ['notify', 'device', 'change'],
    summary: "Change a device's registration",
    methods: WRITE,
    path: `${NOT}/alteradispositivo`,
    host: 'base',
    params: { pushid: req(r.text(128, 1, 'dev-0001'), 'device identifier in the push provider'), ...device },
    response: { fields: rec.deviceChanged, envelope: 'required' },
  }),
  defineOperation({
    name: 'envianotificacao',
    area: 'notify',
    command: ['notify', 'send'],
    summary: "Send a notification to the cooperative's app users, narrowed by the optional filters",
    confirm: 'unfiltered',
    methods: WRITE,
    path: `${NOT}/envianotificacao`,
    host: 'base',
    params: {
      ...message,
      grupo_usuario: opt(r.int(1, 2, '1'), 'user group to notify'),
      tipo_beneficiario: opt(r.int(1, 2, '1'), 'beneficiary type to notify'),
      ...sender,
      usuario_cartao: opt(r.card, 'card of the beneficiary to notify'),
    },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
  defineOperation({
    name: 'envianotificacaotodos',
    area: 'notify',
    command: ['notify', 'send-all'],
    summary: 'Send a notification to all app users',
    confirm: 'always',
    methods: WRITE,
    path: `${NOT}/envianotificacaotodos`,
    host: 'base',
    params: { ...message, ...sender },
    response: { fields: rec.notificationSent, envelope: 'required' },
  }),
];

export const catalogue: readonly Operation[] = [...registration, ...record, ...schedule, ...enrol, ...notify];

const byId = new Map(catalogue.map((op) => [op.id, op]));
const byPath = new Map(catalogue.map((op) => [op.path, op]));

/** The operation with this id (`registration.show`); throws for an unknown id. */
export function operation(id: string): Operation {
  const op = byId.get(id);
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}

/** The operation served at this path, if any. */
export function operationAt(path: string): Operation | undefined {
  return byPath.get(path);
}

/** Filters of `envianotificacao` that narrow its audience. */
export const audienceFilters = ['grupo_usuario', 'tipo_beneficiario', 'usuario_cartao'] as const;
