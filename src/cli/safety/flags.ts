/** `-y, --yes` and `-n, --dry-run`: added to every operation command (and `record summary`, `api`). */
import type { Command } from 'commander';
import type { GivenFlags } from '../capabilities.js';
import { addFlags, readFlags } from '../flags/declared.js';
import type { Messages } from '../i18n/index.js';

const safetyFlags = {
  yes: { type: 'boolean', short: 'y', help: (m: Messages) => m.help.safety.yes },
  dryRun: { type: 'boolean', short: 'n', help: (m: Messages) => m.help.safety.dryRun },
} as const;

/** Adds -y/--yes and -n/--dry-run to `command`, described in the language of `m`. */
export function addSafetyOptions(command: Command, m: Messages): void {
  addFlags(command, safetyFlags, m);
}

export const assumeYes = (run: GivenFlags): boolean => readFlags(safetyFlags, run.options).yes;
export const isDryRun = (run: GivenFlags): boolean => readFlags(safetyFlags, run.options).dryRun;
