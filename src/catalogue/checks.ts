/**
 * Rules across the fields of one request (an operation's `checks`), declared
 * as data in the catalogue and run by `validateParams` once every field keeps
 * its own rule, so that the CLI (before sending) and the embedded server
 * (answering 422) run the same code. Only rules on the request's own fields
 * belong here; whatever depends on stored state ("the slot is taken", "no
 * such contract") is a business outcome the server answers.
 */
import type { Params } from './field.js';
import type { Said } from './lang.js';
import type { Problem } from './problems.js';

/**
 * - `later-same-day`: `end` (`yyyy-mm-dd hh:mi`) is later than `start`, on
 *   the same day (a slot of an agenda);
 * - `at-least-one`: at least one of `names` is given (`why` says what for, in each language).
 */
export type Check =
  | { readonly kind: 'later-same-day'; readonly start: string; readonly end: string }
  | { readonly kind: 'at-least-one'; readonly names: readonly string[]; readonly why: Said };

/** `end` later than `start`, on the same day. */
export function laterSameDay(start: string, end: string): Check {
  return { kind: 'later-same-day', start, end };
}

/** At least one of `names`, needed for `why` (`nothing to update`). */
export function atLeastOne(why: Said, ...names: string[]): Check {
  return { kind: 'at-least-one', names, why };
}

/** The problem of parameters that keep their field rules and break the check, or undefined when they keep it. */
export function checkProblem(check: Check, params: Params): Problem | undefined {
  if (check.kind === 'later-same-day') {
    const start = params[check.start];
    const end = params[check.end];
    if (typeof start !== 'string' || typeof end !== 'string') return undefined;
    // `yyyy-mm-dd hh:mi` sorts as text.
    if (end.slice(0, 10) === start.slice(0, 10) && end > start) return undefined;
    return { code: 'later-same-day', field: check.end, start: check.start };
  }
  if (check.names.some((n) => params[n] !== undefined)) return undefined;
  return { code: 'at-least-one', field: '', why: check.why, names: check.names };
}
