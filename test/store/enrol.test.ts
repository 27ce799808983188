import { describe, expect, it } from 'vitest';
import { operation, sampleParams, type Row } from '../../src/catalogue/index.js';
import type { Backend } from '../../src/server/wire.js';
import { value } from './backend.js';
import { call, openTemp } from './helpers.js';

const contractParams = sampleParams(operation('enrol.contract.create'));
const payer = (contrato_id: number, over: Record<string, unknown> = {}) => ({
  ...sampleParams(operation('enrol.payer')),
  contrato_id,
  ...over,
});
const person = (contrato_id: number) => ({ ...sampleParams(operation('enrol.beneficiary.add')), contrato_id });
const withBeneficiary = (id: string, beneficiario_id: number | string, over: Record<string, unknown> = {}) => ({
  ...sampleParams(operation(id)),
  beneficiario_id,
  ...over,
});

async function createContract(store: Backend): Promise<number> {
  const a = await call(store, 'enrol.contract.create', contractParams);
  expect(a.outcome).toBe('ok');
  return a.records[0]!['contrato_id'] as number;
}
async function contract(store: Backend, id: number): Promise<Row> {
  const a = await call(store, 'enrol.contract.search', { contrato_id: id });
  expect(a.records).toHaveLength(1);
  return a.records[0]!;
}
async function addBeneficiary(store: Backend, contractId: number): Promise<number> {
  const a = await call(store, 'enrol.beneficiary.add', person(contractId));
  expect(a.outcome, a.message).toBe('ok');
  return a.records[0]!['beneficiario_id'] as number;
}
const setStatus = (store: Backend, params: Record<string, unknown>) => call(store, 'enrol.contract.set-status', params);

/** A JSON column of the store, parsed (SQLite keeps it as text, PostgreSQL may answer it parsed). */
async function storedJson(path: string, sql: string, ...args: unknown[]): Promise<Row> {
  const v = await value(path, sql, args);
  return (typeof v === 'string' ? JSON.parse(v) : v) as Row;
}

describe('contracts', () => {
  it('creates a contract whose validity starts on the first day of next month, renewing a year later', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    expect(await contract(store, id)).toEqual({
      cv_nro: id,
      plano_nro_reg_ans: contractParams['registro_ans'],
      cv_qtd_vida: 0,
      cv_dat_inic_vigen: '2026-02-01 00:00:00',
      cv_dat_prox_renov_cart: '2027-02-01 00:00:00',
      cv_situacao: 'proposta',
    });
  });

  it('searches all contracts, one by id, or none', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    const all = await call(store, 'enrol.contract.search', {});
    expect(all.records.map((r) => r['cv_nro'])).toEqual([1, 2, 3, 4, 5, 6, 7, id]);
    expect(all.records.every((r) => r['confirma_operacao'] === undefined)).toBe(true);
    expect((await call(store, 'enrol.contract.search', { contrato_id: 999999 })).outcome).toBe('no-result');
  });

  it('renews an old contract’s cards on the next anniversary of its start', async () => {
    const { store } = await openTemp();
    expect(await contract(store, 1)).toMatchObject({
      cv_dat_inic_vigen: '2019-04-01 00:00:00',
      cv_dat_prox_renov_cart: '2026-04-01 00:00:00',
    });
  });

  it('takes the start of validity from the payer', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    expect((await call(store, 'enrol.payer', payer(id, { inicio_vigencia: '01/03/2026' }))).outcome).toBe('ok');
    expect(await contract(store, id)).toMatchObject({
      cv_dat_inic_vigen: '2026-03-01 00:00:00',
      cv_dat_prox_renov_cart: '2027-03-01 00:00:00',
    });
    const missing = await call(store, 'enrol.payer', payer(999999));
    expect(missing.outcome).toBe('failed');
    expect(missing.message).toMatch(/no contract/);
    const cancelled = await call(store, 'enrol.payer', payer(7));
    expect(cancelled.outcome).toBe('failed');
    expect(cancelled.message).toMatch(/cancelado/);
  });
});

describe('beneficiaries', () => {
  it('adds beneficiaries to a contract that accepts them, counting its lives', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    const a = await addBeneficiary(store, id);
    const b = await addBeneficiary(store, id);
    expect(b).toBeGreaterThan(a);
    expect((await contract(store, id))['cv_qtd_vida']).toBe(2);
  });

  it.each([
    [999999, /no contract/],
    [5, /suspenso/],
    [7, /cancelado/],
  ])('refuses a beneficiary for contract %s', async (contractId, reason) => {
    const { store } = await openTemp();
    const a = await call(store, 'enrol.beneficiary.add', person(contractId));
    expect(a.outcome).toBe('failed');
    expect(a.message).toMatch(reason);
  });

  it('registers contacts, documents, addresses and declaration answers, answering the ids created', async () => {
    const { store } = await openTemp();
    const id = await addBeneficiary(store, await createContract(store));
    for (const [op, idName] of [
      ['enrol.beneficiary.contact', 'contato_id'],
      ['enrol.beneficiary.document', 'documento_id'],
      ['enrol.beneficiary.address', 'endereco_id'],
    ] as const) {
      const first = await call(store, op, withBeneficiary(op, id));
      const second = await call(store, op, withBeneficiary(op, id));
      expect(first.outcome, first.message).toBe('ok');
      expect(second.records[0]![idName]).toBeGreaterThan(first.records[0]![idName] as number);
    }
    const ds = await call(
      store,
      'enrol.beneficiary.declaration',
      withBeneficiary('enrol.beneficiary.declaration', id, { resposta: 'S', descricao: 'Asma na infância' }),
    );
    expect(ds.outcome).toBe('ok');
    // Answering the same question again replaces the answer.
    expect(
      (
        await call(
          store,
          'enrol.beneficiary.declaration',
          withBeneficiary('enrol.beneficiary.declaration', id, { resposta: 'N' }),
        )
      ).outcome,
    ).toBe('ok');
  });

  it.each([
    'enrol.beneficiary.contact',
    'enrol.beneficiary.document',
    'enrol.beneficiary.address',
    'enrol.beneficiary.declaration',
  ])('%s refuses an unknown beneficiary', async (op) => {
    const { store } = await openTemp();
    const a = await call(store, op, withBeneficiary(op, 999999));
    expect(a.outcome).toBe('failed');
    expect(a.message).toMatch(/no beneficiary/);
  });

  it('refuses a 30-digit beneficiary id of the declaration that no beneficiary has', async () => {
    const { store } = await openTemp();
    const a = await call(
      store,
      'enrol.beneficiary.declaration',
      withBeneficiary('enrol.beneficiary.declaration', '123456789012345678901234567890'),
    );
    expect(a.outcome).toBe('failed');
  });

  it('stores undocumented document types and address purposes as given (the lists are open)', async () => {
    const { store, path } = await openTemp();
    const id = await addBeneficiary(store, await createContract(store));
    const doc = await call(
      store,
      'enrol.beneficiary.document',
      withBeneficiary('enrol.beneficiary.document', id, { tipo_documento: ['RG', 'XYZ', '9'] }),
    );
    expect(doc.outcome).toBe('ok');
    const docId = doc.records[0]!['documento_id'];
    expect(await storedJson(path, 'SELECT body FROM enrolment_record WHERE id = ?', docId)).toMatchObject({
      tipo_documento: ['RG', 'XYZ', '9'],
    });
    const addr = await call(
      store,
      'enrol.beneficiary.address',
      withBeneficiary('enrol.beneficiary.address', id, { finalidade: ['ZZ'], tipo_endereco: 'QQ' }),
    );
    expect(addr.outcome).toBe('ok');
    const addrId = addr.records[0]!['endereco_id'];
    expect(await storedJson(path, 'SELECT body FROM enrolment_record WHERE id = ?', addrId)).toMatchObject({
      finalidade: ['ZZ'],
      tipo_endereco: 'QQ',
    });
  });

  it('stores the open codes of the contract, the payer and a beneficiary as given', async () => {
    const { store, path } = await openTemp();
    const created = await call(store, 'enrol.contract.create', { ...contractParams, origem: 'Z9' });
    const id = created.records[0]!['contrato_id'] as number;
    expect(await value(path, 'SELECT origem FROM contract WHERE id = ?', [id])).toBe('Z9');
    const codes = { grau_parentesco: 'XYZ', estado_civil: 'Q', fatura_email: '?' };
    expect((await call(store, 'enrol.payer', payer(id, codes))).outcome).toBe('ok');
    expect(await storedJson(path, 'SELECT payer FROM contract WHERE id = ?', id)).toMatchObject(codes);
    const b = await call(store, 'enrol.beneficiary.add', { ...person(id), grau_dependencia: 'Z', estado_civil: 'W' });
    expect(b.outcome).toBe('ok');
    const bId = b.records[0]!['beneficiario_id'];
    expect(await storedJson(path, 'SELECT details FROM beneficiary WHERE id = ?', bId)).toMatchObject({
      grau_dependencia: 'Z',
      estado_civil: 'W',
    });
  });
});

describe('contract state machine (opcao_id)', () => {
  it('moves a contract proposta → ativo → suspenso → ativo → cancelado and refuses invalid moves', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    await addBeneficiary(store, id);
    const steps: Array<[number, 'ok' | 'failed', string]> = [
      [2, 'failed', 'proposta'],
      [3, 'failed', 'proposta'],
      [1, 'ok', 'ativo'],
      [1, 'failed', 'ativo'],
      [2, 'ok', 'suspenso'],
      [3, 'ok', 'ativo'],
      [2, 'ok', 'suspenso'],
      [4, 'ok', 'cancelado'],
      [3, 'failed', 'cancelado'],
      [4, 'failed', 'cancelado'],
    ];
    for (const [opcao_id, outcome, state] of steps) {
      const a = await setStatus(store, { contrato_id: id, opcao_id });
      expect(a.outcome, `opcao ${opcao_id}`).toBe(outcome);
      if (outcome === 'failed') expect(a.message).toMatch(new RegExp(`it is ${state}`));
      expect((await contract(store, id))['cv_situacao']).toBe(state);
    }
    // Cancelling the contract cancelled its beneficiaries.
    expect((await contract(store, id))['cv_qtd_vida']).toBe(0);
  });

  it('refuses new beneficiaries while suspended, and accepts them again when reactivated', async () => {
    const { store } = await openTemp();
    const id = await createContract(store);
    await setStatus(store, { contrato_id: id, opcao_id: 1 });
    await setStatus(store, { contrato_id: id, opcao_id: 2 });
    expect((await call(store, 'enrol.beneficiary.add', person(id))).outcome).toBe('failed');
    await setStatus(store, { contrato_id: id, opcao_id: 3 });
    await addBeneficiary(store, id);
  });

  it('acts on one beneficiary with beneficiario_id', async () => {
    const { store } = await openTemp();
    const contractId = await createContract(store);
    const a = await addBeneficiary(store, contractId);
    await addBeneficiary(store, contractId);
    expect((await setStatus(store, { beneficiario_id: a, opcao_id: 2 })).outcome).toBe('ok');
    expect((await contract(store, contractId))['cv_qtd_vida']).toBe(1);
    expect((await setStatus(store, { beneficiario_id: a, opcao_id: 2 })).message).toMatch(/it is suspenso/);
    expect((await setStatus(store, { beneficiario_id: a, contrato_id: contractId, opcao_id: 3 })).outcome).toBe('ok');
    expect((await contract(store, contractId))['cv_qtd_vida']).toBe(2);
    expect((await setStatus(store, { beneficiario_id: a, opcao_id: 1 })).outcome).toBe('failed');
    expect((await setStatus(store, { beneficiario_id: a, contrato_id: 1, opcao_id: 2 })).message).toMatch(
      /not on contract 1/,
    );
    expect((await setStatus(store, { beneficiario_id: a, opcao_id: 4 })).outcome).toBe('ok');
    const contact = await call(store, 'enrol.beneficiary.contact', withBeneficiary('enrol.beneficiary.contact', a));
    expect(contact.outcome).toBe('failed');
    expect(contact.message).toMatch(/cancelado/);
  });

  it('refuses an unknown contract or beneficiary, whatever the option', async () => {
    const { store } = await openTemp();
    for (const opcao_id of [1, 9]) {
      const c = await setStatus(store, { contrato_id: 999999, opcao_id });
      expect([c.outcome, c.message]).toEqual(['failed', 'no contract has contrato_id 999999']);
      const b = await setStatus(store, { beneficiario_id: 999999, opcao_id });
      expect([b.outcome, b.message]).toEqual(['failed', 'no beneficiary has beneficiario_id 999999']);
    }
  });

  it('accepts an option without a documented transition: 1, saying so, and nothing changes', async () => {
    const { store, path } = await openTemp();
    const id = await createContract(store);
    const b = await addBeneficiary(store, id);
    const statuses = async () => [
      await value(path, 'SELECT status FROM contract WHERE id = ?', [id]),
      await value(path, 'SELECT status FROM beneficiary WHERE id = ?', [b]),
    ];
    const before = await statuses();
    for (const params of [
      { contrato_id: id, opcao_id: 9 },
      { contrato_id: id, opcao_id: 0 },
      { beneficiario_id: b, opcao_id: 1234567890 },
      { beneficiario_id: b, contrato_id: id, opcao_id: 5 },
    ]) {
      const a = await setStatus(store, params);
      expect(a.records).toEqual([
        {
          confirma_operacao: 1,
          mensagem_erro: `opcao_id ${params.opcao_id} has no known effect here; nothing was changed`,
        },
      ]);
    }
    expect(await statuses()).toEqual(before);
    expect(before).toEqual(['proposta', 'ativo']);
    // The beneficiary must still be on the contract given.
    const other = await setStatus(store, { beneficiario_id: b, contrato_id: 1, opcao_id: 9 });
    expect([other.outcome, other.message]).toEqual(['failed', `beneficiary ${b} is not on contract 1`]);
  });
});
