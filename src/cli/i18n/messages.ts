/**
 * The shared message catalogue: the words coopctl shows a person whatever
 * the command group, in English and in Brazilian Portuguese, one module per
 * part of the tool under messages/. Each module exports `words: Words<typeof en>`
 * (its English and its `ptBR: Translation<typeof en>`), so a key missing from
 * either language does not compile (and test/cli/i18n checks it at run time
 * too). Add a shared module here once; use it as `inv.m.<module>.<key>`.
 * A command group's own words are not here: they sit in its folder
 * (src/cli/batch/words.ts, src/cli/audit/words.ts…), imported by the code
 * that says them and read as `words[lang].key`, so a run of another group
 * loads none of them (docs/architecture.md, "What a command loads").
 */
import * as about from './messages/about.js';
import * as codes from './messages/codes.js';
import * as common from './messages/common.js';
import * as prompts from './messages/prompts.js';
import * as rules from './messages/rules.js';
import * as config from './messages/config.js';
import * as confirm from './messages/confirm.js';
import * as errors from './messages/errors.js';
import * as outcomes from './messages/outcomes.js';
import * as commandsHelp from './messages/commands-help.js';
import * as fieldsHelp from './messages/fields-help.js';
import * as help from './messages/help.js';
import * as output from './messages/output.js';
import { useEnglish } from './english.js';
import type { Lang } from './lang.js';

const en = {
  common: common.words.en,
  codes: codes.words.en,
  prompts: prompts.words.en,
  rules: rules.words.en,
  outcomes: outcomes.words.en,
  confirm: confirm.words.en,
  errors: errors.words.en,
  config: config.words.en,
  help: help.words.en,
  commandsHelp: commandsHelp.words.en,
  fieldsHelp: fieldsHelp.words.en,
  output: output.words.en,
  about: about.words.en,
};

export type Messages = typeof en;

const ptBR: Messages = {
  common: common.words['pt-BR'],
  codes: codes.words['pt-BR'],
  prompts: prompts.words['pt-BR'],
  rules: rules.words['pt-BR'],
  outcomes: outcomes.words['pt-BR'],
  confirm: confirm.words['pt-BR'],
  errors: errors.words['pt-BR'],
  config: config.words['pt-BR'],
  help: help.words['pt-BR'],
  commandsHelp: commandsHelp.words['pt-BR'],
  fieldsHelp: fieldsHelp.words['pt-BR'],
  output: output.words['pt-BR'],
  about: about.words['pt-BR'],
};

const catalogues: Readonly<Record<Lang, Messages>> = { en, 'pt-BR': ptBR };

/** The messages of a language. */
export function messagesFor(lang: Lang): Messages {
  return catalogues[lang];
}

useEnglish(en);
