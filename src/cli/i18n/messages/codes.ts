/**
 * Code values shown with their meaning: `tipo_notificacao 2 (appointment
 * reminder or change)`, `confirma_operacao 3 (nenhum resultado)`. The
 * documented code tables live in the catalogue (src/catalogue/codes.ts), in
 * English; their Portuguese meanings are here, keyed by table and code
 * (test/cli/messages/codes.test.ts checks that every documented code has one).
 * Where only the catalogue's English words are at hand (a rule's wording, a
 * warning listing codes), `text` translates a meaning by its English text, as
 * gettext does with a message id, from the same tables.
 */
import { codeTables, contractOptions, type CodeTableName } from '../../../catalogue/codes.js';
import type { Translation } from '../shape.js';

/** A code as the service carries it: a number, a digit string, a letter code. */
type Code = string | number | bigint;

/** The verbs of `opcao_id`'s options in Portuguese; the transitions are the catalogue's. */
const contractVerbs: Readonly<Record<number, string>> = { 1: 'ativar', 2: 'suspender', 3: 'reativar', 4: 'cancelar' };

/** The Portuguese meaning of every documented code, by table. */
export const ptMeanings: Readonly<Record<CodeTableName, Readonly<Record<string, string>>>> = {
  confirmationCodes: {
    1: 'solicitação atendida',
    2: 'registro encontrado',
    3: 'nenhum resultado',
    4: 'falha na solicitação',
  },
  deviceTypes: { 1: 'Android', 2: 'iOS', 3: 'navegador web (Web Push)' },
  notificationTypes: {
    1: 'mensagem informativa',
    2: 'lembrete ou alteração de consulta',
    3: 'resultado de exame disponível',
    4: 'cobrança e pagamentos',
    5: 'campanha de saúde',
    6: 'atualização cadastral',
  },
  eventTypes: { 1: 'primeira consulta', 2: 'retorno', 3: 'coleta de exame' },
  userGroups: { 1: 'plano individual ou familiar', 2: 'plano empresarial', 3: 'plano coletivo por adesão' },
  beneficiaryTypes: { 1: 'titular', 2: 'dependente', 3: 'agregado' },
  documentTypes: {
    RG: 'carteira de identidade (Registro Geral)',
    CPF: 'cartão do CPF',
    CNH: 'carteira de habilitação',
    CNS: 'Cartão Nacional de Saúde',
    CN: 'certidão de nascimento',
    CC: 'certidão de casamento',
    PAS: 'passaporte',
    CTP: 'Carteira de Trabalho',
    RNE: 'Registro Nacional de Estrangeiro',
  },
  addressPurposes: { RES: 'residência', COM: 'trabalho', COB: 'cobrança', COR: 'correspondência' },
  addressTypes: { R: 'residencial', C: 'comercial' },
  appointmentStatuses: {
    aguardando: 'solicitada, aguardando a confirmação do prestador',
    confirmado: 'confirmada pelo prestador',
    realizado: 'realizada',
    faltou: 'o beneficiário não compareceu',
    cancelado: 'cancelada (o horário fica livre de novo)',
  },
  contractOptions: Object.fromEntries(
    Object.entries(contractOptions).map(([code, t]) => [
      code,
      `${contractVerbs[Number(code)] ?? t.verb} (${t.from.join(', ')} → ${t.to})`,
    ]),
  ),
  dependencyDegrees: {
    T: 'titular',
    C: 'cônjuge ou companheiro(a)',
    F: 'filho ou filha',
    D: 'outro dependente',
    A: 'agregado',
  },
  invoiceByEmail: { S: 'sim, por e-mail', N: 'não' },
};

/** The meanings a closed set's rule gives its letters (`S = yes`, `R = residential`), and `situacao`'s. */
const letterMeanings: Readonly<Record<string, string>> = {
  yes: 'sim',
  no: 'não',
  residential: 'residencial',
  commercial: 'comercial',
  effected: 'efetivada',
  open: 'em aberto',
};

/** Portuguese meanings by their English text: every documented code's, then the letters'. */
const byText: ReadonlyMap<string, string> = new Map([
  ...(Object.keys(ptMeanings) as CodeTableName[]).flatMap((table) =>
    Object.entries(codeTables[table] as Readonly<Record<string, string>>).flatMap(([code, english]) => {
      const pt = ptMeanings[table][code];
      return pt === undefined ? [] : [[english, pt] as [string, string]];
    }),
  ),
  ...Object.entries(letterMeanings),
]);

/** The Portuguese of a documented code's meaning given in English; undefined when no table has it. */
export function meaningPt(english: string): string | undefined {
  return byText.get(english);
}

/**
 * A list of codes and their meanings as catalogue messages write it
 * (`1 Android, 2 iOS, 3 web browser (Web Push)`), each meaning in Portuguese.
 */
export function meaningsInPt(listing: string): string {
  return listing
    .split(/, (?=[A-Z0-9]{1,3} )/)
    .map((entry) => {
      const space = entry.indexOf(' ');
      const meaning = space < 0 ? undefined : meaningPt(entry.slice(space + 1));
      return meaning === undefined ? entry : `${entry.slice(0, space)} ${meaning}`;
    })
    .join(', ');
}

const enMeaning = (table: CodeTableName, code: Code): string =>
  (codeTables[table] as Readonly<Record<string, string>>)[String(code)] ?? '';
const ptMeaning = (table: CodeTableName, code: Code): string => ptMeanings[table][String(code)] ?? '';

export const en = {
  /** A documented code's meaning given by the catalogue's English words, in the run's language. */
  text: (english: string): string => english,
  /** The documented meaning of a code, or '' when it has none. */
  meaning: enMeaning,
  /** `tipo_notificacao 2 (appointment reminder or change)`; an undocumented code says so. */
  coded: (name: string, table: CodeTableName, code: Code) =>
    `${name} ${code} (${enMeaning(table, code) || 'no documented meaning'})`,
  /** `RG (identity card (Registro Geral))`: a code with its meaning, without the field's name. */
  code: (table: CodeTableName, code: Code) => {
    const meaning = enMeaning(table, code);
    return meaning ? `${code} (${meaning})` : `${code}`;
  },
};

export const ptBR: Translation<typeof en> = {
  text: (english) => meaningPt(english) ?? english,
  meaning: ptMeaning,
  coded: (name, table, code) => `${name} ${code} (${ptMeaning(table, code) || 'sem significado documentado'})`,
  code: (table, code) => {
    const meaning = ptMeaning(table, code);
    return meaning ? `${code} (${meaning})` : `${code}`;
  },
};
