/** The demo walk's enrolment steps (spec §4.4): a new contract, its payer and a beneficiary with his data, then activation. */
import { expect } from 'vitest';
import type { Row } from '../../../src/catalogue/index.js';
import { ok, type Step } from './step.js';

/** The new contract's number and its first beneficiary's id: the demo has contracts 1 to 7 and beneficiaries 1 to 66. */
const NEW_CONTRACT = '8';
const NEW_BENEFICIARY = '67';
const created = (field: string) => (records: readonly Row[]) =>
  expect(records).toEqual([{ ...ok[0], [field]: expect.any(Number) }]);
/** Ana (the demo's first holder) is the payer, and the contact of her son Pedro. */
const ana = { nome: 'Ana Beatriz Souza', telefone_principal: '11987654321', email: 'ana.souza@example.com' };
/** Her address, in the enrolment's fields. */
const paulista = { cep: '01310100', logradouro: 'Avenida Paulista', logradouro_numero: '1578', bairro: 'Bela Vista' };

export const enrol: Step[] = [
  {
    op: 'enrol.contract.search',
    title: 'finds contract 1: individual plans, active since April 2019',
    params: () => ({ contrato_id: '1' }),
    check: (records) =>
      expect(records).toEqual([
        {
          cv_nro: 1,
          plano_nro_reg_ans: '419761',
          cv_qtd_vida: 21,
          cv_dat_inic_vigen: '2019-04-01 00:00:00',
          cv_dat_prox_renov_cart: '2027-04-01 00:00:00',
          cv_situacao: 'ativo',
        },
      ]),
  },
  {
    op: 'enrol.contract.create',
    title: 'creates contract 8',
    params: () => ({ registro_ans: '419761', coop_id: '1', produto_tabela_id: '11', origem: 'WB' }),
    check: (records) => expect(records).toEqual([{ ...ok[0], contrato_id: Number(NEW_CONTRACT) }]),
  },
  {
    op: 'enrol.payer',
    title: 'registers the payer of contract 8, validity from 1 July 2026',
    params: () => ({
      contrato_id: NEW_CONTRACT,
      ...ana,
      ...paulista,
      cpf: '529.982.247-25',
      nome_mae: 'Maria Souza',
      data_nascimento: '15/03/1985',
      sexo: 'F',
      grau_parentesco: 'TIT',
      estado_civil: 'C',
      inicio_vigencia: '01/07/2026',
      fatura_email: 'S',
    }),
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'enrol.beneficiary.add',
    title: 'adds beneficiary 67 to contract 8',
    params: () => ({
      contrato_id: NEW_CONTRACT,
      nome: 'Pedro Souza',
      data_nascimento: '02/09/2015',
      cpf: '529.982.247-25',
      data_solicitacao: '01/06/2026',
      grau_dependencia: 'F',
    }),
    check: (records) => expect(records).toEqual([{ ...ok[0], beneficiario_id: Number(NEW_BENEFICIARY) }]),
  },
  {
    op: 'enrol.beneficiary.contact',
    title: "registers beneficiary 67's contact",
    params: () => ({ beneficiario_id: NEW_BENEFICIARY, ...ana }),
    check: created('contato_id'),
  },
  {
    op: 'enrol.beneficiary.document',
    title: "registers beneficiary 67's birth certificate",
    params: () => ({ beneficiario_id: NEW_BENEFICIARY, tipo_documento: 'CN', numero: '123456', tipo_arquivo: 'pdf' }),
    check: created('documento_id'),
  },
  {
    op: 'enrol.beneficiary.address',
    title: "registers beneficiary 67's residence",
    params: () => ({
      beneficiario_id: NEW_BENEFICIARY,
      finalidade: 'RES',
      tipo_endereco: 'R',
      ...paulista,
    }),
    check: created('endereco_id'),
  },
  {
    op: 'enrol.beneficiary.declaration',
    title: "records beneficiary 67's answer to question 1 of the health declaration",
    params: () => ({ beneficiario_id: NEW_BENEFICIARY, formulario_id: '1', pergunta_id: '1', resposta: 'N' }),
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'enrol.contract.set-status',
    title: 'activates contract 8 (opcao_id 1)',
    params: () => ({ contrato_id: NEW_CONTRACT, opcao_id: '1' }),
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'enrol.contract.search',
    title: "finds contract 8 active, with one life and the payer's validity",
    params: () => ({ contrato_id: NEW_CONTRACT }),
    check: (records) =>
      expect(records).toEqual([
        {
          cv_nro: 8,
          plano_nro_reg_ans: '419761',
          cv_qtd_vida: 1,
          cv_dat_inic_vigen: '2026-07-01 00:00:00',
          cv_dat_prox_renov_cart: '2027-07-01 00:00:00',
          cv_situacao: 'ativo',
        },
      ]),
  },
];
