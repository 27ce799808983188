/**
 * What a call acts on, read once per call by its command's `subject` hook:
 * the confirmation asks about it (safety/confirm.ts), the outcome message
 * names it (report.ts). Never read in a dry run, which sends nothing.
 */
import type { OperationIo } from '../capabilities.js';
import type { PendingCall } from './hooks.js';
import type { Subject } from './spec.js';

const read = new WeakMap<PendingCall, Promise<Subject | undefined>>();

/** The call's subject, read on first use (undefined when its command has no `subject` hook). */
export function subjectOf(inv: OperationIo, call: PendingCall): Promise<Subject | undefined> {
  let subject = read.get(call);
  if (!subject) {
    const context = { mayAsk: call.asGiven !== true && inv.interactive };
    subject = call.spec.subject ? call.spec.subject(inv, call.params, context) : Promise.resolve(undefined);
    read.set(call, subject);
  }
  return subject;
}
