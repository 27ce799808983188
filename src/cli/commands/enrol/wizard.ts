/** `enrol wizard`: the interactive enrolment (wizard/run.ts, loaded only when it runs). */
import { Option, type Command } from 'commander';
import type { RunState } from '../../run-state.js';

/** Adds `wizard` under the `enrol` group. */
export function addEnrolWizardCommand(enrol: Command, run: RunState): void {
  const cmd = enrol
    .command('wizard')
    .description(
      'interactive: contract → payer → beneficiaries with contact, documents, address and health declaration; review and edit; then submit step by step',
    )
    .addOption(new Option('--contrato-id <n>', 'add beneficiaries to this existing contract instead of creating one'))
    .addOption(new Option('--resume', 'go on with a saved draft (picked from a list when there are several)'))
    .addHelpText(
      'after',
      '\nNeeds a terminal (stdin and stdout TTYs, without --no-input). Nothing is sent before Submit is chosen on the\n' +
        'review screen, where any section can be edited. The whole plan is checked before the first request.\n' +
        'Ctrl-C, quitting at the review or a failed send keep a private draft ($XDG_STATE_HOME/coopctl/drafts,\n' +
        'default ~/.local/state/coopctl/drafts; it holds personal data); --resume goes on from it without sending\n' +
        'anything twice. It is deleted once the enrolment is finished (or discarded).\n' +
        'Example: coopctl enrol wizard\n         coopctl enrol wizard --contrato-id 6\n         coopctl enrol wizard --resume',
    );
  run.bind(cmd, async (inv, _args, command) => {
    const { contratoId, resume } = command.opts<{ contratoId?: string; resume?: boolean }>();
    const { runEnrolWizard } = await import('./wizard/run.js');
    return runEnrolWizard(inv, {
      ...(contratoId === undefined ? {} : { contratoId }),
      ...(resume ? { resume: true } : {}),
    });
  });
}
