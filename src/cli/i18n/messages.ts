/**
 * The message catalogue: every word coopctl shows a person, in English and
 * in Brazilian Portuguese, one module per part of the tool under messages/.
 * Each module exports `en` and `ptBR: Translation<typeof en>`, so a key
 * missing from either language does not compile (and test/cli/i18n checks it
 * at run time too). Add a module here once; use it as `inv.m.<module>.<key>`.
 */
import * as common from './messages/common.js';
import * as labels from './messages/labels.js';
import * as output from './messages/output.js';
import type { Lang } from './lang.js';
import type { Translation } from './shape.js';

const en = {
  common: common.en,
  labels: labels.en,
  output: output.en,
};

export type Messages = typeof en;

const ptBR: Translation<Messages> = {
  common: common.ptBR,
  labels: labels.ptBR,
  output: output.ptBR,
};

const catalogues: Readonly<Record<Lang, Messages>> = { en, 'pt-BR': ptBR as Messages };

/** The messages of a language. */
export function messagesFor(lang: Lang): Messages {
  return catalogues[lang];
}
