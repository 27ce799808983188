/**
 * The command modules of catalogue operations, and the spec of any
 * operation's command: its module's, or the one derived from the entry alone.
 * A new module is added to `modules`; an operation without one needs nothing here.
 */
import type { Operation } from '../../catalogue/index.js';
import { derivedSpec, type CommandSpec } from '../operations/spec.js';
import { sendAll } from './notify/send-all.js';
import { send } from './notify/send.js';
import { deleteAddress } from './registration/delete-address.js';
import { saveAddress } from './registration/save-address.js';
import { show } from './registration/show.js';
import { book } from './schedule/book.js';
import { cancel } from './schedule/cancel.js';
import { dates } from './schedule/dates.js';

/** Every command module of a catalogue operation. */
export const modules: readonly CommandSpec[] = [show, saveAddress, deleteAddress, dates, book, cancel, send, sendAll];

const byOperation = new Map<Operation, CommandSpec>();
for (const spec of modules) {
  if (byOperation.has(spec.op)) throw new Error(`two command modules for ${spec.op.command.join(' ')}`);
  byOperation.set(spec.op, spec);
}

/** The spec of `op`'s command, found by the operation itself (not by its id). */
export function specOf(op: Operation): CommandSpec {
  return byOperation.get(op) ?? derivedSpec(op);
}
