/**
 * Where the interactive pieces join the command tree. Kept small: the
 * wizards themselves are loaded only when they run.
 */
import { Option, type Command } from 'commander';
import type { Operation, Params } from '../../catalogue/index.js';
import type { Invocation } from '../invocation.js';
import { hooks } from '../operations/hooks.js';
import type { RunState } from '../run-state.js';
import { isDryRun } from '../safety/flags.js';
import { missingRequired } from './fields.js';
import { promptMissingParams } from './params-hook.js';

let installed = false;

/** Appends the prompt for missing required fields to the params hooks (once). */
export function installInteractive(): void {
  if (installed) return;
  installed = true;
  hooks.params.push(promptMissingParams);
}

/**
 * Runs the wizard that replaces an operation's plain run, if any: `schedule
 * book` with missing flags on a TTY. Returns its exit code, or undefined to
 * run the operation as usual. A dry run sends nothing, not even the wizard's
 * reads: the missing fields are then asked plainly (the params hook).
 */
export async function runInteractive(inv: Invocation, op: Operation, raw: Params): Promise<number | undefined> {
  if (op.id !== 'schedule.book' || !inv.interactive || isDryRun(inv) || missingRequired(op.params, raw).length === 0)
    return undefined;
  return (await import('./schedule-wizard.js')).runScheduleWizard(inv, op, raw);
}

/** `enrol wizard` under the `enrol` group. */
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
    const { runEnrolWizard } = await import('./enrol-wizard.js');
    return runEnrolWizard(inv, contratoId === undefined ? {} : { contratoId });
  });
}
