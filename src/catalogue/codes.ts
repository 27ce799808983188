/**
 * Codes the spec leaves open ("allowed values: not shown"), with the meanings
 * coopctl documents, each defined once (docs/decisions.md explains them), and
 * the states of the embedded server. The documented codes are suggestions (the
 * CLI offers them); the lists stay open: the embedded server accepts and stores
 * any code within the spec's bounds, as a stand-in for a service whose lists
 * are not known.
 */

import { said, type Said } from './lang.js';

/** Codes with their meaning, in each language. */
export type CodeTable<K extends string | number> = Readonly<Record<K, Said>>;

/** `dispositivo_tipo` of the device operations. */
export const deviceTypes: CodeTable<number> = {
  1: said('Android', 'Android'),
  2: said('iOS', 'iOS'),
  3: said('web browser (Web Push)', 'navegador web (Web Push)'),
};

/** `tipo_notificacao` of the sending operations. */
export const notificationTypes: CodeTable<number> = {
  1: said('informative message', 'mensagem informativa'),
  2: said('appointment reminder or change', 'lembrete ou alteração de consulta'),
  3: said('exam result available', 'resultado de exame disponível'),
  4: said('billing and payments', 'cobrança e pagamentos'),
  5: said('health campaign', 'campanha de saúde'),
  6: said('registration update', 'atualização cadastral'),
};

/** `tp_evento` of the scheduling operations: the kind of appointment a slot is for (the demo's slots use these). */
export const eventTypes: CodeTable<number> = {
  1: said('first visit', 'primeira consulta'),
  2: said('return visit', 'retorno'),
  3: said('exam collection', 'coleta de exame'),
};

/** `grupo_usuario`: the kind of plan of the beneficiary's contract. */
export const userGroups: CodeTable<number> = {
  1: said('individual or family plan', 'plano individual ou familiar'),
  2: said('company plan', 'plano empresarial'),
  3: said('collective plan by membership', 'plano coletivo por adesão'),
};

/** `tipo_beneficiario`: the beneficiary's place in the family. */
export const beneficiaryTypes: CodeTable<number> = {
  1: said('holder (titular)', 'titular'),
  2: said('dependent', 'dependente'),
  3: said('aggregate (agregado)', 'agregado'),
};

/** Elements of `tipo_documento` of `beneficiario/documento`. */
export const documentTypes: CodeTable<string> = {
  RG: said('identity card (Registro Geral)', 'carteira de identidade (Registro Geral)'),
  CPF: said('taxpayer number card', 'cartão do CPF'),
  CNH: said("driver's licence", 'carteira de habilitação'),
  CNS: said('national health card (Cartão Nacional de Saúde)', 'Cartão Nacional de Saúde'),
  CN: said('birth certificate', 'certidão de nascimento'),
  CC: said('marriage certificate', 'certidão de casamento'),
  PAS: said('passport', 'passaporte'),
  CTP: said('work card (Carteira de Trabalho)', 'Carteira de Trabalho'),
  RNE: said("foreigner's registration", 'Registro Nacional de Estrangeiro'),
};

/** Elements of `finalidade` of `beneficiario/endereco`. */
export const addressPurposes: CodeTable<string> = {
  RES: said('residence', 'residência'),
  COM: said('work', 'trabalho'),
  COB: said('billing', 'cobrança'),
  COR: said('correspondence', 'correspondência'),
};

/** `tipo_endereco` of `atualizaendereco`. */
export const addressTypes: CodeTable<string> = {
  R: said('residential', 'residencial'),
  C: said('commercial', 'comercial'),
};
/** The `[endereco]tipo` description that `tipo_endereco` becomes in the registration record (data, not words). */
export const addressTypeRecords: Readonly<Record<string, string>> = { R: 'RESIDENCIAL', C: 'COMERCIAL' };

/** S and N of the indicators. */
export const yesNo: CodeTable<string> = { S: said('yes', 'sim'), N: said('no', 'não') };

/** `sexo`. */
export const sexes: CodeTable<string> = { M: said('male', 'masculino'), F: said('female', 'feminino') };

/** `situacao` of the registration record. */
export const registrationStates: CodeTable<string> = {
  E: said('effected', 'efetivado'),
  A: said('open: a change is pending', 'em aberto: há alteração pendente'),
};

/** `status_agendamento`. */
export const appointmentStatuses = {
  aguardando: said(
    'requested, waiting for the provider to confirm',
    'solicitada, aguardando a confirmação do prestador',
  ),
  confirmado: said('confirmed by the provider', 'confirmada pelo prestador'),
  realizado: said('took place', 'realizada'),
  faltou: said('the beneficiary did not attend', 'o beneficiário não compareceu'),
  cancelado: said('cancelled (the slot is free again)', 'cancelada (o horário fica livre de novo)'),
} as const satisfies CodeTable<string>;
export type AppointmentStatus = keyof typeof appointmentStatuses;
/** What `ind_apenas_concluidas` S keeps. */
export const completedStatuses: readonly AppointmentStatus[] = ['realizado'];
/** What `cancelaagendamento` may cancel. */
export const cancellableStatuses: readonly AppointmentStatus[] = ['aguardando', 'confirmado'];

/** States of a contract. */
export const contractStatuses = ['proposta', 'ativo', 'suspenso', 'cancelado'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
/** States of a beneficiary (a beneficiary is `ativo` from its inclusion). */
export const beneficiaryStatuses = ['ativo', 'suspenso', 'cancelado'] as const;
export type BeneficiaryStatus = (typeof beneficiaryStatuses)[number];
/** Contract states that accept a payer (every state but cancelled). */
export const openStatuses: readonly ContractStatus[] = ['proposta', 'ativo', 'suspenso'];
/** Contract states that accept new beneficiaries. */
export const acceptingStatuses: readonly ContractStatus[] = ['proposta', 'ativo'];

/** Beneficiary states that accept contacts, documents, addresses and declaration answers. */
export const enrollableStatuses: readonly BeneficiaryStatus[] = ['ativo', 'suspenso'];

/**
 * `opcao_id` of `contrato/alterar_situacao`: the transition each documented
 * option makes, for a contract or (with `beneficiario_id`) a beneficiary. Any
 * other option is accepted and has no known effect (docs/decisions.md).
 */
export interface Transition {
  readonly verb: Said;
  readonly from: readonly ContractStatus[];
  readonly to: ContractStatus;
}
export const contractOptions: Readonly<Record<number, Transition>> = {
  1: { verb: said('activate', 'ativar'), from: ['proposta'], to: 'ativo' },
  2: { verb: said('suspend', 'suspender'), from: ['ativo'], to: 'suspenso' },
  3: { verb: said('reactivate', 'reativar'), from: ['suspenso'], to: 'ativo' },
  4: { verb: said('cancel', 'cancelar'), from: ['proposta', 'ativo', 'suspenso'], to: 'cancelado' },
};

/** `opcao_id` in words: each documented option's action and transition, `cancel (proposta, ativo, suspenso → cancelado)`. */
export const contractOptionMeanings: CodeTable<number> = Object.fromEntries(
  Object.entries(contractOptions).map(([code, t]) => {
    const move = `(${t.from.join(', ')} → ${t.to})`;
    return [code, said(`${t.verb.en} ${move}`, `${t.verb['pt-BR']} ${move}`)];
  }),
);

/** `confirma_operacao` (spec §7): the four codes whose meaning the spec gives. */
export const confirmationCodes: CodeTable<number> = {
  1: said('request OK', 'solicitação atendida'),
  2: said('record found', 'registro encontrado'),
  3: said('no result', 'nenhum resultado'),
  4: said('request failed', 'falha na solicitação'),
};

/** "1 (Android), 2 (iOS)": a code table in English words (the fixtures' schema). */
export function listCodes(table: CodeTable<string | number>): string {
  return Object.entries(table)
    .map(([k, v]) => `${k} (${v.en})`)
    .join(', ');
}

/** True when `code` is one of the table's codes. */
export function known(table: CodeTable<string | number>, code: string | number): boolean {
  return Object.hasOwn(table, String(code));
}

/** `grau_dependencia` of `beneficiario`: the beneficiary's tie to the holder (suggested; any code the spec allows is sent). */
export const dependencyDegrees: CodeTable<string> = {
  T: said('holder (titular)', 'titular'),
  C: said('spouse or partner (cônjuge)', 'cônjuge ou companheiro(a)'),
  F: said('child (filho or filha)', 'filho ou filha'),
  D: said('other dependent', 'outro dependente'),
  A: said('aggregate (agregado)', 'agregado'),
};

/** `fatura_email` of `responsavel_financeiro`: whether the invoice is sent by e-mail (suggested). */
export const invoiceByEmail: CodeTable<string> = { S: said('yes, by e-mail', 'sim, por e-mail'), N: said('no', 'não') };

/** Every documented code table by name, for the words shown to people (each code's meaning in both languages). */
export const codeTables = {
  confirmationCodes,
  deviceTypes,
  notificationTypes,
  eventTypes,
  userGroups,
  beneficiaryTypes,
  documentTypes,
  addressPurposes,
  addressTypes,
  appointmentStatuses,
  yesNo,
  sexes,
  registrationStates,
  contractOptions: contractOptionMeanings,
  dependencyDegrees,
  invoiceByEmail,
} as const;
export type CodeTableName = keyof typeof codeTables;
