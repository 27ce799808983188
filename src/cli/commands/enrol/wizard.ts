/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import type { FlagDecls } from '../../flags/declared.js';
import * as lazy from '../../lazy.js';
import { defineCommand } from '../command-def.js';

const wizardFlags = {
  contratoId: { type: 'value', placeholder: () => 'n', help: (m) => m.commandsHelp.wizard.contratoId },
  resume: { type: 'boolean', help: (m) => m.commandsHelp.wizard.resume },
  discard: {
    type: 'boolean',
    help: (m) => m.commandsHelp.wizard.discard,
    conflicts: ['resume', 'contratoId'],
  },
} as const satisfies FlagDecls;

/** `wizard` under the `enrol` group. */
export const enrolWizardCommand = defineCommand({
  words: ['enrol', 'wizard'],
  portuguese: 'assistente',
  description: (m) => m.commandsHelp.wizard.description,
  flags: wizardFlags,
  examples: (m) => [
    { command: 'coopctl enrol wizard', note: m.commandsHelp.wizard.whole },
    { command: 'coopctl enrol wizard --contrato-id 6', note: m.commandsHelp.wizard.existing },
  ],
  notes: (m) => [m.commandsHelp.wizard.note],
  async run(io, _args, flags) {
    const { runEnrolWizard } = await lazy.enrolWizardRun();
    return runEnrolWizard(io, flags);
  },
});
