/**
 * The message catalogue: every word coopctl shows a person, in English and
 * in Brazilian Portuguese, one module per part of the tool under messages/.
 * Each module exports `words: Words<typeof en>` (its English and its
 * `ptBR: Translation<typeof en>`), so a key missing from either language does
 * not compile (and test/cli/i18n checks it
 * at run time too). Add a module here once; use it as `inv.m.<module>.<key>`.
 */
import * as about from './messages/about.js';
import * as audit from './messages/audit.js';
import * as backup from './messages/backup.js';
import * as batch from './messages/batch.js';
import * as batchFile from './messages/batch-file.js';
import * as booking from './messages/booking.js';
import * as codes from './messages/codes.js';
import * as common from './messages/common.js';
import * as enrolDrafts from './messages/enrol-drafts.js';
import * as enrolWizard from './messages/enrol-wizard.js';
import * as journal from './messages/journal.js';
import * as standIn from './messages/stand-in.js';
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
  booking: booking.words.en,
  prompts: prompts.words.en,
  enrolWizard: enrolWizard.words.en,
  enrolDrafts: enrolDrafts.words.en,
  batchFile: batchFile.words.en,
  batch: batch.words.en,
  rules: rules.words.en,
  outcomes: outcomes.words.en,
  confirm: confirm.words.en,
  errors: errors.words.en,
  config: config.words.en,
  help: help.words.en,
  commandsHelp: commandsHelp.words.en,
  fieldsHelp: fieldsHelp.words.en,
  output: output.words.en,
  audit: audit.words.en,
  backup: backup.words.en,
  journal: journal.words.en,
  standIn: standIn.words.en,
  about: about.words.en,
};

export type Messages = typeof en;

const ptBR: Messages = {
  common: common.words['pt-BR'],
  codes: codes.words['pt-BR'],
  booking: booking.words['pt-BR'],
  prompts: prompts.words['pt-BR'],
  enrolWizard: enrolWizard.words['pt-BR'],
  enrolDrafts: enrolDrafts.words['pt-BR'],
  batchFile: batchFile.words['pt-BR'],
  batch: batch.words['pt-BR'],
  rules: rules.words['pt-BR'],
  outcomes: outcomes.words['pt-BR'],
  confirm: confirm.words['pt-BR'],
  errors: errors.words['pt-BR'],
  config: config.words['pt-BR'],
  help: help.words['pt-BR'],
  commandsHelp: commandsHelp.words['pt-BR'],
  fieldsHelp: fieldsHelp.words['pt-BR'],
  output: output.words['pt-BR'],
  audit: audit.words['pt-BR'],
  backup: backup.words['pt-BR'],
  journal: journal.words['pt-BR'],
  standIn: standIn.words['pt-BR'],
  about: about.words['pt-BR'],
};

const catalogues: Readonly<Record<Lang, Messages>> = { en, 'pt-BR': ptBR };

/** The messages of a language. */
export function messagesFor(lang: Lang): Messages {
  return catalogues[lang];
}

useEnglish(en);
