/**
 * The catalogue's words for people, as the CLI shows them: each field's help
 * (what it is), each operation's summary, a rule's wording and the meaning of
 * a documented code. In English they are the catalogue's own texts (which
 * the server and the OpenAPI document use too); in Portuguese they come from
 * the tables below, keyed by the spec's field name (with a per-operation
 * entry where one name means different things) and by operation id.
 * test/cli/help-i18n.test.ts checks that every catalogue parameter, operation
 * and documented code has its Portuguese words.
 */
import type { Field, Operation, OperationId, ParamsOf } from '../../../catalogue/index.js';
import type { Translation } from '../shape.js';
import { meaningPt } from './codes.js';
import { phrasePt } from './rules.js';

/** Every parameter name of the catalogue. */
type ParamName = { [Id in OperationId]: keyof ParamsOf<Id> & string }[OperationId];

const names: Readonly<Record<ParamName, string>> = {
  usuario_cartao: 'número do cartão do beneficiário',
  usuario_telefone: 'telefone',
  usuario_celular: 'telefone celular',
  usuario_fax: 'número de fax',
  usuario_email: 'endereço de e-mail',
  tipo_endereco: 'tipo de endereço',
  endereco_ind: 'código do endereço',
  endereco_cep: 'CEP do endereço',
  endereco_logradouro: 'logradouro',
  endereco_numero: 'número',
  endereco_complemento: 'complemento',
  endereco_cidade: 'cidade (o cadastro guarda 50 caracteres)',
  endereco_bairro: 'bairro',
  endereco_estado: 'estado (UF)',
  endereco_ponto_referencia: 'ponto de referência',
  endereco_caixa_postal: 'caixa postal',
  endereco_ind_correspondencia: 'endereço usado para correspondência',
  endereco_ind_fatura: 'endereço usado para faturas',
  cep: 'CEP',
  prest_cod_svc_card: 'código do prestador no sistema de agendamento',
  ind_apenas_concluidas: 'só os agendamentos concluídos',
  cd_local: 'código do local de atendimento',
  data_consulta: 'data da consulta',
  cd_evento: 'código do agendamento',
  tp_evento: 'tipo de atendimento a agendar',
  dt_hr_inicio: 'início',
  dt_hr_fim: 'fim, mais tarde no mesmo dia',
  ds_email: 'e-mail para a confirmação',
  nr_ddd_celular: 'DDD do celular',
  nr_celular: 'número do celular',
  ds_endereco: 'endereço do prestador onde será o atendimento',
  registro_ans: 'registro do plano na ANS',
  coop_id: 'cooperativa',
  empresa_id: 'empresa',
  produto_tabela_id: 'tabela de preços do produto',
  desconto: 'desconto percentual adicional na mensalidade',
  numero_proposta: 'número da proposta',
  tabela_preco_vigencia: 'início de vigência da tabela de preços da mensalidade',
  origem: 'origem do contrato',
  coparticipacao_opcao_id: 'opção de coparticipação',
  contrato_id: 'contrato de venda',
  opcao_id: 'opção da operação',
  beneficiario_id: 'beneficiário',
  cpf: 'CPF do titular',
  nome: 'nome',
  nome_mae: 'nome da mãe',
  data_nascimento: 'data de nascimento',
  sexo: 'sexo',
  grau_parentesco: 'grau de parentesco',
  estado_civil: 'estado civil',
  telefone_principal: 'telefone principal',
  telefone_secundario: 'telefone secundário',
  email: 'endereço de e-mail',
  logradouro: 'logradouro',
  logradouro_numero: 'número',
  complemento: 'complemento',
  bairro: 'bairro',
  ponto_referencia: 'ponto de referência',
  caixa_postal: 'caixa postal',
  inicio_vigencia: 'início de vigência do contrato',
  fatura_email: 'fatura enviada por e-mail',
  data_solicitacao: 'data da solicitação',
  peso: 'peso (kg)',
  altura: 'altura (cm)',
  grau_dependencia: 'grau de dependência',
  telefone_celular: 'telefone celular',
  fax: 'número de fax',
  site: 'endereço do site',
  tipo_documento: 'tipo de documento',
  orgao_emissor: 'código do órgão emissor',
  numero: 'número do documento',
  data_expedicao: 'data de expedição',
  arquivo: 'o arquivo em base64',
  tipo_arquivo: 'tipo do arquivo',
  url: 'URL do arquivo',
  finalidade: 'finalidade do endereço',
  formulario_id: 'formulário',
  pergunta_id: 'pergunta',
  resposta: 'resposta',
  descricao: 'detalhes da resposta',
  dispositivo_token: 'token gerado para o dispositivo',
  dispositivo_tipo: 'tipo de dispositivo',
  pushid: 'identificador do dispositivo no provedor de push',
  conteudo: 'conteúdo da notificação',
  tipo_notificacao: 'código do tipo de notificação',
  grupo_usuario: 'grupo de usuários a notificar',
  tipo_beneficiario: 'tipo de beneficiário a notificar',
  usuario_envio: 'usuário que envia',
};

/** Where one name means something else in an operation. */
const byOperation: Partial<Record<OperationId, Partial<Record<ParamName, string>>>> = {
  'registration.save-address': {
    tipo_endereco: 'tipo de endereço, usado na inclusão',
    endereco_ind: 'código do endereço: 0 inclui um endereço novo, qualquer outro valor atualiza esse endereço',
  },
  'registration.delete-address': { endereco_ind: 'endereço a excluir' },
  'enrol.payer': { cpf: 'CPF do responsável financeiro' },
  'enrol.beneficiary.contact': { nome: 'nome do contato' },
  'notify.device.register': {
    usuario_cartao: 'cartão do beneficiário que usa o dispositivo (extensão do coopctl, veja docs/decisions.md)',
  },
  'notify.send': { usuario_cartao: 'cartão do beneficiário a notificar' },
};

const summaries: Readonly<Record<OperationId, string>> = {
  'registration.show': 'Consulta o cadastro, os endereços e o contato de um beneficiário',
  'registration.update-contact': 'Atualiza os dados de contato de um beneficiário',
  'registration.save-address': 'Inclui um endereço (endereco_ind 0, com tipo_endereco) ou atualiza um (endereco_ind N)',
  'registration.cep': 'Consulta um CEP',
  'registration.delete-address': 'Exclui um endereço',
  'record.allergies': 'Lista as alergias',
  'record.certificates': 'Lista os atestados',
  'record.exams': 'Lista os resultados de exames',
  'record.medications': 'Lista os medicamentos',
  'record.plans': 'Lista os planos terapêuticos',
  'record.problems': 'Lista os problemas de saúde',
  'schedule.list': 'Lista os agendamentos de um beneficiário',
  'schedule.dates': 'Lista as datas com horários livres num local de atendimento',
  'schedule.times': 'Lista os horários livres de uma data num local de atendimento',
  'schedule.locations': 'Lista os locais de atendimento de um prestador',
  'schedule.cancel': 'Cancela um agendamento',
  'schedule.book': 'Envia um pedido de agendamento para um horário livre',
  'enrol.contract.create': 'Cria um contrato de venda (mostra o contrato_id)',
  'enrol.contract.search': 'Lista os contratos de venda, ou um só com --contrato-id',
  'enrol.contract.set-status': 'Altera a situação de um contrato (ou de um beneficiário)',
  'enrol.payer': 'Registra o responsável financeiro de um contrato',
  'enrol.beneficiary.add': 'Inclui um beneficiário num contrato (mostra o beneficiario_id)',
  'enrol.beneficiary.contact': 'Registra o contato de um beneficiário',
  'enrol.beneficiary.document': 'Registra um documento de um beneficiário',
  'enrol.beneficiary.address': 'Registra um endereço de um beneficiário',
  'enrol.beneficiary.declaration': 'Registra uma resposta da declaração de saúde',
  'notify.device.register': 'Cadastra um dispositivo para notificações push',
  'notify.device.change': 'Altera o cadastro de um dispositivo',
  'notify.send': 'Envia uma notificação aos usuários do aplicativo da cooperativa, restrita pelos filtros opcionais',
  'notify.send-all': 'Envia uma notificação a todos os usuários do aplicativo',
};

const portuguese = (table: Readonly<Record<string, string>> | undefined, key: string) =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

export const en = {
  /** What the parameter `name` of `op` is. */
  field: (op: Operation, name: string) => op.params[name]?.help ?? name,
  /** The operation's one-line summary. */
  summary: (op: Operation) => op.summary,
  /** The field's rule in words. */
  rule: (f: Pick<Field, 'rule'>) => f.rule,
  /** What a documented code of the open code list `name` means (`meaning` is the catalogue's). */
  code: (_name: string, _code: string, meaning: string) => meaning,
};

export const ptBR: Translation<typeof en> = {
  field: (op, name) =>
    portuguese(byOperation[op.id as OperationId], name) ?? portuguese(names, name) ?? en.field(op, name),
  summary: (op) => portuguese(summaries, op.id) ?? op.summary,
  rule: (f) => phrasePt(f.rule)?.text ?? f.rule,
  code: (_name, _code, meaning) => meaningPt(meaning) ?? meaning,
};
