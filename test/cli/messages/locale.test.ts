/** The tests' own locale (vitest.config.ts): English whatever the machine's, so that no child process of a test inherits Portuguese. */
import { expect, it } from 'vitest';
import { chooseLang } from '../../../src/cli/i18n/index.js';

it('the unit tests run in the C locale, with no other locale variable set', () => {
  expect(process.env['LANG']).toBe('C');
  expect(process.env['LC_ALL'] || undefined).toBeUndefined();
  expect(process.env['LC_MESSAGES'] || undefined).toBeUndefined();
  expect(chooseLang([], process.env)).toBe('en');
});
