/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import { Option, type Command } from 'commander';
import type { RunState } from '../../run-state.js';

/** Adds `wizard` under the `enrol` group. */
export function addEnrolWizardCommand(enrol: Command, run: RunState): void {
  const help = run.m.wizardHelp.wizard;
  const cmd = enrol
    .command('wizard')
    .description(help.description)
    .addOption(new Option('--contrato-id <n>', help.contratoId))
    .addOption(new Option('--resume', help.resume))
    .addHelpText('after', help.after);
  run.bind(cmd, async (inv, _args, command) => {
    const { contratoId, resume } = command.opts<{ contratoId?: string; resume?: boolean }>();
    const { runEnrolWizard } = await import('./wizard/run.js');
    return runEnrolWizard(inv, {
      ...(contratoId === undefined ? {} : { contratoId }),
      ...(resume ? { resume: true } : {}),
    });
  });
}
