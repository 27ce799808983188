/**
 * The message catalogue: every word coopctl shows a person, in English and
 * in Brazilian Portuguese, one module per part of the tool under messages/.
 * Each module exports `en` and `ptBR: Translation<typeof en>`, so a key
 * missing from either language does not compile (and test/cli/i18n checks it
 * at run time too). Add a module here once; use it as `inv.m.<module>.<key>`.
 */
import * as commandsHelp from './messages/commands-help.js';
import * as common from './messages/common.js';
import * as fieldsHelp from './messages/fields-help.js';
import * as help from './messages/help.js';
import type { Lang } from './lang.js';
import type { Translation } from './shape.js';

const en = {
  common: common.en,
  help: help.en,
  commandsHelp: commandsHelp.en,
  fieldsHelp: fieldsHelp.en,
};

export type Messages = typeof en;

const ptBR: Translation<Messages> = {
  common: common.ptBR,
  help: help.ptBR,
  commandsHelp: commandsHelp.ptBR,
  fieldsHelp: fieldsHelp.ptBR,
};

const catalogues: Readonly<Record<Lang, Messages>> = { en, 'pt-BR': ptBR as Messages };

/** The messages of a language. */
export function messagesFor(lang: Lang): Messages {
  return catalogues[lang];
}
