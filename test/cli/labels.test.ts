/**
 * Tables for people speak their language: every field name the catalogue can
 * put in a table has a human label in English and in Portuguese, every code
 * it documents has its meaning in both; dates read DD/MM/AAAA in Portuguese,
 * quantities (and only they) get the language's separators. JSON, JSONL, CSV
 * and a pipe's tab-separated lines keep the spec's names and values.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams, sampleRecord, type Field } from '../../src/catalogue/index.js';
import { envelope } from '../../src/catalogue/records.js';
import { labelOf, meaningsOf, peopleText, QUANTITIES } from '../../src/cli/output/people.js';
import { startHarness, type Harness } from './harness.js';

/** Every field of the catalogue that a table can show, with where it is: parameters, records, groups, the envelope. */
const fields: Array<[where: string, name: string, field: Field]> = [
  ...Object.entries(envelope).map(([n, f]) => ['envelope', n, f] as [string, string, Field]),
  ...catalogue.flatMap((op) => [
    ...Object.entries(op.params).map(([n, f]) => [`${op.id} parameter`, n, f] as [string, string, Field]),
    ...Object.entries(op.response.fields).map(([n, f]) => [`${op.id} record`, n, f] as [string, string, Field]),
    ...Object.entries(op.response.groups ?? {}).flatMap(([g, group]) =>
      Object.entries(group.fields).map(([n, f]) => [`${op.id} [${g}]`, n, f] as [string, string, Field]),
    ),
  ]),
];

describe('labels', () => {
  it.each(fields)('%s %s has a label in English and in Portuguese', (_where, name, field) => {
    for (const lang of ['en', 'pt-BR'] as const) {
      const label = labelOf(lang, name, field);
      expect(label).not.toBe(name);
      expect(label.trim()).not.toBe('');
    }
  });

  it('a group has a title in both languages', () => {
    const groups = catalogue.flatMap((op) => Object.values(op.response.groups ?? {}));
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect(g.title.en.trim()).not.toBe('');
      expect(g.title['pt-BR'].trim()).not.toBe('');
    }
  });

  const show = operation('registration.show');
  it.each([
    [
      'usuario_celular',
      operation('registration.update-contact').params['usuario_celular']!,
      'Mobile phone',
      'Telefone celular',
    ],
    ['data_nasc', show.response.fields['data_nasc']!, 'Date of birth', 'Data de nascimento'],
    ['cd_evento', operation('schedule.list').response.fields['cd_evento']!, 'Appointment', 'Agendamento'],
    ['cpf', show.response.fields['cpf']!, 'CPF number', 'CPF'],
  ])('%s reads %s / %s', (name, field, english, portuguese) => {
    expect(labelOf('en', name, field)).toBe(english);
    expect(labelOf('pt-BR', name, field)).toBe(portuguese);
  });

  it('the groups read Addresses / Endereços, Contact / Contato', () => {
    expect(show.response.groups['endereco'].title).toEqual({ en: 'Addresses', 'pt-BR': 'Endereços' });
    expect(show.response.groups['contato'].title).toEqual({ en: 'Contact', 'pt-BR': 'Contato' });
  });

  const coded = fields.filter(([, , f]) => f.choices !== undefined && f.choices.join() !== 'true,false');
  it.each(coded)('%s %s: every code has its meaning in both languages', (_where, _name, field) => {
    for (const code of field.choices!) {
      expect(meaningsOf(field)?.[code]?.en, code).toBeTruthy();
      expect(meaningsOf(field)?.[code]?.['pt-BR'], code).toBeTruthy();
    }
  });

  it('the quantities are integer fields of the catalogue’s records', () => {
    const records = fields.filter(([where]) => where.endsWith('record'));
    for (const name of QUANTITIES)
      expect(
        records.some(([, n, f]) => n === name && f.kind === 'int'),
        name,
      ).toBe(true);
  });
});

describe('values as a person reads them', () => {
  const f = (id: string, name: string) => operation(id).response.fields[name]!;
  const appointment = (name: string) => f('schedule.list', name);

  it.each([
    ['schedule.list', 'data_consulta', '2026-12-01', '01/12/2026'],
    ['record.certificates', 'dt_hr_entrada', '2026-12-01 09:30', '01/12/2026 09:30'],
    ['enrol.contract.search', 'cv_dat_inic_vigen', '2026-12-01 08:30:00', '01/12/2026 08:30:00'],
    ['registration.show', 'data_nasc', '15/03/1985', '15/03/1985'],
  ])('%s %s %s: in Portuguese %s, in English as the spec writes it', (id, name, value, portuguese) => {
    // A no-break space between the date and the time, so that a narrowed column does not wrap them apart.
    const nbsp = (text: string) => text.replace(' ', '\u00a0');
    expect(peopleText('pt-BR', name, f(id, name), value)).toBe(nbsp(portuguese));
    expect(peopleText('en', name, f(id, name), value)).toBe(nbsp(value));
  });

  it('a day’s start (a contract’s term) is the day alone', () => {
    const term = f('enrol.contract.search', 'cv_dat_inic_vigen');
    expect(peopleText('pt-BR', 'cv_dat_inic_vigen', term, '2026-12-01 00:00:00')).toBe('01/12/2026');
    expect(peopleText('en', 'cv_dat_inic_vigen', term, '2026-12-01 00:00:00')).toBe('2026-12-01');
  });

  it('CPF 529.982.247-25 and CEP 01310-100 as people write them; the spec’s true/false as Sim/Não (Yes/No)', () => {
    const registration = operation('registration.show').response.fields;
    expect(peopleText('pt-BR', 'cpf', registration['cpf'], '52998224725')).toBe('529.982.247-25');
    const address = operation('registration.show').response.groups!['endereco']!.fields;
    expect(peopleText('pt-BR', 'cep', address['cep'], '01310100')).toBe('01310-100');
    expect(peopleText('en', 'cep', address['cep'], '01310100')).toBe('01310-100');
    // A CEP of more digits than 8 (the spec allows 11) is shown as it came.
    expect(peopleText('en', 'cep', address['cep'], '01310100123')).toBe('01310100123');
    const done = operation('notify.device.register').response.fields['success'];
    expect(peopleText('pt-BR', 'success', done, 'true')).toBe('Sim');
    expect(peopleText('pt-BR', 'success', done, 'false')).toBe('Não');
    expect(peopleText('en', 'success', done, 'true')).toBe('Yes');
    expect(peopleText('en', 'success', done, 'false')).toBe('No');
  });

  it('quantities get separators; codes, ids and cards never do', () => {
    const sent = operation('notify.send').response.fields;
    expect(peopleText('pt-BR', 'recipients', sent['recipients'], 12345)).toBe('12.345');
    expect(peopleText('en', 'recipients', sent['recipients'], 12345)).toBe('12,345');
    const contract = operation('enrol.contract.search').response.fields;
    expect(peopleText('pt-BR', 'cv_qtd_vida', contract['cv_qtd_vida'], 1500)).toBe('1.500');
    expect(peopleText('pt-BR', 'cv_nro', contract['cv_nro'], 123456)).toBe('123456');
    expect(peopleText('pt-BR', 'cd_evento', appointment('cd_evento'), '880001234567890123')).toBe('880001234567890123');
    const registration = operation('registration.show').response.fields;
    expect(peopleText('pt-BR', 'cod_pessoa', registration['cod_pessoa'], 12345)).toBe('12345');
  });

  it('codes with their meaning', () => {
    const registration = operation('registration.show').response.fields;
    expect(peopleText('pt-BR', 'situacao', registration['situacao'], 'E')).toBe('E (efetivado)');
    expect(peopleText('en', 'situacao', registration['situacao'], 'A')).toBe('A (open: a change is pending)');
    expect(peopleText('pt-BR', 'permite_atualizar', registration['permite_atualizar'], 'N')).toBe('N (não)');
    expect(peopleText('pt-BR', 'confirma_operacao', envelope.confirma_operacao, 2)).toBe('2 (registro encontrado)');
    // A code the catalogue does not document stays as it came.
    expect(peopleText('pt-BR', 'situacao', registration['situacao'], 'X')).toBe('X');
  });
});

describe('through the CLI', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const show = operation('registration.show');
  const card = String(sampleParams(show)['usuario_cartao']);
  const record = { ...sampleRecord(show), situacao: 'E', permite_atualizar: 'S', data_nasc: '15/03/1985' };
  const terminal = { tty: { stdout: true }, screen: { columns: 200 }, env: { NO_COLOR: '1' } } as const;

  it('a table on a terminal in Portuguese: labels, codes with their meaning', async () => {
    h.test.reply({ json: [record] });
    // The record's card: a label and its value a line.
    const r = await h.run(['--lang', 'pt-BR', 'registration', 'show', card], { ...terminal, screen: { columns: 100 } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}Situação do cadastro +E \(efetivado\)$/m);
    expect(r.stdout).toMatch(/^ {2}Data de nascimento +15\/03\/1985$/m);
    expect(r.stdout).toMatch(/^ {2}Pode atualizar pelo app +S \(sim\)$/m);
    expect(r.stdout).toContain('\nEndereços\n');
    expect(r.stdout).toContain('Telefone celular');
    expect(r.stdout).not.toContain('usuario');
  });

  it('LANG=pt_BR.UTF-8 chooses Portuguese; dates of appointments DD/MM/AAAA', async () => {
    const list = operation('schedule.list');
    h.base.reply({ json: [{ ...sampleRecord(list), data_consulta: '2026-12-01', data_cadastro: '2026-11-20' }] });
    const r = await h.run(['schedule', 'list', card], { ...terminal, env: { ...terminal.env, LANG: 'pt_BR.UTF-8' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Data da consulta');
    expect(r.stdout).toContain('01/12/2026');
    expect(r.stdout).toContain('20/11/2026');
    expect(r.stdout).not.toContain('2026-12-01');
  });

  it.each([
    ['csv', ['-o', 'csv'], 'situacao,contrato'],
    ['json', ['--json'], '"situacao": "E"'],
    ['jsonl', ['-o', 'jsonl'], '"situacao":"E"'],
    ['a pipe', [], '\t15/03/1985\t'],
  ])('%s keeps the spec’s names and values in Portuguese', async (_what, flags, expected) => {
    h.test.reply({ json: [record] });
    const r = await h.run(['--lang', 'pt-BR', ...flags, 'registration', 'show', card]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(expected);
    expect(r.stdout).not.toContain('efetivado');
    expect(r.stdout).not.toContain('Situação');
  });
});
