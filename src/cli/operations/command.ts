/**
 * The command of one catalogue operation, from its spec: the entry gives the
 * words, flags, help and example; the module's hooks (if any) add examples
 * and a flow that replaces the plain run.
 */
import type { Command } from 'commander';
import type { Operation } from '../../catalogue/index.js';
import { takesJsonOptions } from '../output/json-select.js';
import type { RunState } from '../run-state.js';
import { exampleOf } from './example.js';
import { executeOperation } from './execute.js';
import { hooks } from './hooks.js';
import { addParamInputs } from './inputs.js';
import type { CommandSpec } from './spec.js';

function helpText(op: Operation, examples: readonly string[]): string {
  const host = op.host === 'test' ? 'the test host (testBaseUrl)' : 'the base host (baseUrl)';
  const lines = [exampleOf(op), ...examples].join('\n         ');
  return `\nSends ${op.methods[0]} ${op.path} to ${host}.\nExample: ${lines}`;
}

/** Adds the command of `spec.op` under `parent` (the group of its area words). */
export function addOperationCommand(parent: Command, spec: CommandSpec, run: RunState): void {
  const { op } = spec;
  const cmd = takesJsonOptions(parent.command(op.command[op.command.length - 1]!).description(op.summary));
  const readParams = addParamInputs(cmd, op);
  cmd.addHelpText('after', helpText(op, spec.examples ?? []));
  for (const extend of hooks.options) extend(cmd, op);
  run.bind(cmd, async (inv, args, command) => {
    const raw = await readParams(inv, args, command);
    return (await spec.interactive?.(inv, spec, raw)) ?? executeOperation(inv, spec, raw);
  });
}
