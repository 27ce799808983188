/**
 * Codes the spec leaves open ("allowed values: not shown"), with the meanings
 * coopctl documents, each defined once (docs/decisions.md explains them), and
 * the states of the embedded server. The documented codes are suggestions (the
 * CLI offers them); the lists stay open: the embedded server accepts and stores
 * any code within the spec's bounds, as a stand-in for a service whose lists
 * are not known.
 */

/** Codes with their meaning. */
export type CodeTable<K extends string | number> = Readonly<Record<K, string>>;

/** `dispositivo_tipo` of the device operations. */
export const deviceTypes: CodeTable<number> = { 1: 'Android', 2: 'iOS', 3: 'web browser (Web Push)' };

/** `tipo_notificacao` of the sending operations. */
export const notificationTypes: CodeTable<number> = {
  1: 'informative message',
  2: 'appointment reminder or change',
  3: 'exam result available',
  4: 'billing and payments',
  5: 'health campaign',
  6: 'registration update',
};

/** `tp_evento` of the scheduling operations: the kind of appointment a slot is for (the demo's slots use these). */
export const eventTypes: CodeTable<number> = { 1: 'first visit', 2: 'return visit', 3: 'exam collection' };

/** `grupo_usuario`: the kind of plan of the beneficiary's contract. */
export const userGroups: CodeTable<number> = {
  1: 'individual or family plan',
  2: 'company plan',
  3: 'collective plan by membership',
};

/** `tipo_beneficiario`: the beneficiary's place in the family. */
export const beneficiaryTypes: CodeTable<number> = { 1: 'holder (titular)', 2: 'dependent', 3: 'aggregate (agregado)' };

/** Elements of `tipo_documento` of `beneficiario/documento`. */
export const documentTypes: CodeTable<string> = {
  RG: 'identity card (Registro Geral)',
  CPF: 'taxpayer number card',
  CNH: "driver's licence",
  CNS: 'national health card (Cartão Nacional de Saúde)',
  CN: 'birth certificate',
  CC: 'marriage certificate',
  PAS: 'passport',
  CTP: 'work card (Carteira de Trabalho)',
  RNE: "foreigner's registration",
};

/** Elements of `finalidade` of `beneficiario/endereco`. */
export const addressPurposes: CodeTable<string> = {
  RES: 'residence',
  COM: 'work',
  COB: 'billing',
  COR: 'correspondence',
};

/** `tipo_endereco` of `atualizaendereco` and the `[endereco]tipo` description it becomes. */
export const addressTypes: CodeTable<string> = { R: 'RESIDENCIAL', C: 'COMERCIAL' };

/** `status_agendamento`. */
export const appointmentStatuses = {
  aguardando: 'requested, waiting for the provider to confirm',
  confirmado: 'confirmed by the provider',
  realizado: 'took place',
  faltou: 'the beneficiary did not attend',
  cancelado: 'cancelled (the slot is free again)',
} as const;
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
  readonly verb: string;
  readonly from: readonly ContractStatus[];
  readonly to: ContractStatus;
}
export const contractOptions: Readonly<Record<number, Transition>> = {
  1: { verb: 'activate', from: ['proposta'], to: 'ativo' },
  2: { verb: 'suspend', from: ['ativo'], to: 'suspenso' },
  3: { verb: 'reactivate', from: ['suspenso'], to: 'ativo' },
  4: { verb: 'cancel', from: ['proposta', 'ativo', 'suspenso'], to: 'cancelado' },
};

/** `opcao_id` in words: each documented option's action and transition, `cancel (proposta, ativo, suspenso → cancelado)`. */
export const contractOptionMeanings: CodeTable<number> = Object.fromEntries(
  Object.entries(contractOptions).map(([code, t]) => [code, `${t.verb} (${t.from.join(', ')} → ${t.to})`]),
);

/** `confirma_operacao` (spec §7): the four codes whose meaning the spec gives. */
export const confirmationCodes: CodeTable<number> = {
  1: 'request OK',
  2: 'record found',
  3: 'no result',
  4: 'request failed',
};

/** "1 (Android), 2 (iOS)": a code table in words, for error messages. */
export function listCodes(table: CodeTable<string | number>): string {
  return Object.entries(table)
    .map(([k, v]) => `${k} (${v})`)
    .join(', ');
}

/** True when `code` is one of the table's codes. */
export function known(table: CodeTable<string | number>, code: string | number): boolean {
  return Object.hasOwn(table, String(code));
}

/** `grau_dependencia` of `beneficiario`: the beneficiary's tie to the holder (suggested; any code the spec allows is sent). */
export const dependencyDegrees: CodeTable<string> = {
  T: 'holder (titular)',
  C: 'spouse or partner (cônjuge)',
  F: 'child (filho or filha)',
  D: 'other dependent',
  A: 'aggregate (agregado)',
};

/** `fatura_email` of `responsavel_financeiro`: whether the invoice is sent by e-mail (suggested). */
export const invoiceByEmail: CodeTable<string> = { S: 'yes, by e-mail', N: 'no' };

/**
 * Every documented code table by name, for the words shown to people: the
 * English meanings are the tables' own; the CLI's message catalogue gives each
 * code's meaning in Portuguese (src/cli/i18n/messages/codes.ts).
 */
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
  contractOptions: contractOptionMeanings,
  dependencyDegrees,
  invoiceByEmail,
} as const;
export type CodeTableName = keyof typeof codeTables;
