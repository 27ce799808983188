/** Section 4.4 of the spec: sales contracts, their payer and beneficiaries. */
import { birthDate } from '../birth-date.js';
import { atLeastOne } from '../checks.js';
import { field, opt, req } from '../field.js';
import type { Said } from '../lang.js';
import * as rec from '../records.js';
import * as codes from '../open-codes.js';
import * as r from '../rules.js';
import { inArea, label, nouns, READ, said, WRITE } from './common.js';

// ── 4.4 Enrolment and contracts ────────────────────────────────────────────────
const define = inArea('enrol', 'base', '/api/svcweb');
/** The sales contract, required (`true`) or optional (`false`). */
const contractId = <const R extends boolean>(required: R) => ({
  contrato_id: field(required, r.int(1, 10, '1'), said('sales contract', 'contrato de venda')),
});
const beneficiary = said('beneficiary', 'beneficiário');
const beneficiaryId = { beneficiario_id: req(r.int(1, 10, '1'), beneficiary) };
const w = {
  name: said('name', 'nome'),
  mother: said("mother's name", 'nome da mãe'),
  birth: said('date of birth', 'data de nascimento'),
  sex: said('sex', 'sexo'),
  marital: said('marital status', 'estado civil'),
  mainPhone: said('main phone', 'telefone principal'),
  email: said('e-mail', 'endereço de e-mail'),
};
const emailLabel = label('E-mail address', 'E-mail');
/** The address fields shared by the payer and a beneficiary's address. */
const postalAddress = {
  cep: req(r.cepNumber, said('postal code', 'CEP'), label('Postal code (CEP)', 'CEP')),
  logradouro: req(r.text(100, 0, 'Avenida Paulista'), said('street', 'logradouro')),
  logradouro_numero: req(r.text(5, 0, '1578'), said('number', 'número')),
  complemento: opt(r.text(30), said('complement', 'complemento')),
  bairro: req(r.text(40, 0, 'Bela Vista'), said('district', 'bairro')),
  ponto_referencia: opt(r.text(40), said('landmark', 'ponto de referência')),
  caixa_postal: opt(r.text(30), said('post-office box', 'caixa postal'), label('PO box', 'Caixa postal')),
};
/** The response of an enrolment write: the id it created, under `name`. */
const enrolled = <const N extends string>(name: N, help: Said, labelled: Said) => ({
  fields: rec.createdId(name, help, labelled),
  envelope: 'optional' as const,
  creates: name,
});
export const enrol = [
  define({
    name: 'contrato',
    command: ['enrol', 'contract', 'create'],
    alias: 'criar',
    summary: said('Create a sales contract (prints contrato_id)', 'Cria um contrato de venda (mostra o contrato_id)'),
    done: said('Contract created', 'Contrato criado'),
    methods: WRITE,
    params: {
      registro_ans: req(
        r.alnum(1, 15, '123456'),
        said('regulator (ANS) registration of the plan', 'registro do plano na ANS'),
        label('ANS registration', 'Registro ANS'),
      ),
      coop_id: req(r.int(1, 4, '1'), said('cooperative', 'cooperativa')),
      empresa_id: opt(r.int(1, 10, '1'), said('company', 'empresa')),
      produto_tabela_id: req(
        r.int(1, 10, '10'),
        said('product price table', 'tabela de preços do produto'),
        label('Price table', 'Tabela de preço'),
      ),
      desconto: opt(
        r.int(1, 10, '5'),
        said('additional percentage discount on the monthly fee', 'desconto percentual adicional na mensalidade'),
        label('Discount (%)', 'Desconto (%)'),
      ),
      numero_proposta: opt(r.int(1, 10, '1001'), said('proposal number', 'número da proposta')),
      tabela_preco_vigencia: opt(
        r.fromFirstYear(r.dateBR),
        said('start of validity of the monthly price table', 'início de vigência da tabela de preços da mensalidade'),
        label('Price table valid from', 'Vigência da tabela de preço'),
      ),
      origem: req(r.text(2, 1, 'WB'), said('contract origin', 'origem do contrato'), label('Origin', 'Origem')),
      coparticipacao_opcao_id: opt(r.int(1, 10, '1'), said('co-payment option', 'opção de coparticipação')),
    },
    response: { fields: rec.contractCreated, envelope: 'optional', creates: 'contrato_id' },
  }),
  define({
    name: 'contrato/search',
    command: ['enrol', 'contract', 'search'],
    alias: 'pesquisar',
    summary: said(
      'List sales contracts, or one by --contrato-id',
      'Lista os contratos de venda, ou um só com --contrato-id',
    ),
    nouns: nouns('contract', 'contracts', 'contrato', 'contratos'),
    methods: READ,
    params: contractId(false),
    response: { fields: rec.contract, envelope: 'none' },
  }),
  define({
    name: 'contrato/alterar_situacao',
    command: ['enrol', 'contract', 'set-status'],
    alias: 'alterar-situação',
    summary: said(
      "Change a contract's (or a beneficiary's) status",
      'Altera a situação de um contrato (ou de um beneficiário)',
    ),
    done: said('Status changed', 'Situação alterada'),
    methods: WRITE,
    params: {
      ...contractId(false),
      opcao_id: req(codes.contractOption, said('operation option', 'opção da operação'), label('Option', 'Opção')),
      beneficiario_id: opt(r.int(1, 10, '1'), beneficiary),
    },
    checks: [atLeastOne(said('what to change', 'o que alterar'), 'contrato_id', 'beneficiario_id')],
    response: { fields: rec.none, envelope: 'optional' },
  }),
  define({
    name: 'contrato/responsavel_financeiro',
    command: ['enrol', 'payer'],
    alias: 'pagador',
    summary: said(
      'Register the financial responsible party of a contract',
      'Registra o responsável financeiro de um contrato',
    ),
    done: said('Financial responsible party registered', 'Responsável financeiro registrado'),
    methods: WRITE,
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      cpf: req(
        r.cpfMasked,
        said('CPF of the responsible party', 'CPF do responsável financeiro'),
        label('CPF number', 'CPF'),
      ),
      nome: req(r.text(120, 0, 'Ana Souza'), w.name),
      nome_mae: req(r.text(70, 0, 'Maria Souza'), w.mother),
      data_nascimento: req(birthDate, w.birth),
      sexo: req(r.sexMF, w.sex),
      grau_parentesco: req(
        r.text(3, 0, 'TIT'),
        said('kinship degree', 'grau de parentesco'),
        label('Kinship', 'Grau de parentesco'),
      ),
      estado_civil: req(r.text(2, 0, 'C'), w.marital),
      telefone_principal: req(r.phoneNumber, w.mainPhone),
      telefone_secundario: opt(
        r.withExample(r.phoneNumber, '1133334444'),
        said('secondary phone', 'telefone secundário'),
      ),
      email: req(r.holding('email', r.text(70, 0, 'ana.souza@example.com')), w.email, emailLabel),
      ...postalAddress,
      inicio_vigencia: req(
        r.fromFirstYear(r.dateBR),
        said('start of contract validity', 'início de vigência do contrato'),
        label('Valid from', 'Início da vigência'),
      ),
      fatura_email: req(
        codes.invoiceEmail,
        said('invoice sent by e-mail', 'fatura enviada por e-mail'),
        label('Invoice by e-mail', 'Fatura por e-mail'),
      ),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
  define({
    name: 'beneficiario',
    command: ['enrol', 'beneficiary', 'add'],
    alias: 'incluir',
    summary: said(
      'Add a beneficiary to a contract (prints beneficiario_id)',
      'Inclui um beneficiário num contrato (mostra o beneficiario_id)',
    ),
    done: said('Beneficiary added', 'Beneficiário incluído'),
    methods: WRITE,
    positional: 'contrato_id',
    params: {
      ...contractId(true),
      nome: opt(r.text(120, 0, 'Pedro Souza'), w.name),
      data_nascimento: opt(birthDate, w.birth),
      cpf: req(r.cpfMasked, said("holder's CPF", 'CPF do titular'), label("Holder's CPF", 'CPF do titular')),
      data_solicitacao: req(r.fromFirstYear(r.dateBR), said('request date', 'data da solicitação')),
      nome_mae: opt(r.text(70, 0, 'Ana Souza'), w.mother),
      sexo: opt(r.sexMF, w.sex),
      estado_civil: opt(r.text(2, 0, 'S'), w.marital),
      peso: opt(r.int(1, 3, '70'), said('weight (kg)', 'peso (kg)')),
      altura: opt(r.int(1, 3, '175'), said('height (cm)', 'altura (cm)')),
      grau_dependencia: req(codes.dependencyDegree, said('dependency degree', 'grau de dependência')),
    },
    response: { fields: rec.beneficiaryCreated, envelope: 'optional', creates: 'beneficiario_id' },
  }),
  define({
    name: 'beneficiario/contato',
    command: ['enrol', 'beneficiary', 'contact'],
    alias: 'contato',
    summary: said("Register a beneficiary's contact", 'Registra o contato de um beneficiário'),
    done: said('Contact registered', 'Contato registrado'),
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      nome: req(r.text(120, 0, 'Pedro Souza'), said('contact name', 'nome do contato'), label('Name', 'Nome')),
      telefone_principal: req(r.phoneNumber, w.mainPhone),
      telefone_celular: opt(r.phoneNumber, said('mobile phone', 'telefone celular')),
      fax: opt(r.withExample(r.phoneNumber, '1133334444'), said('fax', 'número de fax'), label('Fax number', 'Fax')),
      email: req(r.holding('email', r.text(70, 0, 'pedro@example.com')), w.email, emailLabel),
      site: opt(r.text(70), said('web site', 'endereço do site'), label('Web site', 'Site')),
    },
    response: enrolled('contato_id', said('contact created', 'contato criado'), said('Contact', 'Contato')),
  }),
  define({
    name: 'beneficiario/documento',
    command: ['enrol', 'beneficiary', 'document'],
    alias: 'documento',
    summary: said("Register a beneficiary's document", 'Registra um documento de um beneficiário'),
    done: said('Document registered', 'Documento registrado'),
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      tipo_documento: req(codes.documentType, said('document type', 'tipo de documento')),
      orgao_emissor: opt(
        r.text(3, 0, 'SSP'),
        said('issuing body code', 'código do órgão emissor'),
        label('Issuing body', 'Órgão emissor'),
      ),
      numero: req(r.text(45, 0, '123456789'), said('document number', 'número do documento')),
      data_expedicao: opt(r.fromFirstYear(r.dateBR), said('issue date', 'data de expedição')),
      arquivo: opt(r.base64, said('base64 of the binary file', 'o arquivo em base64'), label('File', 'Arquivo')),
      tipo_arquivo: req(
        r.text(45, 0, 'pdf'),
        said('file type', 'tipo do arquivo'),
        label('File type', 'Tipo de arquivo'),
      ),
      url: opt(r.text(500), said('file URL', 'URL do arquivo'), label('File link', 'Link do arquivo')),
    },
    response: enrolled('documento_id', said('document created', 'documento criado'), said('Document', 'Documento')),
  }),
  define({
    name: 'beneficiario/endereco',
    command: ['enrol', 'beneficiary', 'address'],
    alias: 'endereço',
    summary: said("Register a beneficiary's address", 'Registra um endereço de um beneficiário'),
    done: said('Address registered', 'Endereço registrado'),
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      ...beneficiaryId,
      finalidade: req(
        codes.addressPurpose,
        said('address purpose', 'finalidade do endereço'),
        label('Purpose', 'Finalidade'),
      ),
      tipo_endereco: req(codes.enrolAddressType, said('address type', 'tipo de endereço')),
      ...postalAddress,
    },
    response: enrolled('endereco_id', said('address created', 'endereço criado'), said('Address', 'Endereço')),
  }),
  define({
    name: 'beneficiario/ds',
    command: ['enrol', 'beneficiary', 'declaration'],
    alias: 'declaração',
    summary: said('Record an answer of the health declaration', 'Registra uma resposta da declaração de saúde'),
    done: said('Health declaration answer recorded', 'Resposta da declaração de saúde registrada'),
    methods: WRITE,
    positional: 'beneficiario_id',
    params: {
      beneficiario_id: req(r.int(1, 30, '1'), beneficiary),
      formulario_id: req(r.int(1, 5, '1'), said('form', 'formulário')),
      pergunta_id: req(r.int(1, 10, '1'), said('question', 'pergunta')),
      resposta: req(r.flagSN, said('answer', 'resposta')),
      descricao: opt(r.text(500), said('details of the answer', 'detalhes da resposta')),
    },
    response: { fields: rec.none, envelope: 'optional' },
  }),
] as const;
