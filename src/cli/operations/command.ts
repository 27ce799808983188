/**
 * The command of one catalogue operation, from its spec: the entry gives the
 * words, flags, help and example; the module's hooks (if any) add examples
 * and a flow that replaces the plain run. Help is in the run's language.
 */
import type { Command } from 'commander';
import type { Operation } from '../../catalogue/index.js';
import { aliasesOf } from '../help/areas.js';
import { addFlags } from '../flags/declared.js';
import { addExamples, addNote, type HelpExample } from '../help/sections.js';
import type { Messages } from '../i18n/index.js';
import type { RunState } from '../run/state.js';
import { exampleOf } from './example.js';
import { executeOperation } from './execute.js';
import { addParamInputs } from './inputs.js';
import type { Pipeline } from './pipeline.js';
import type { CommandSpec, Example } from './spec.js';

/** The examples of an operation's command: the one derived from the catalogue, then its module's. */
function examplesOf(op: Operation, examples: readonly Example[], m: Messages): HelpExample[] {
  const own = examples.map((e) =>
    typeof e === 'string' ? { command: e } : { command: e.command, note: m.help.notes[e.note] },
  );
  return [{ command: exampleOf(op, m) }, ...own];
}

/** Adds the command of `spec.op` under `parent` (the group of its area words), running the steps of `pipeline`. */
export function addOperationCommand(parent: Command, spec: CommandSpec, run: RunState, pipeline: Pipeline): void {
  const { op } = spec;
  const { m } = run;
  const name = op.command[op.command.length - 1]!;
  const cmd = parent.command(name).aliases(aliasesOf(name, op.alias)).description(m.fieldsHelp.summary(op));
  const readParams = addParamInputs(cmd, op, m);
  addFlags(cmd, spec.flags ?? {}, m);
  addExamples(cmd, examplesOf(op, spec.examples ?? [], m));
  addNote(cmd, m.help.sends(op.methods[0]!, op.path, op.host));
  for (const step of pipeline.options) step(cmd, op, m);
  run.bind(
    cmd,
    async (inv, args, command) => {
      const raw = await readParams(inv, args, command);
      return (await spec.interactive?.(inv, spec, raw, pipeline)) ?? executeOperation(inv, spec, raw, pipeline);
    },
    { takesJson: true },
  );
}
