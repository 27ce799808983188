/**
 * The meanings of the codes the catalogue documents (src/catalogue/codes.ts:
 * document types, address purposes, device and notification types, …), as the
 * CLI shows them beside a code (`RG (carteira de identidade)`). The catalogue
 * is shared with the server and keeps its English meanings; the CLI
 * translates each one by its English text, as gettext does with a message id
 * (test/cli/i18n-catalogue-text.test.ts checks that every meaning the
 * catalogue documents has its Portuguese here).
 */
import type { Translation } from '../shape.js';

/** Portuguese meanings by their English text. */
const meanings: Readonly<Record<string, string>> = {
  // dispositivo_tipo
  Android: 'Android',
  iOS: 'iOS',
  'web browser (Web Push)': 'navegador web (Web Push)',
  // tipo_notificacao
  'informative message': 'mensagem informativa',
  'appointment reminder or change': 'lembrete ou alteração de consulta',
  'exam result available': 'resultado de exame disponível',
  'billing and payments': 'cobrança e pagamentos',
  'health campaign': 'campanha de saúde',
  'registration update': 'atualização cadastral',
  // grupo_usuario
  'individual or family plan': 'plano individual ou familiar',
  'company plan': 'plano empresarial',
  'collective plan by membership': 'plano coletivo por adesão',
  // tipo_beneficiario, grau_dependencia
  'holder (titular)': 'titular',
  dependent: 'dependente',
  'aggregate (agregado)': 'agregado',
  'spouse or partner (cônjuge)': 'cônjuge ou companheiro(a)',
  'child (filho or filha)': 'filho ou filha',
  'other dependent': 'outro dependente',
  // tipo_documento
  'identity card (Registro Geral)': 'carteira de identidade (Registro Geral)',
  'taxpayer number card': 'cartão do CPF',
  "driver's licence": 'carteira de motorista (Carteira Nacional de Habilitação)',
  'national health card (Cartão Nacional de Saúde)': 'Cartão Nacional de Saúde',
  'birth certificate': 'certidão de nascimento',
  'marriage certificate': 'certidão de casamento',
  passport: 'passaporte',
  'work card (Carteira de Trabalho)': 'Carteira de Trabalho',
  "foreigner's registration": 'Registro Nacional de Estrangeiro',
  // finalidade
  residence: 'residência',
  work: 'trabalho',
  billing: 'cobrança',
  correspondence: 'correspondência',
  // fatura_email, and the meanings a closed set's rule gives its letters (S = yes, R = residential)
  'yes, by e-mail': 'sim, por e-mail',
  yes: 'sim',
  no: 'não',
  residential: 'residencial',
  commercial: 'comercial',
  // situacao of the registration record
  effected: 'efetivada',
  open: 'em aberto',
};

/** The actions of `opcao_id` (contrato/alterar_situacao): `activate (proposta → ativo)`. */
const actions: Readonly<Record<string, string>> = {
  activate: 'ativar',
  suspend: 'suspender',
  reactivate: 'reativar',
  cancel: 'cancelar',
};

/** The Portuguese of a documented code's meaning; undefined when this table does not have it. */
export function meaningPt(english: string): string | undefined {
  if (Object.hasOwn(meanings, english)) return meanings[english];
  const m = /^(\w+) \((.+)\)$/.exec(english);
  return m && Object.hasOwn(actions, m[1]!) ? `${actions[m[1]!]} (${m[2]})` : undefined;
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

export const en = {
  /** A documented code's meaning, as the catalogue words it. */
  meaning: (english: string): string => english,
};

export const ptBR: Translation<typeof en> = {
  meaning: (english) => meaningPt(english) ?? english,
};
