/**
 * The safety steps of an operation's run (commands/pipeline.ts lists them):
 * `-y/--yes` and `-n/--dry-run` on every command, with the help note of a
 * command that asks; then, before sending, the dry run (it prints and stops
 * before anything can ask) and the confirmation.
 */
import type { Command } from 'commander';
import type { Operation } from '../../catalogue/index.js';
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import { addNote } from '../help/sections.js';
import type { Messages } from '../i18n/index.js';
import type { PendingCall } from '../operations/pipeline.js';
import { confirmCall, confirmHelp } from './confirm.js';
import { printDryRun } from './dry-run.js';
import { addSafetyOptions, assumeYes, isDryRun } from './flags.js';

/** The options step: -y/--yes, -n/--dry-run, and the note of a command that asks. */
export function safetyOptions(command: Command, op: Operation, m: Messages): void {
  addSafetyOptions(command, m);
  if (op.confirm) addNote(command, confirmHelp(op, m));
}

/** With --dry-run, every call printed as curl and the run stops (exit 0), nothing sent. */
export async function dryRun(
  calls: readonly PendingCall[],
  io: Output & Settings & GivenFlags,
): Promise<number | undefined> {
  if (!isDryRun(io)) return undefined;
  await printDryRun(
    io,
    calls.map((call) => call.request),
  );
  return 0;
}

/** Each call asked about when it needs it (or read and refused); the highest exit code of those that stop. */
export async function confirm(
  calls: readonly PendingCall[],
  io: Output & Asking & Service & Settings & GivenFlags,
): Promise<number | undefined> {
  let stop: number | undefined;
  for (const call of calls) {
    const code = await confirmCall(io, call, assumeYes(io));
    if (code !== undefined) stop = Math.max(stop ?? 0, code);
  }
  return stop;
}
