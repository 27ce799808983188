/**
 * Registers confirmations and dry runs on the operation commands' hooks
 * (called by the command tree's builder, src/cli/commands/tree.ts):
 * `-y/--yes` and `-n/--dry-run` on every command, and one pre-send hook that
 * runs first (a dry run prints and stops before any other hook can ask).
 */
import { addNote } from '../help/sections.js';
import { hooks, type PendingCall } from '../operations/hooks.js';
import type { OperationIo } from '../capabilities.js';
import { confirmCall, confirmHelp } from './confirm.js';
import { printDryRun } from './dry-run.js';
import { addSafetyOptions, assumeYes, isDryRun } from './flags.js';

export async function safetyPreSend(call: PendingCall, inv: OperationIo): Promise<number | undefined> {
  if (isDryRun(inv)) {
    await printDryRun(inv, call.request);
    return 0;
  }
  return confirmCall(inv, call, assumeYes(inv));
}

let installed = false;

export function installSafety(): void {
  if (installed) return;
  installed = true;
  hooks.options.push((command, op, m) => {
    addSafetyOptions(command, m);
    if (op.confirm) addNote(command, confirmHelp(op, m));
  });
  hooks.preSend.unshift(safetyPreSend);
}
