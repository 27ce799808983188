/**
 * The message catalogue: every word coopctl shows a person, in English and
 * in Brazilian Portuguese, one module per part of the tool under messages/.
 * Each module exports `en` and `ptBR: Translation<typeof en>`, so a key
 * missing from either language does not compile (and test/cli/i18n checks it
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
import type { Translation } from './shape.js';

const en = {
  common: common.en,
  codes: codes.en,
  booking: booking.en,
  prompts: prompts.en,
  enrolWizard: enrolWizard.en,
  enrolDrafts: enrolDrafts.en,
  batchFile: batchFile.en,
  batch: batch.en,
  rules: rules.en,
  outcomes: outcomes.en,
  confirm: confirm.en,
  errors: errors.en,
  config: config.en,
  help: help.en,
  commandsHelp: commandsHelp.en,
  fieldsHelp: fieldsHelp.en,
  output: output.en,
  audit: audit.en,
  backup: backup.en,
  journal: journal.en,
  standIn: standIn.en,
  about: about.en,
};

export type Messages = typeof en;

const ptBR: Translation<Messages> = {
  common: common.ptBR,
  codes: codes.ptBR,
  booking: booking.ptBR,
  prompts: prompts.ptBR,
  enrolWizard: enrolWizard.ptBR,
  enrolDrafts: enrolDrafts.ptBR,
  batchFile: batchFile.ptBR,
  batch: batch.ptBR,
  rules: rules.ptBR,
  outcomes: outcomes.ptBR,
  confirm: confirm.ptBR,
  errors: errors.ptBR,
  config: config.ptBR,
  help: help.ptBR,
  commandsHelp: commandsHelp.ptBR,
  fieldsHelp: fieldsHelp.ptBR,
  output: output.ptBR,
  audit: audit.ptBR,
  backup: backup.ptBR,
  journal: journal.ptBR,
  standIn: standIn.ptBR,
  about: about.ptBR,
};

const catalogues: Readonly<Record<Lang, Messages>> = { en, 'pt-BR': ptBR as Messages };

/** The messages of a language. */
export function messagesFor(lang: Lang): Messages {
  return catalogues[lang];
}

useEnglish(en);
