/**
 * A required question refuses an empty answer even where the field's rule
 * takes an empty text (the payer's e-mail: up to 70 characters), in each
 * language; an optional one takes it.
 */
import { expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { fieldValidator } from '../../src/cli/interactive/fields.js';

it('an empty e-mail of the payer is refused; an empty complement is taken', () => {
  const { params } = operation('enrol.payer');
  expect(params['email']!.schema.safeParse('').success).toBe(true);
  const at = undefined;
  expect(fieldValidator(messagesFor('en'), params['email']!, false, at, true)('  ')).toBe('an answer is required');
  expect(fieldValidator(messagesFor('pt-BR'), params['email']!, false, at, true)('')).toBe('a resposta é obrigatória');
  expect(fieldValidator(messagesFor('en'), params['email']!, false, at, true)('ana@example.com')).toBe(true);
  // Outside the wizards, a required field whose rule takes empty text (a registration's PO box) takes it.
  expect(fieldValidator(messagesFor('en'), params['email']!)('')).toBe(true);
  expect(fieldValidator(messagesFor('en'), params['complemento']!, true)('')).toBe(true);
});
