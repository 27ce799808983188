/**
 * The birth-date rule: a real date DD/MM/YYYY that is not in the future.
 * "Today" is the local date of the clock `validateParams` is given (the
 * server's clock, which tests pin), else of the moment the value is checked:
 * the rule reads it while a validation runs, never when the module loads.
 * Answers keep the plain date rule (`data_nasc` of the registration record):
 * the client accepts what the spec allows.
 */
import { birthDateInput } from './date-input-forms.js';
import { dateBR, extend, fromFirstYear } from './rules.js';

export { onClock } from './validation-clock.js';

const fromThen = fromFirstYear(dateBR);

/** A date of birth: `DD/MM/YYYY`, a real date from 1900 on (rules.ts fromFirstYear), not later than today. */
export const birthDate = extend(fromThen, {
  rule: { code: 'birth-date' } as const,
  invalid: [...fromThen.invalid, '01/01/9999'],
  // A two-digit year in the past: `1/2/85` is 1985.
  accept: birthDateInput.accept,
  forms: birthDateInput.forms,
});
