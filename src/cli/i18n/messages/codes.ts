/**
 * Code values shown with their meaning: `tipo_notificacao 2 (appointment
 * reminder or change)`, `confirma_operacao 3 (nenhum resultado)`. The
 * documented code tables live in the catalogue (src/catalogue/codes.ts), each
 * code's meaning in both languages; here they are taken in the run's language.
 */
import { codeTables, type CodeTableName } from '../../../catalogue/codes.js';
import type { Lang, Said } from '../../../catalogue/index.js';
import type { Translation, Words } from '../shape.js';

/** A code as the service carries it: a number, a digit string, a letter code. */
type Code = string | number | bigint;

/** The meaning of a code of `table` in `lang`, or '' when it has none. */
function meaningIn(lang: Lang, table: CodeTableName, code: Code): string {
  const said = (codeTables[table] as Readonly<Record<string, Said>>)[String(code)];
  return said === undefined ? '' : said[lang];
}

const enMeaning = (table: CodeTableName, code: Code): string => meaningIn('en', table, code);
const ptMeaning = (table: CodeTableName, code: Code): string => meaningIn('pt-BR', table, code);

const en = {
  /** A documented code's meaning (the catalogue's words), in the run's language. */
  text: (meaning: Said): string => meaning.en,
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

const ptBR: Translation<typeof en> = {
  text: (meaning) => meaning['pt-BR'],
  meaning: ptMeaning,
  coded: (name, table, code) => `${name} ${code} (${ptMeaning(table, code) || 'sem significado documentado'})`,
  code: (table, code) => {
    const meaning = ptMeaning(table, code);
    return meaning ? `${code} (${meaning})` : `${code}`;
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
