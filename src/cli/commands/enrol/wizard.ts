/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import { Option, type Command } from 'commander';
import { addExamples, addNote } from '../../help/sections.js';
import type { RunState } from '../../run-state.js';

/** Adds `wizard` under the `enrol` group. */
export function addEnrolWizardCommand(enrol: Command, run: RunState): void {
  const words = run.m.commandsHelp.wizard;
  const cmd = enrol
    .command('wizard')
    .description(words.description)
    .addOption(new Option('--contrato-id <n>', words.contratoId))
    .addOption(new Option('--resume', words.resume));
  addExamples(cmd, [
    { command: 'coopctl enrol wizard', note: words.whole },
    { command: 'coopctl enrol wizard --contrato-id 6', note: words.existing },
  ]);
  addNote(cmd, words.note);
  run.bind(cmd, async (inv, _args, command) => {
    const { contratoId, resume } = command.opts<{ contratoId?: string; resume?: boolean }>();
    const { runEnrolWizard } = await import('./wizard/run.js');
    return runEnrolWizard(inv, {
      ...(contratoId === undefined ? {} : { contratoId }),
      ...(resume ? { resume: true } : {}),
    });
  });
}
