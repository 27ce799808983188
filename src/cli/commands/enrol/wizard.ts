/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import { aliasesOf } from '../../help/areas.js';
import type { Command } from 'commander';
import { addFlags, type FlagDecls, readFlags } from '../../flags/declared.js';
import { addExamples, addNote } from '../../help/sections.js';
import type { RunState } from '../../run/state.js';

const wizardFlags = {
  contratoId: { type: 'value', placeholder: () => 'n', help: (m) => m.commandsHelp.wizard.contratoId },
  resume: { type: 'boolean', help: (m) => m.commandsHelp.wizard.resume },
  discard: {
    type: 'boolean',
    help: (m) => m.commandsHelp.wizard.discard,
    conflicts: ['resume', 'contratoId'],
  },
} as const satisfies FlagDecls;

/** Adds `wizard` under the `enrol` group. */
export function addEnrolWizardCommand(enrol: Command, run: RunState): void {
  const words = run.m.commandsHelp.wizard;
  const cmd = addFlags(
    enrol.command('wizard').aliases(aliasesOf('wizard', 'assistente')).description(words.description),
    wizardFlags,
    run.m,
  );
  addExamples(cmd, [
    { command: 'coopctl enrol wizard', note: words.whole },
    { command: 'coopctl enrol wizard --contrato-id 6', note: words.existing },
  ]);
  addNote(cmd, words.note);
  run.bind(cmd, async (inv) => {
    const { runEnrolWizard } = await import('./wizard/run.js');
    return runEnrolWizard(inv, readFlags(wizardFlags, inv.options));
  });
}
