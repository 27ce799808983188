/**
 * Dates a request carries (a birth, a document's issue, a request, an
 * appointment, a slot, a contract's validity) are refused before 1900 (year
 * 0000 too, even as a birth date), in the catalogue, so by the CLI and the
 * server alike; 1900 itself is accepted, and answers keep the plain rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogue,
  catalogueWords,
  operation,
  problemLine,
  sampleParams,
  sampleRecord,
  validateParams,
} from '../../src/catalogue/index.js';
import { checkResponse } from '../../src/catalogue/response.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Every date parameter of the catalogue, by operation: the spec's date fields of requests (sections 4.3 and 4.4). */
const dated = catalogue.flatMap((op) =>
  Object.entries(op.params)
    .filter(([, f]) => f.layout !== undefined)
    .map(([name, f]) => [op.id, name, f.layout!] as const),
);

const early: Record<string, string> = {
  'DD/MM/YYYY': '31/12/1899',
  'yyyy-mm-dd': '1899-12-31',
  'yyyy-mm-dd hh:mi': '1899-12-31 09:00',
};
const first: Record<string, string> = {
  'DD/MM/YYYY': '01/01/1900',
  'yyyy-mm-dd': '1900-01-01',
  'yyyy-mm-dd hh:mi': '1900-01-01 09:00',
};

it('lists the date parameters of the spec', () => {
  expect(dated.map(([id, name]) => `${id} ${name}`).sort()).toEqual([
    'enrol.beneficiary.add data_nascimento',
    'enrol.beneficiary.add data_solicitacao',
    'enrol.beneficiary.document data_expedicao',
    'enrol.contract.create tabela_preco_vigencia',
    'enrol.payer data_nascimento',
    'enrol.payer inicio_vigencia',
    'schedule.book dt_hr_fim',
    'schedule.book dt_hr_inicio',
    'schedule.times data_consulta',
  ]);
});

describe.each(dated)('%s %s', (id, name, layout) => {
  const op = operation(id);
  const withDate = (value: string) => {
    const params: Record<string, unknown> = { ...sampleParams(op), [name]: value };
    // A slot's end is later on the same day as its start: both move together.
    if (name === 'dt_hr_inicio') params['dt_hr_fim'] = value.replace('09:00', '09:30');
    if (name === 'dt_hr_fim') params['dt_hr_inicio'] = value.replace('09:00', '08:30');
    return validateParams(op, params);
  };

  it.each([early[layout]!, early[layout]!.replace('1899', '0000'), early[layout]!.replace('1899', '0001')])(
    'refuses %s, naming the field and the rule',
    (value) => {
      const v = withDate(value);
      expect(v.ok).toBe(false);
      // A slot's start and end both moved: each is named.
      expect(v.ok ? [] : v.errors.filter((p) => p.field === name)).toEqual([
        { code: 'early', field: name, from: 1900 },
      ]);
      expect(v.ok ? [] : v.errors.filter((p) => p.code !== 'early')).toEqual([]);
    },
  );

  it('accepts the first day of 1900', () => {
    expect(withDate(first[layout]!).ok).toBe(true);
  });
});

it('says it in both languages', () => {
  const op = operation('enrol.payer');
  const v = validateParams(op, { ...sampleParams(op), data_nascimento: '01/01/0000' });
  expect(v.ok).toBe(false);
  const [problem] = v.ok ? [] : v.errors;
  expect(problemLine(catalogueWords('en'), problem!)).toBe('data_nascimento: must be a date from the year 1900 on');
  expect(problemLine(catalogueWords('pt-BR'), problem!)).toBe(
    'data_nascimento: deve ser uma data a partir do ano 1900',
  );
});

it('an answer keeps the plain date rule: a registration born in 1899 is read', () => {
  const op = operation('registration.show');
  const record = { ...sampleRecord(op), data_nasc: '31/12/1899' };
  expect(checkResponse(op, [record])).toMatchObject({ ok: true });
});

describe('the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers 422 naming the field for a birth date of year 0000, and stores nothing', async () => {
    const op = operation('enrol.payer');
    const res = await fetch(`${server.url}${op.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sampleParams(op), data_nascimento: '01/01/0000' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual([
      { confirma_operacao: 4, mensagem_erro: 'data_nascimento: must be a date from the year 1900 on' },
    ]);
  });
});
