/**
 * The questions for fields, as data (the rest of prompts.test.ts drives them
 * through a prompter): a closed set's choices with their meanings, the
 * validator of a field's catalogue rule, comma-separated codes of an array
 * field, the missing required fields in catalogue order.
 */
import { describe, expect, it } from 'vitest';
import {
  choiceMeaning,
  fieldChoices,
  fieldMessage,
  fieldValidator,
  missingRequired,
  ruleProblem,
} from '../../src/cli/interactive/fields.js';
import { operation } from '../../src/catalogue/index.js';
import { messagesFor } from '../../src/cli/i18n/index.js';

const EN = messagesFor('en');
const CARD = '00010001000001005';

describe('field questions (unit)', () => {
  const save = operation('registration.save-address');
  const doc = operation('enrol.beneficiary.document');

  it('a closed set offers its values, with the meaning the rule gives them', () => {
    expect(fieldChoices(EN, save.params['tipo_endereco']!).map((c) => c.value)).toEqual(['R', 'C']);
    expect(choiceMeaning(EN, save.params['endereco_ind_fatura']!, 'S')).toBe('yes');
    expect(fieldChoices(EN, save.params['endereco_ind_fatura']!).map((c) => c.name)).toEqual(['S (yes)', 'N (no)']);
    expect(fieldChoices(EN, operation('enrol.payer').params['sexo']!).map((c) => c.name)).toEqual([
      'M (male)',
      'F (female)',
    ]);
    expect(fieldChoices(EN, save.params['tipo_endereco']!, true).at(-1)).toEqual({ name: '(leave empty)', value: '' });
  });

  it('the validator applies the catalogue rule and shows it', () => {
    const card = operation('registration.show').params['usuario_cartao']!;
    const validate = fieldValidator(EN, card);
    expect(validate(CARD)).toBe(true);
    expect(validate(` ${CARD} `)).toBe(true);
    expect(validate('123')).toBe(`must be 17 digits; understood 3 digits "123", e.g. ${CARD}`);
    expect(validate('0001 0001 000001 00 5')).toBe(true);
    expect(validate('0001 0001 000001 00')).toBe(
      `must be 17 digits; understood 16 digits "0001000100000100", e.g. ${CARD}`,
    );
    const cpf = operation('enrol.payer').params['cpf']!;
    expect(fieldValidator(EN, cpf)('529.982.247-26')).toMatch(
      /^must be a CPF with valid check digits \(a CPF 999\.999\.999-99 with valid check digits\), e\.g\. 529\.982\.247-25$/,
    );
    expect(ruleProblem(EN, cpf, '529.982.247-25')).toBeUndefined();
  });

  it('array fields take comma-separated codes, each checked', () => {
    const validate = fieldValidator(EN, doc.params['tipo_documento']!);
    expect(validate('RG, CPF')).toBe(true);
    expect(validate('RG,ABCD')).toMatch(/code of 1 to 3 characters/);
    expect(validate('')).toMatch(/at least one code/);
    expect(fieldMessage(EN, 'tipo_documento', doc.params['tipo_documento']!)).toContain('comma-separated');
  });

  it('an optional field may be left empty', () => {
    expect(fieldValidator(EN, doc.params['data_expedicao']!, true)('')).toBe(true);
    expect(fieldValidator(EN, doc.params['data_expedicao']!, true)('31/02/2020')).toMatch(/real calendar date/);
  });

  it('missing required fields: in catalogue order, defaults and given ones excluded', () => {
    expect(missingRequired(operation('schedule.times').params, { cd_local: '101' })).toEqual([
      'prest_cod_svc_card',
      'data_consulta',
    ]);
  });
});
