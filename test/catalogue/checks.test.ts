/**
 * The known rules that the CLI and the server share from
 * the catalogue. Rules across fields (an operation's `checks`), the birth date
 * that may not be in the future (on the clock validation is given), integers
 * whose leading zeros do not count as digits, and the address a registration
 * record can hold.
 */
import { describe, expect, it } from 'vitest';
import {
  buildOpenApi,
  catalogue,
  MAX_LIST,
  MAX_VALUES,
  operation,
  sampleParams,
  validateParams,
  type Params,
} from '../../src/catalogue/index.js';

const refusal = (id: string, raw: Params, now?: () => Date) => {
  const v = validateParams(operation(id), raw, { now });
  return v.ok ? undefined : v.errors;
};

describe('rules across fields', () => {
  const checked = catalogue.filter((op) => op.checks?.length);

  it('are declared on the operations whose server refused them (booking, contact update, status change)', () => {
    expect(checked.map((op) => op.name).sort()).toEqual([
      'atualizacontato',
      'contrato/alterar_situacao',
      'enviaagendamento',
    ]);
  });

  it.each(checked.map((op) => [op.id, op] as const))('%s: name only parameters of the operation', (_id, op) => {
    for (const check of op.checks ?? []) {
      const names = check.kind === 'later-same-day' ? [check.start, check.end] : check.names;
      for (const name of names) expect(Object.keys(op.params)).toContain(name);
      // A check that every request keeps by its field rules alone would be no check: the names are optional ones.
      if (check.kind === 'at-least-one') for (const name of names) expect(op.params[name]!.required).toBe(false);
    }
  });

  const book = (start: string, end: string) => ({
    ...sampleParams(operation('schedule.book')),
    dt_hr_inicio: start,
    dt_hr_fim: end,
  });

  it.each([
    ['the same minute', '2026-12-01 09:00', '2026-12-01 09:00'],
    ['an earlier end', '2026-12-01 09:00', '2026-12-01 08:59'],
    ['another day, later', '2026-12-01 09:00', '2026-12-02 09:30'],
    ['another day, earlier', '2026-12-02 09:00', '2026-12-01 09:30'],
  ])('enviaagendamento refuses %s, naming dt_hr_fim', (_what, start, end) => {
    expect(refusal('schedule.book', book(start, end))).toEqual([
      { code: 'later-same-day', field: 'dt_hr_fim', start: 'dt_hr_inicio' },
    ]);
  });

  it('enviaagendamento takes an end one minute later, and one at 23:59', () => {
    expect(refusal('schedule.book', book('2026-12-01 09:00', '2026-12-01 09:01'))).toBeUndefined();
    expect(refusal('schedule.book', book('2026-12-01 00:00', '2026-12-01 23:59'))).toBeUndefined();
  });

  it('runs only once every field keeps its own rule', () => {
    expect(refusal('schedule.book', book('2026-12-01 09:00', '2026-02-30 08:00'))).toEqual([
      { code: 'calendar', field: 'dt_hr_fim', layout: 'yyyy-mm-dd hh:mi' },
    ]);
  });

  it('atualizacontato needs one of the contact fields', () => {
    const card = { usuario_cartao: '00010001000001005' };
    expect(refusal('registration.update-contact', card)).toEqual([
      {
        code: 'at-least-one',
        field: '',
        why: { en: 'nothing to update', 'pt-BR': 'nada a atualizar' },
        names: ['usuario_telefone', 'usuario_celular', 'usuario_fax', 'usuario_email'],
      },
    ]);
    for (const [name, value] of [
      ['usuario_telefone', '(11)33334444'] as const,
      ['usuario_celular', '(11)987654321'],
      ['usuario_fax', '(11)33334444'],
      ['usuario_email', 'ana@example.com'],
    ])
      expect(refusal('registration.update-contact', { ...card, [name]: value }), name).toBeUndefined();
  });

  it('contrato/alterar_situacao needs a contract or a beneficiary', () => {
    expect(refusal('enrol.contract.set-status', { opcao_id: 1 })).toEqual([
      {
        code: 'at-least-one',
        field: '',
        why: { en: 'what to change', 'pt-BR': 'o que alterar' },
        names: ['contrato_id', 'beneficiario_id'],
      },
    ]);
    expect(refusal('enrol.contract.set-status', { opcao_id: 1, contrato_id: 7 })).toBeUndefined();
    expect(refusal('enrol.contract.set-status', { opcao_id: 1, beneficiario_id: 7 })).toBeUndefined();
  });

  it('are described in the OpenAPI document, in the operation’s description', () => {
    const doc = buildOpenApi({ baseUrl: 'https://base.example', testBaseUrl: 'https://test.example' }) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const post = (id: string) => doc.paths[operation(id).path]!['post']!.description;
    expect(post('schedule.book')).toBe('Rule across fields: dt_hr_fim is later than dt_hr_inicio, on the same day.');
    expect(post('enrol.contract.set-status')).toBe(
      'Rule across fields: at least one of contrato_id, beneficiario_id is given (what to change).',
    );
    expect(post('enrol.contract.create')).toBeUndefined();
  });
});

describe('a birth date', () => {
  const at =
    (y: number, m: number, d: number, h = 12) =>
    () =>
      new Date(y, m - 1, d, h, 0);

  it.each([
    ['enrol.payer', 'data_nascimento'],
    ['enrol.beneficiary.add', 'data_nascimento'],
  ])('%s %s: a real date, up to the clock’s today (local date)', (id, name) => {
    const raw = (value: string) => ({ ...sampleParams(operation(id)), [name]: value });
    const future = [{ code: 'future', field: name }];
    expect(refusal(id, raw('15/01/2026'), at(2026, 1, 15, 0))).toBeUndefined();
    expect(refusal(id, raw('16/01/2026'), at(2026, 1, 15, 23))).toEqual(future);
    expect(refusal(id, raw('16/01/2026'), at(2026, 1, 16, 0))).toBeUndefined();
    expect(refusal(id, raw('01/01/2027'), at(2026, 12, 31))).toEqual(future);
    expect(refusal(id, raw('29/02/2025'), at(2026, 1, 15))).toEqual([
      { code: 'calendar', field: name, layout: 'DD/MM/YYYY' },
    ]);
  });

  it('reads the system clock when validation is given none, at validation time', () => {
    const year = new Date().getFullYear();
    const raw = (value: string) => ({ ...sampleParams(operation('enrol.payer')), data_nascimento: value });
    expect(refusal('enrol.payer', raw(`01/01/${year - 1}`))).toBeUndefined();
    expect(refusal('enrol.payer', raw(`01/01/${year + 2}`))).toEqual([{ code: 'future', field: 'data_nascimento' }]);
  });

  it('is a rule of requests only: an answer’s data_nasc in the future is still a date the spec allows', () => {
    const field = operation('registration.show').response.fields['data_nasc']!;
    expect(field.schema.safeParse('01/01/2999').success).toBe(true);
  });
});

describe('integers', () => {
  const phone = (value: unknown) => ({
    ...sampleParams(operation('enrol.beneficiary.contact')),
    telefone_principal: value,
  });

  it('count their digits without leading zeros, as the number they travel as (10 to 11 digits)', () => {
    // "0011987654" travels as 11987654, 8 digits: the server would refuse what the CLI let through.
    expect(refusal('enrol.beneficiary.contact', phone('0011987654'))).toEqual([
      { code: 'int', field: 'telefone_principal', min: 10, max: 11 },
    ]);
    const v = validateParams(operation('enrol.beneficiary.contact'), phone('01198765432'));
    expect(v.ok && v.value.telefone_principal).toBe(1198765432);
    expect(refusal('enrol.beneficiary.contact', phone('11987654321'))).toBeUndefined();
  });

  it('keep leading zeros of codes that have no least digit count (up to 18 digits)', () => {
    const v = validateParams(operation('schedule.cancel'), { cd_evento: '000000000000000042' });
    expect(v.ok && v.value.cd_evento).toBe('42');
  });
});

describe('the address a registration record holds', () => {
  const save = operation('registration.save-address');
  const record = operation('registration.show').response.groups['endereco'].fields;
  const longest = (schema: { safeParse(v: unknown): { success: boolean } }) => {
    let n = 0;
    while (n < 1000 && schema.safeParse('x'.repeat(n + 1)).success) n++;
    return n;
  };

  it.each(Object.keys(save.params).filter((p) => p.startsWith('endereco_') && p.slice(9) in record))(
    '%s allows no longer text than the record keeps',
    (param) => {
      const own = save.params[param]!;
      if (own.kind !== 'string') return;
      expect(longest(own.schema)).toBeLessThanOrEqual(longest(record[param.slice(9)]!.schema));
    },
  );

  it('endereco_cidade: up to 50 characters (the record’s bound, not the parameter’s 72 of §4.1)', () => {
    const raw = (city: string) => ({ ...sampleParams(save), endereco_cidade: city });
    expect(refusal('registration.save-address', raw('C'.repeat(50)))).toBeUndefined();
    expect(refusal('registration.save-address', raw('C'.repeat(51)))).toEqual([
      { code: 'text', field: 'endereco_cidade', min: 0, max: 50 },
    ]);
  });
});

describe('the server’s request limits', () => {
  it('leave room for every request the catalogue accepts: never more values than the server reads', () => {
    const most = Math.max(
      ...catalogue.map((op) => Object.values(op.params).reduce((n, f) => n + (f.kind === 'array' ? MAX_LIST : 1), 0)),
    );
    expect(most).toBe(25);
    expect(most).toBeLessThanOrEqual(MAX_VALUES);
  });
});
