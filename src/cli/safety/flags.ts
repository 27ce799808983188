/** `-y, --yes` and `-n, --dry-run`: added to every operation command (and `record summary`, `api`). */
import { Option, type Command } from 'commander';
import type { Messages } from '../i18n/index.js';
import type { Invocation } from '../invocation.js';

/** Adds -y/--yes and -n/--dry-run to `command`, described in the language of `m`. */
export function addSafetyOptions(command: Command, m: Messages): void {
  command
    .addOption(new Option('-y, --yes', m.help.safety.yes))
    .addOption(new Option('-n, --dry-run', m.help.safety.dryRun));
}

/** Options of the running command, global ones included (`inv.globals` is commander's optsWithGlobals). */
function flag(inv: Invocation, name: 'yes' | 'dryRun'): boolean {
  return (inv.globals as unknown as Record<string, unknown>)[name] === true;
}

export const assumeYes = (inv: Invocation): boolean => flag(inv, 'yes');
export const isDryRun = (inv: Invocation): boolean => flag(inv, 'dryRun');
