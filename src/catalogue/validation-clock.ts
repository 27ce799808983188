/**
 * The clock of the validation running now: "today" for the rules that depend
 * on the day (a date of birth not in the future, schema-of.ts). It is the
 * clock `validateParams` is given (the server's clock, which tests pin), else
 * the moment the value is checked: a rule reads it while a validation runs,
 * never when the module loads.
 */

/** The clock of the validation running now, if it was given one. Validation is synchronous, so one slot is enough. */
let running: (() => Date) | undefined;

/** Runs `validate` (synchronous) with `now` as the clock of the rules that depend on the day. */
export function onClock<T>(now: (() => Date) | undefined, validate: () => T): T {
  const outer = running;
  running = now;
  try {
    return validate();
  } finally {
    running = outer;
  }
}

/** The clock of the validation running now (undefined: the moment it is read). */
export const runningClock = (): (() => Date) | undefined => running;
