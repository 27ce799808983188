/**
 * What a call acts on, read once per call by its command's `subject` hook:
 * the confirmation asks about it (safety/confirm.ts), the outcome message
 * names it (report.ts). Never read in a dry run, which sends nothing.
 */
import type { Asking, GivenFlags, Output, Service, Settings } from '../capabilities.js';
import type { PendingCall } from './pipeline.js';
import type { Subject } from './spec.js';

/** The call's subject, read on first use and kept in the call (undefined when its command has no `subject` hook). */
export function subjectOf(
  inv: Output & Asking & Service & Settings & GivenFlags,
  call: PendingCall,
): Promise<Subject | undefined> {
  if (!call.read.subject) {
    const context = { mayAsk: call.asGiven !== true && inv.interactive };
    call.read.subject = call.spec.subject ? call.spec.subject(inv, call.params, context) : Promise.resolve(undefined);
  }
  return call.read.subject;
}
