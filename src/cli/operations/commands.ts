/** One command per catalogue operation (GUIDE §3), under the area groups, plus `record summary`. */
import type { Command } from 'commander';
import { catalogue, sampleParams, type Operation } from '../../catalogue/index.js';
import { addEnrolWizardCommand, installInteractive, runInteractive } from '../interactive/commands.js';
import type { RunState } from '../run-state.js';
import { installSafety } from '../safety/install.js';
import { shellQuote } from '../safety/shell.js';
import { executeOperation } from './execute.js';
import { flagOf } from './flags.js';
import { hooks } from './hooks.js';
import { addParamInputs } from './inputs.js';
import { addSummaryCommand } from './summary.js';

function group(parent: Command, words: readonly string[]): Command {
  let cmd = parent;
  for (const word of words) cmd = cmd.commands.find((c) => c.name() === word) ?? cmd.command(word);
  return cmd;
}

/** A working example built from the rules' examples: the positional, then the required flags without a default. */
export function exampleOf(op: Operation): string {
  const sample = sampleParams(op, false);
  const words = ['coopctl', ...op.command];
  if (op.positional) words.push(shellQuote(String(sample[op.positional])));
  for (const [name, value] of Object.entries(sample)) {
    if (name === op.positional || op.params[name]!.cliDefault !== undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) words.push(flagOf(name), shellQuote(String(v)));
  }
  return words.join(' ');
}

function addOperationCommand(parent: Command, op: Operation, run: RunState): void {
  const cmd = parent.command(op.command[op.command.length - 1]!).description(op.summary);
  const readParams = addParamInputs(cmd, op);
  const host = op.host === 'test' ? 'the test host (testBaseUrl)' : 'the base host (baseUrl)';
  cmd.addHelpText('after', `\nSends ${op.methods[0]} ${op.path} to ${host}.\nExample: ${exampleOf(op)}`);
  for (const extend of hooks.options) extend(cmd, op);
  run.bind(cmd, async (inv, args, command) => {
    const raw = await readParams(inv, args, command);
    return (await runInteractive(inv, op, raw)) ?? executeOperation(inv, op, raw);
  });
}

export function addOperationCommands(program: Command, run: RunState): void {
  installSafety();
  installInteractive();
  for (const op of catalogue) addOperationCommand(group(program, op.command.slice(0, -1)), op, run);
  addSummaryCommand(group(program, ['record']), run);
  addEnrolWizardCommand(group(program, ['enrol']), run);
  // Groups below an area (`enrol contract`) are described by their commands.
  for (const area of program.commands) {
    for (const sub of area.commands)
      if (sub.commands.length && !sub.description()) sub.description(sub.commands.map((c) => c.name()).join(' | '));
  }
}
