/**
 * `coopctl help codes` (`help codigos`): the codes the spec leaves open
 * ("allowed values: not shown") and the meanings coopctl documents for them,
 * from the catalogue's code tables (src/catalogue/codes.ts), and the states
 * of the embedded server's records.
 */
import { beneficiaryStatuses, type CodeTableName, codeTables, contractStatuses } from '../../../catalogue/codes.js';
import type { Said } from '../../../catalogue/index.js';
import type { Lang } from '../lang.js';
import type { Block, Topic } from '../../help/topics/model.js';

/** The fields each table is for, in the spec's names (confirma_operacao's codes are the spec's own: help exit-codes). */
const fields: Readonly<Partial<Record<CodeTableName, string>>> = {
  deviceTypes: 'dispositivo_tipo',
  notificationTypes: 'tipo_notificacao',
  eventTypes: 'tp_evento',
  userGroups: 'grupo_usuario',
  beneficiaryTypes: 'tipo_beneficiario',
  documentTypes: 'tipo_documento',
  addressPurposes: 'finalidade',
  addressTypes: 'tipo_endereco',
  appointmentStatuses: 'status_agendamento',
  yesNo: 'ind_* (S/N)',
  sexes: 'sexo',
  registrationStates: 'situacao',
  contractOptions: 'opcao_id',
  dependencyDegrees: 'grau_dependencia',
  invoiceByEmail: 'fatura_email',
};

function body(lang: Lang): Block[] {
  const en = lang === 'en';
  const blocks: Block[] = [
    {
      p: en
        ? "The spec names these fields but not the values they take. coopctl offers the codes below (in completions, the wizards and error messages) and the embedded server documents them; the lists stay open: any value within the spec's bounds is sent, with a warning when it is not one of these."
        : 'A especificação nomeia estes campos, mas não os valores que aceitam. O coopctl oferece os códigos abaixo (nos complementos, nos assistentes e nas mensagens de erro) e o servidor embutido os documenta; as listas continuam abertas: qualquer valor dentro dos limites da especificação é enviado, com um aviso quando não é um destes.',
    },
  ];
  for (const [table, field] of Object.entries(fields) as Array<[CodeTableName, string]>) {
    const codes = codeTables[table] as Readonly<Record<string, Said>>;
    blocks.push(
      { h: `${field}:` },
      { dl: Object.entries(codes).map(([code, said]) => [code, en ? said.en : said['pt-BR']] as const) },
    );
  }
  blocks.push(
    { h: en ? "Contract states (the embedded server's):" : 'Situações do contrato (do servidor embutido):' },
    { p: contractStatuses.join(', ') },
    { h: en ? "Beneficiary states (the embedded server's):" : 'Situações do beneficiário (do servidor embutido):' },
    { p: beneficiaryStatuses.join(', ') },
  );
  return blocks;
}

export const codesTopic: Topic = {
  names: ['codes', 'codigos'],
  title: (lang) =>
    lang === 'en' ? 'The codes the spec leaves open' : 'Os códigos que a especificação deixa em aberto',
  body,
};
