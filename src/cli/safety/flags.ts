/** `-y, --yes` and `-n, --dry-run`: added to every operation command (and `record summary`, `api`). */
import { Option, type Command } from 'commander';
import type { Invocation } from '../invocation.js';

export function addSafetyOptions(command: Command): void {
  command
    .addOption(
      new Option(
        '-y, --yes',
        'do not ask for confirmation (needed without a terminal for deletions, cancellations and notifications to everyone)',
      ),
    )
    .addOption(
      new Option(
        '-n, --dry-run',
        'validate, print the request as a curl command line (token as $COOPCTL_TOKEN) and send nothing',
      ),
    );
}

/** Options of the running command, global ones included (`inv.globals` is commander's optsWithGlobals). */
function flag(inv: Invocation, name: 'yes' | 'dryRun'): boolean {
  return (inv.globals as unknown as Record<string, unknown>)[name] === true;
}

export const assumeYes = (inv: Invocation): boolean => flag(inv, 'yes');
export const isDryRun = (inv: Invocation): boolean => flag(inv, 'dryRun');
