/** Section 4.4 of the spec: sales contracts, their payer and beneficiaries. */
import { birthDate } from '../birth-date.js';
import { atLeastOne } from '../checks.js';
import { field, opt, req } from '../field.js';
import * as rec from '../records.js';
import * as codes from '../open-codes.js';
import * as r from '../rules.js';
import { inArea, READ, WRITE } from './common.js';

// ── 4.4 Enrolment and contracts ────────────────────────────────────────────────
const define = inArea('enrol', 'base', '/api/svcweb');
/** The sales contract, required (`true`) or optional (`false`). */
const contractId = <const R extends boolean>(required: R) => ({
  contrato_id: field(required, r.int(1, 10, '1'), 'sales contract'),
});
const beneficiaryId = { beneficiario_id: req(r.int(1, 10, '1'), 'beneficiary') };
/** The address fields shared by the payer and a beneficiary's address. */
const postalAddress = {
  cep: req(r.cepNumber, 'postal code'),
  logradouro: req(r.text(100, 0, 'Avenida Paulista'), 'street'),
  logradouro_numero: req(r.text(5, 0, '1578'), 'number'),
  complemento: opt(r.text(30), 'complement'),
  bairro: req(r.text(40, 0, 'Bela Vista'), 'district'),
  ponto_referencia: opt(r.text(40), 'landmark'),
  caixa_postal: opt(r.text(30), 'post-office box'),
};
/** The response of an enrolment write: the id it created, under `name`. */
const enrolled = <const N extends string>(name: N, help: string) => ({
  fields: rec.createdId(name, help),
  envelope: 'optional' as const,
  creates: name,
});
export const enrol = [
  define({
    name: 'contrato',
    command: ['enrol', 'contract', 'create'],
    summary: 'Create a sales contract (prints contrato_id)',
    methods: WRITE,
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
    response: { fields: rec.contractCreated, envelope: 'optional', creates: 'contrato_id' },
  }),
  define({
    name: 'contrato/search',
    command: ['enrol', 'contract', 'search'],
    summary: 'List sales contracts, or one by --contrato-id',
    methods: READ,
    params: contractId(false),
    response: { fields: rec.contract, envelope: 'none' },
  }),
  define({
    name: 'contrato/alterar_situacao',
    command: ['enrol', 'contract', 'set-status'],
    summary: "Change a contract's (or a beneficiary's) status",
    methods: WRITE,
    params: {
      ...contractId(false),
      opcao_id: req(codes.contractOption, 'operation option'),
      beneficiario_id: opt(r.int(1, 10, '1'), 'beneficiary'),
    },
    checks: [atLeastOne('what to change', 'contrato_id', 'beneficiario_id')],
    response: { fields: rec.none, envelope: 'optional' },
  }),
  define({
    name: 'contrato/responsavel_financeiro',
    command: ['enrol', 'payer'],
    summary: 'Register the financial responsible party of a contract',
    methods: WRITE,
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      cpf: req(r.cpfMasked, 'CPF of the responsible party'),
      nome: req(r.text(120, 0, 'Ana Souza'), 'name'),
      nome_mae: req(r.text(70, 0, 'Maria Souza'), "mother's name"),
      data_nascimento: req(birthDate, 'date of birth'),
      sexo: req(r.sexMF, 'sex'),
      grau_parentesco: req(r.text(3, 0, 'TIT'), 'kinship degree'),
      estado_civil: req(r.text(2, 0, 'C'), 'marital status'),
      telefone_principal: req(r.phoneNumber, 'main phone'),
      telefone_secundario: opt(r.withExample(r.phoneNumber, '1133334444'), 'secondary phone'),
      email: req(r.holding('email', r.text(70, 0, 'ana.souza@example.com')), 'e-mail'),
      ...postalAddress,
      inicio_vigencia: req(r.dateBR, 'start of contract validity'),
      fatura_email: req(codes.invoiceEmail, 'invoice sent by e-mail'),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
  define({
    name: 'beneficiario',
    command: ['enrol', 'beneficiary', 'add'],
    summary: 'Add a beneficiary to a contract (prints beneficiario_id)',
    methods: WRITE,
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      nome: opt(r.text(120, 0, 'Pedro Souza'), 'name'),
      data_nascimento: opt(birthDate, 'date of birth'),
      cpf: req(r.cpfMasked, "holder's CPF"),
      data_solicitacao: req(r.dateBR, 'request date'),
      nome_mae: opt(r.text(70, 0, 'Ana Souza'), "mother's name"),
      sexo: opt(r.sexMF, 'sex'),
      estado_civil: opt(r.text(2, 0, 'S'), 'marital status'),
      peso: opt(r.int(1, 3, '70'), 'weight (kg)'),
      altura: opt(r.int(1, 3, '175'), 'height (cm)'),
      grau_dependencia: req(codes.dependencyDegree, 'dependency degree'),
    },
    response: { fields: rec.beneficiaryCreated, envelope: 'optional', creates: 'beneficiario_id' },
  }),
  define({
    name: 'beneficiario/contato',
    command: ['enrol', 'beneficiary', 'contact'],
    summary: "Register a beneficiary's contact",
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      nome: req(r.text(120, 0, 'Pedro Souza'), 'contact name'),
      telefone_principal: req(r.phoneNumber, 'main phone'),
      telefone_celular: opt(r.phoneNumber, 'mobile phone'),
      fax: opt(r.withExample(r.phoneNumber, '1133334444'), 'fax'),
      email: req(r.holding('email', r.text(70, 0, 'pedro@example.com')), 'e-mail'),
      site: opt(r.text(70), 'web site'),
    },
    response: enrolled('contato_id', 'contact created'),
  }),
  define({
    name: 'beneficiario/documento',
    command: ['enrol', 'beneficiary', 'document'],
    summary: "Register a beneficiary's document",
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      tipo_documento: req(codes.documentType, 'document type'),
      orgao_emissor: opt(r.text(3, 0, 'SSP'), 'issuing body code'),
      numero: req(r.text(45, 0, '123456789'), 'document number'),
      data_expedicao: opt(r.dateBR, 'issue date'),
      arquivo: opt(r.base64, 'base64 of the binary file'),
      tipo_arquivo: req(r.text(45, 0, 'pdf'), 'file type'),
      url: opt(r.text(500), 'file URL'),
    },
    response: enrolled('documento_id', 'document created'),
  }),
  define({
    name: 'beneficiario/endereco',
    command: ['enrol', 'beneficiary', 'address'],
    summary: "Register a beneficiary's address",
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      finalidade: req(codes.addressPurpose, 'address purpose'),
      tipo_endereco: req(r.text(3, 0, 'R'), 'address type'),
      ...postalAddress,
    },
    response: enrolled('endereco_id', 'address created'),
  }),
  define({
    name: 'beneficiario/ds',
    command: ['enrol', 'beneficiary', 'declaration'],
    summary: 'Record an answer of the health declaration',
    methods: WRITE,
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
] as const;
