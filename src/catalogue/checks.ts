/**
 * Rules across the fields of one request (an operation's `checks`), declared
 * as data in the catalogue and run by `validateParams` once every field keeps
 * its own rule, so that the CLI (before sending) and the embedded server
 * (answering 422) run the same code. Only rules on the request's own fields
 * belong here; whatever depends on stored state ("the slot is taken", "no
 * such contract") is a business outcome the server answers.
 */
import type { Params } from './field.js';

/**
 * - `later-same-day`: `end` (`yyyy-mm-dd hh:mi`) is later than `start`, on
 *   the same day (a slot of an agenda);
 * - `at-least-one`: at least one of `names` is given (`why` says what for).
 */
export type Check =
  | { readonly kind: 'later-same-day'; readonly start: string; readonly end: string }
  | { readonly kind: 'at-least-one'; readonly names: readonly string[]; readonly why: string };

/** What a broken check says: the field it names ('' for the request as a whole) and the rule. */
export interface CheckProblem {
  readonly field: string;
  readonly message: string;
}

/** `end` later than `start`, on the same day. */
export function laterSameDay(start: string, end: string): Check {
  return { kind: 'later-same-day', start, end };
}

/** At least one of `names`, needed for `why` (`nothing to update`). */
export function atLeastOne(why: string, ...names: string[]): Check {
  return { kind: 'at-least-one', names, why };
}

/** `a, b or c`. */
const either = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');

/** The check in words, for the OpenAPI document and help: "dt_hr_fim is later than dt_hr_inicio, on the same day". */
export function checkWords(check: Check): string {
  if (check.kind === 'later-same-day') return `${check.end} is later than ${check.start}, on the same day`;
  return `at least one of ${check.names.join(', ')} is given (${check.why})`;
}

/** Why parameters that keep their field rules break the check, or undefined when they keep it. */
export function checkProblem(check: Check, params: Params): CheckProblem | undefined {
  if (check.kind === 'later-same-day') {
    const start = params[check.start];
    const end = params[check.end];
    if (typeof start !== 'string' || typeof end !== 'string') return undefined;
    // `yyyy-mm-dd hh:mi` sorts as text.
    if (end.slice(0, 10) === start.slice(0, 10) && end > start) return undefined;
    return { field: check.end, message: `must be later than ${check.start}, on the same day` };
  }
  if (check.names.some((n) => params[n] !== undefined)) return undefined;
  return { field: '', message: `${check.why}: give ${either(check.names)}` };
}
