/**
 * The spec of any operation's command: its module's (`operationModules`
 * lists the modules, by area, and those of one area are loaded on demand
 * through src/cli/lazy.ts), or the one derived from the entry alone.
 */
import type { Area, Operation } from '../../catalogue/index.js';
import * as lazy from '../lazy.js';
import { derivedSpec, type CommandSpec } from '../operations/spec.js';

/**
 * The command modules of catalogue operations (src/cli/commands/<area>/<verb>.ts, each a `defineCommand` of its
 * operation), by the area they are in; an operation without one runs on its catalogue entry alone.
 */
export const operationModules: Readonly<Record<Area, ReadonlyArray<() => Promise<CommandSpec>>>> = {
  registration: [
    async () => (await lazy.registrationShow()).show,
    async () => (await lazy.registrationSaveAddress()).saveAddress,
    async () => (await lazy.registrationDeleteAddress()).deleteAddress,
  ],
  record: [],
  schedule: [
    async () => (await lazy.scheduleDates()).dates,
    async () => (await lazy.scheduleBook()).book,
    async () => (await lazy.scheduleCancel()).cancel,
  ],
  enrol: [],
  notify: [async () => (await lazy.notifySend()).send, async () => (await lazy.notifySendAll()).sendAll],
};

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
