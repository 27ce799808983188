/**
 * Accept what people type, send what the wire wants: generated from the
 * catalogue, every input form of every parameter's field type, normalised as
 * the CLI does (flags, --data, prompts and batch rows all go through
 * normaliseParams), is valid and becomes the value written in ./input-forms.ts.
 * What a normaliser does not recognise stays as typed, for the rule to refuse.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  explainErrors,
  normaliseParams,
  operation,
  sampleParams,
  validateParams,
  type Operation,
} from '../../src/catalogue/index.js';
import { rowsOf, TODAY, WIRE } from './input-forms.js';
import { fullYear } from '../../src/catalogue/date-input-forms.js';

const at = { today: TODAY };

/** [operation id, parameter, form, value sent] for every input form of every parameter that has a normaliser. */
const rows = catalogue.flatMap((op) =>
  Object.entries(op.params).flatMap(([name, f]) =>
    (rowsOf(f) ?? []).map(([form, wire]) => [op.id, name, form, wire, op] as const),
  ),
);

/** The operation's sample parameters with `name` as typed (a list field's form as its one element). */
function typed(op: Operation, name: string, form: string) {
  return { ...sampleParams(op), [name]: op.params[name]!.kind === 'array' ? [form] : form };
}

describe('the table of input forms', () => {
  const withAccept = catalogue.flatMap((op) =>
    Object.entries(op.params)
      .filter(([, f]) => f.accept !== undefined)
      .map(([name, f]) => [`${op.id} ${name}`, f] as const),
  );

  it('covers every parameter whose rule has a normaliser, form by form', () => {
    expect(withAccept.length).toBeGreaterThan(40);
    for (const [where, f] of withAccept) {
      const table = rowsOf(f);
      expect(table, `${where}: no rows in test/catalogue/input-forms.ts for its rule`).toBeDefined();
      expect(
        table!.map(([form]) => form),
        where,
      ).toEqual(f.forms);
    }
  });

  it('lists, for each rule, exactly its forms', () => {
    for (const [rule, table] of WIRE) expect(table.map(([form]) => form)).toEqual(rule.forms);
  });

  it('gives every rule with forms a normaliser, and forms to every normaliser', () => {
    for (const op of catalogue)
      for (const f of Object.values(op.params)) expect(f.accept === undefined).toBe(f.forms === undefined);
  });
});

describe.each(rows)('%s %s = %j', (_id, name, form, wire, op) => {
  it(`is sent as ${JSON.stringify(wire)}`, () => {
    // The field's own rule: a rule across fields (dt_hr_fim after dt_hr_inicio) is not this table's business.
    const normalised = normaliseParams(op, typed(op, name, form), at);
    const v = op.params[name]!.schema.safeParse(normalised[name]);
    expect(v.success, v.success ? '' : JSON.stringify(v.error.issues)).toBe(true);
    if (v.success) expect(v.data).toEqual(wire);
  });

  it('is normalised once: its normal form stays as it is', () => {
    const once = normaliseParams(op, typed(op, name, form), at);
    expect(normaliseParams(op, once, at)).toEqual(once);
  });
});

describe('what no normaliser recognises stays as typed, and its rule refuses it', () => {
  it.each([
    ['registration.update-contact', 'usuario_telefone', '55 11 98765-4321'],
    ['registration.update-contact', 'usuario_telefone', '011 98765-4321'],
    ['registration.update-contact', 'usuario_telefone', '+1 11 98765-4321'],
    ['registration.update-contact', 'usuario_celular', '(11) 98765-43210'],
    ['registration.show', 'usuario_cartao', '0001 0001 000001 00 5x'],
    ['registration.show', 'usuario_cartao', '0001/0001/000001/00/5'],
    ['registration.cep', 'cep', '1310-100'],
    ['enrol.payer', 'cpf', '529.982.247-2'],
    ['enrol.payer', 'data_nascimento', '15/03/8'],
    ['enrol.payer', 'data_nascimento', '15/03/198'],
    ['enrol.payer', 'data_nascimento', '15/03-1985'],
    ['enrol.payer', 'telefone_principal', '98765-4321'],
    ['enrol.payer', 'cep', '1310-100'],
    ['enrol.payer', 'sexo', 'masc'],
    ['schedule.times', 'data_consulta', '12/2026'],
    ['schedule.times', 'data_consulta', 'depois de amanhã'],
    ['schedule.book', 'dt_hr_inicio', '01/12/2026 9h'],
    ['schedule.book', 'nr_ddd_celular', '+55'],
    ['schedule.book', 'nr_celular', '9876-54321'],
    ['schedule.list', 'ind_apenas_concluidas', 'talvez'],
  ])('%s %s = %j', (id, name, value) => {
    const op = operation(id);
    const given = { ...sampleParams(op), [name]: value };
    const normalised = normaliseParams(op, given, at);
    expect(normalised[name]).toBe(value);
    const v = validateParams(op, normalised);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.field)).toEqual([name]);
  });
});

describe('two-digit years, by a pivot counted from this year', () => {
  it.each([
    // Births are in the past.
    ['past', 85, 2026, 1985],
    ['past', 26, 2026, 2026],
    ['past', 27, 2026, 1927],
    ['past', 0, 2000, 2000],
    ['past', 99, 2000, 1999],
    // Appointments are in the future.
    ['future', 26, 2026, 2026],
    ['future', 27, 2026, 2027],
    ['future', 25, 2026, 2125],
    ['future', 1, 2099, 2101],
    // Other dates within 50 years before and 49 after.
    ['near', 75, 2026, 2075],
    ['near', 76, 2026, 1976],
    ['near', 85, 2026, 1985],
    ['near', 27, 2026, 2027],
  ] as const)('%s: %i in %i is %i', (pivot, yy, thisYear, year) => {
    expect(fullYear(yy, thisYear, pivot)).toBe(year);
  });

  it('a birth date of a two-digit year in the past is accepted; the same date read as a future one would be refused', () => {
    const op = operation('enrol.payer');
    const params = normaliseParams(op, { ...sampleParams(op), data_nascimento: '1/2/85' }, at);
    expect(params['data_nascimento']).toBe('01/02/1985');
    expect(validateParams(op, params).ok).toBe(true);
  });

  it('an appointment date 1/2/26 on 30 November 2026 is 2026 (in the past, which the service refuses), 1/2/27 2027', () => {
    const op = operation('schedule.times');
    expect(normaliseParams(op, { ...sampleParams(op), data_consulta: '1/2/26' }, at)['data_consulta']).toBe(
      '2026-02-01',
    );
    expect(normaliseParams(op, { ...sampleParams(op), data_consulta: '1/2/27' }, at)['data_consulta']).toBe(
      '2027-02-01',
    );
  });
});

describe('relative dates count from the day given', () => {
  it.each([
    [new Date(2026, 11, 31, 23, 59), 'amanhã', '2027-01-01'],
    [new Date(2028, 1, 28, 0, 0), 'tomorrow', '2028-02-29'],
    [new Date(2026, 0, 1, 0, 0), 'hoje', '2026-01-01'],
    [new Date(2026, 0, 1, 0, 0), 'ontem', '2025-12-31'],
    [new Date(2028, 2, 1, 12, 0), 'yesterday', '2028-02-29'],
  ])('on %s, %s is %s', (today, word, iso) => {
    const op = operation('schedule.times');
    const out = normaliseParams(op, { ...sampleParams(op), data_consulta: word }, { today });
    expect(out['data_consulta']).toBe(iso);
  });
});

describe('a card that is not 17 digits once written plainly', () => {
  it('is refused, saying how many digits were understood, as typed', () => {
    const op = operation('registration.show');
    const params = normaliseParams(op, { usuario_cartao: '0001 0001 000001 00' }, at);
    const v = validateParams(op, params);
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(explainErrors(op, params, v.errors)).toEqual([
        { code: 'digits', field: 'usuario_cartao', want: 17, got: 16, shown: '0001000100000100' },
      ]);
  });
});
