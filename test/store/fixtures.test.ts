import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/catalogue/index.js';
import { FixturesError, openStore } from '../../src/server/store/index.js';
import { fixturesJsonSchema, fixturesSchema, parseFixtures } from '../../src/server/store/datasets/fixtures.js';
import { checksum, newLocation } from './backend.js';
import { call, EXAMPLE_CARD, now, openTemp } from './helpers.js';

const example = (): Row => JSON.parse(readFileSync('docs/fixtures.example.json', 'utf8')) as Row;
const first = (doc: Row, list: string): Row => (doc[list] as Row[])[0]!;

describe('loading fixtures', () => {
  it('serves the example document: registration, medical record, agenda slots from today, devices', async () => {
    const { store } = await openTemp({ fixtures: example() });
    const show = await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD });
    expect(show.records[0]).toMatchObject({
      nome: 'Ana Beatriz Souza',
      contrato: 1,
      lote: 100,
      movimento: 500,
      situacao: 'E',
    });
    expect((await call(store, 'record.allergies', { usuario_cartao: EXAMPLE_CARD })).records).toHaveLength(1);
    expect((await call(store, 'record.plans', { usuario_cartao: EXAMPLE_CARD })).outcome).toBe('no-result');
    const dates = await call(store, 'schedule.dates', { prest_cod_svc_card: '9001', cd_local: '101' });
    expect(dates.records.map((r) => r['data_consulta'])).toEqual([
      '2026-01-16',
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
    ]);
    expect(
      (await call(store, 'notify.send-all', { conteudo: 'x', tipo_notificacao: 1, usuario_envio: 1 })).records[0]![
        'recipients'
      ],
    ).toBe(1);
    expect((await call(store, 'enrol.contract.search', {})).records.map((r) => r['cv_nro'])).toEqual([1, 2]);
    // New records continue after the document's ids and batch numbers.
    expect(
      (
        await call(store, 'enrol.contract.create', {
          registro_ans: '1',
          coop_id: 1,
          produto_tabela_id: 1,
          origem: 'WB',
        })
      ).records[0]!['contrato_id'],
    ).toBe(3);
    await call(store, 'registration.update-contact', { usuario_cartao: EXAMPLE_CARD, usuario_fax: '(11)33334444' });
    expect((await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD })).records[0]).toMatchObject({
      situacao: 'A',
      lote: 102,
      movimento: 502,
    });
  });

  it('opens a pending change (situacao A) for beneficiaries the document marks so', async () => {
    const doc = example();
    Object.assign(first(doc, 'beneficiaries'), { situacao: 'A' });
    const { store } = await openTemp({ fixtures: doc });
    expect((await call(store, 'registration.show', { usuario_cartao: EXAMPLE_CARD })).records[0]!['situacao']).toBe(
      'A',
    );
  });

  it('replaces everything a database held', async () => {
    const path = await newLocation();
    await (await openStore({ path, demo: true, now })).close();
    const { store } = await openTemp({ path, fixtures: example() });
    expect((await call(store, 'enrol.contract.search', {})).records).toHaveLength(2);
    expect((await call(store, 'schedule.locations', { prest_cod_svc_card: '9002' })).outcome).toBe('no-result');
  });
});

describe('rejecting fixtures', () => {
  const bad: Array<[string, (doc: Row) => void, RegExp]> = [
    ['an unknown top-level key', (d) => (d['patients'] = []), /patients/],
    ['a missing required field', (d) => delete first(d, 'beneficiaries')['cpf'], /beneficiaries\.0\.cpf/],
    [
      'a CPF with wrong check digits',
      (d) => (first(d, 'beneficiaries')['cpf'] = '52998224726'),
      /beneficiaries\.0\.cpf: has wrong check digits/,
    ],
    [
      'a card with a wrong check digit',
      (d) => (first(d, 'beneficiaries')['usuario_cartao'] = '00010001000001006'),
      /usuario_cartao: has a wrong check digit/,
    ],
    [
      'a card of another contract',
      (d) => (first(d, 'beneficiaries')['usuario_cartao'] = '00010002000001001'),
      /does not carry its contract/,
    ],
    ['an unknown contract', (d) => (first(d, 'beneficiaries')['contrato_id'] = 9), /contract 9 is not in contracts/],
    [
      'a repeated card',
      (d) => ((d['beneficiaries'] as Row[])[1]!['usuario_cartao'] = EXAMPLE_CARD),
      /beneficiaries\.1\.usuario_cartao: usuario_cartao appears twice \(as in beneficiaries\.0\)/,
    ],
    [
      'a provider at an unknown location',
      (d) => (first(d, 'providers')['locations'] = [555]),
      /location 555 is not in locations/,
    ],
    [
      'an agenda where the provider does not attend',
      (d) => (first(d, 'agendas')['cd_local'] = 555),
      /does not attend at location 555/,
    ],
    [
      'an appointment of an unknown card',
      (d) => (first(d, 'appointments')['usuario_cartao'] = '00010001999999001'),
      /appointments\.0\.usuario_cartao/,
    ],
    ['a bad date', (d) => (first(d, 'beneficiaries')['data_nasc'] = '31/02/1985'), /data_nasc/],
    [
      'a user group of three digits',
      (d) => (first(d, 'beneficiaries')['grupo_usuario'] = 100),
      /beneficiaries\.0\.grupo_usuario/,
    ],
    [
      'a device type of two digits',
      (d) => (first(d, 'devices')['dispositivo_tipo'] = 10),
      /devices\.0\.dispositivo_tipo/,
    ],
    ['an unknown medical kind', (d) => (first(d, 'beneficiaries')['medical'] = { vaccines: [] }), /vaccines/],
  ];

  it.each(bad)('rejects %s, naming it', (_what, spoil, reason) => {
    const doc = example();
    spoil(doc);
    expect(() => parseFixtures(doc)).toThrow(FixturesError);
    expect(() => parseFixtures(doc)).toThrow(reason);
  });

  it.each([
    ['a NUL', '\u0000', 'must not contain control characters (found U+0000 at position 4)'],
    ['an ESC', '\u001b]0;x\u0007', 'must not contain control characters (found U+001B at position 4)'],
    ['a CR', '\r', 'must not contain control characters (found U+000D at position 4)'],
    ['a LF', '\n', 'must not contain control characters (found U+000A at position 4)'],
    ['a right-to-left override', '\u202e', 'must not contain invisible format characters (found U+202E at position 4)'],
    [
      'a line separator',
      '\u2028',
      'must be one line, without a line or paragraph separator (found U+2028 at position 4)',
    ],
  ])('rejects %s in a text as a request would, naming the field', (_what, bad, said) => {
    const doc = example();
    const b = first(doc, 'beneficiaries');
    b['nome'] = `Ana${bad} Souza`;
    (b['contato'] as Row)['email'] = `ana${bad}@example.com`;
    let message = '';
    try {
      parseFixtures(doc);
    } catch (err) {
      expect(err).toBeInstanceOf(FixturesError);
      message = (err as Error).message;
    }
    expect(message).toBe(`invalid fixtures: beneficiaries.0.nome: ${said}; beneficiaries.0.contato.email: ${said}`);
  });

  it('rejects a control character in a medical item and in a key, and takes text in NFC', () => {
    const doc = example();
    const b = first(doc, 'beneficiaries');
    const allergy = (b['medical'] as Record<string, Row[]>)['allergies']![0]!;
    allergy['descricao'] = 'Alergia\u0000';
    expect(() => parseFixtures(doc)).toThrow(
      'beneficiaries.0.medical.allergies.0.descricao: must not contain control characters (found U+0000 at position 8)',
    );
    const keyed = example();
    first(keyed, 'beneficiaries')['no\u001bme'] = 'x';
    expect(() => parseFixtures(keyed)).toThrow(
      /beneficiaries\.0\.\(a key\): must not contain control characters \(found U\+001B/,
    );
    const decomposed = example();
    first(decomposed, 'beneficiaries')['nome'] = 'Joa\u0303o Souza';
    expect((parseFixtures(decomposed).beneficiaries[0] as unknown as Row)['nome']).toBe('Jo\u00e3o Souza');
  });

  it('stores nothing of a document whose text breaks the rule', async () => {
    const path = await newLocation();
    await (await openStore({ path, demo: true, now })).close();
    const before = await checksum(path);
    const doc = example();
    first(doc, 'beneficiaries')['nome_mae'] = 'Maria\u001b[2J';
    await expect(openStore({ path, fixtures: doc, now })).rejects.toThrow(
      'beneficiaries.0.nome_mae: must not contain control characters (found U+001B at position 6)',
    );
    expect(await checksum(path)).toBe(before);
  });

  it('never repeats a card number or a device token in its messages', () => {
    const doc = example();
    (doc['beneficiaries'] as Row[])[1]!['usuario_cartao'] = EXAMPLE_CARD;
    const devices = doc['devices'] as Row[];
    devices.push({ ...devices[0]!, pushid: 'another-pushid' });
    let message = '';
    try {
      parseFixtures(doc);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/devices\.1\.dispositivo_token: dispositivo_token appears twice \(as in devices\.0\)/);
    expect(message).not.toContain(EXAMPLE_CARD);
    expect(message).not.toContain(String(devices[0]!['dispositivo_token']));
  });

  it('leaves the database as it was when a document is rejected', async () => {
    const path = await newLocation();
    await (await openStore({ path, demo: true, now })).close();
    const before = await checksum(path);
    const doc = example();
    delete first(doc, 'beneficiaries')['cpf'];
    await expect(openStore({ path, fixtures: doc, now })).rejects.toThrow(FixturesError);
    expect(await checksum(path)).toBe(before);
  });

  it('rejects two active appointments on one slot when loading', async () => {
    const doc = example();
    const slot = {
      prest_cod_svc_card: 9001,
      cd_local: 101,
      tp_evento: 1,
      data_consulta: '2026-01-19',
      hora_inicio: '08:00',
      hora_fim: '08:30',
    };
    doc['appointments'] = [1, 2].map((cd_evento) => ({
      ...slot,
      cd_evento,
      usuario_cartao: EXAMPLE_CARD,
      status_agendamento: 'aguardando',
      data_cadastro: '2026-01-10',
    }));
    await expect(openStore({ path: await newLocation(), fixtures: doc, now })).rejects.toThrow(FixturesError);
  });
});

describe('docs/fixtures.schema.json', () => {
  it('is the JSON Schema of the fixtures document (regenerate with UPDATE_FIXTURES_SCHEMA=1)', () => {
    const generated = `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`;
    if (process.env['UPDATE_FIXTURES_SCHEMA'] === '1') writeFileSync('docs/fixtures.schema.json', generated);
    expect(readFileSync('docs/fixtures.schema.json', 'utf8')).toBe(generated);
  });

  it('describes every top-level list that docs/fixtures.md documents', () => {
    const doc = readFileSync('docs/fixtures.md', 'utf8');
    for (const key of Object.keys(fixturesSchema.shape ?? {}))
      if (key !== '$schema') expect(doc).toContain(`\`${key}\``);
  });
});
