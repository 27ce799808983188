/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import { Option, type Command } from 'commander';
import type { RunState } from '../../run-state.js';

/** Adds `wizard` under the `enrol` group. */
export function addEnrolWizardCommand(enrol: Command, run: RunState): void {
  const cmd = enrol
    .command('wizard')
    .description(
      'interactive: contract → payer → beneficiaries with contact, documents, address and health declaration; then submit step by step',
    )
    .addOption(new Option('--contrato-id <n>', 'add beneficiaries to this existing contract instead of creating one'))
    .addHelpText(
      'after',
      '\nNeeds a terminal (stdin and stdout TTYs, without --no-input). Nothing is sent before the summary is confirmed.\n' +
        'When a step fails, the wizard lists what was created and the exact commands that continue from there.\n' +
        'Example: coopctl enrol wizard\n         coopctl enrol wizard --contrato-id 6',
    );
  run.bind(cmd, async (inv, _args, command) => {
    const { contratoId } = command.opts<{ contratoId?: string }>();
    const { runEnrolWizard } = await import('./wizard/run.js');
    return runEnrolWizard(inv, contratoId === undefined ? {} : { contratoId });
  });
}
