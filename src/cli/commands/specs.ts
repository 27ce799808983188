/**
 * The spec of any operation's command: its module's (registry.ts lists the
 * modules, by area, and loads those of one area on demand), or the one
 * derived from the entry alone.
 */
import type { Area, Operation } from '../../catalogue/index.js';
import { derivedSpec, type CommandSpec } from '../operations/spec.js';
import { operationModules } from './registry.js';

/** The command modules of the operations of `area` (loaded on first use; the module system keeps them). */
export async function modulesOf(area: Area): Promise<readonly CommandSpec[]> {
  const specs = await Promise.all(operationModules[area].map((load) => load()));
  for (const [i, spec] of specs.entries())
    if (specs.findIndex((s) => s.op === spec.op) !== i)
      throw new Error(`two command modules for ${spec.op.command.join(' ')}`);
  return specs;
}

/** The spec of `op`'s command, found by the operation itself (not by its id). */
export async function specOf(op: Operation): Promise<CommandSpec> {
  return (await modulesOf(op.area)).find((spec) => spec.op === op) ?? derivedSpec(op);
}
