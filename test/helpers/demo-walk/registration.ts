/** The demo walk's registration steps (spec §4.1) and medical-record reads (§4.2), all on Ana's card. */
import { expect } from 'vitest';
import type { Row } from '../../../src/catalogue/index.js';
import { CARD, ok, type Step } from './step.js';

const anaNewAddress = {
  usuario_cartao: CARD,
  tipo_endereco: 'R',
  endereco_ind: '0',
  endereco_cep: '01001000',
  endereco_logradouro: 'Praça da Sé',
  endereco_numero: '108',
  endereco_complemento: 'sala 3',
  endereco_cidade: 'São Paulo',
  endereco_bairro: 'Sé',
  endereco_estado: 'SP',
  endereco_ponto_referencia: 'catedral',
  endereco_caixa_postal: '',
  endereco_ind_correspondencia: 'N',
  endereco_ind_fatura: 'N',
};

export const registration: Step[] = [
  {
    op: 'registration.show',
    title: "reads Ana's registration: name, mother, CPF and her two addresses",
    params: () => ({ usuario_cartao: CARD }),
    check: ([ana]) => {
      expect(ana).toMatchObject({
        confirma_operacao: 2,
        nome: 'Ana Beatriz Souza',
        data_nasc: '15/03/1985',
        nome_mae: 'Maria Souza',
        cpf: '52998224725',
        contrato: 1,
      });
      expect((ana!['endereco'] as Row[]).map((a) => a['codigo'])).toEqual([1, 2]);
      expect((ana!['endereco'] as Row[])[0]).toMatchObject({ numero: '1578', complemento: 'apto 12' });
    },
  },
  {
    op: 'registration.cep',
    title: 'looks up CEP 01310100 (Avenida Paulista)',
    params: () => ({ cep: '01310100' }),
    check: (records) =>
      expect(records).toEqual([
        {
          confirma_operacao: 2,
          mensagem_erro: '',
          cep: '01310100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          estado: 'SP',
        },
      ]),
  },
  {
    op: 'registration.update-contact',
    title: "updates Ana's e-mail",
    params: () => ({ usuario_cartao: CARD, usuario_email: 'ana.nova@example.com' }),
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'registration.save-address',
    title: 'inserts a third address for Ana (code 3, the lowest free one)',
    params: () => anaNewAddress,
    check: (records) => expect(records).toEqual(ok),
  },
  {
    op: 'registration.show',
    title: 'reads back the new e-mail and the new address',
    params: () => ({ usuario_cartao: CARD }),
    check: ([ana]) => {
      expect(ana!['contato']).toMatchObject({ email: 'ana.nova@example.com' });
      expect((ana!['endereco'] as Row[]).map((a) => [a['codigo'], a['logradouro']])).toContainEqual([3, 'Praça da Sé']);
    },
  },
  {
    op: 'registration.delete-address',
    title: 'deletes the address just inserted',
    params: () => ({ usuario_cartao: CARD, endereco_ind: '3' }),
    check: (records) => expect(records).toEqual(ok),
  },
];

/** Ana has three items of every medical kind; the first one (newest) of each, as the demo lists it. */
const medical: Array<[string, Row]> = [
  ['allergies', { descricao: 'Alergia a frutos do mar', agente: 'Camarão; lagosta' }],
  ['certificates', { prestador: 'Dra. Cristina Moura Fontes' }],
  ['exams', { procedimento: 'Ultrassonografia de abdome total', local: 'Hospital Coop Paulista' }],
  ['medications', { medicamento: 'Salbutamol 100 mcg', uso_continuo: 'N' }],
  ['plans', { descricao: 'Fisioterapia motora, duas sessões por semana durante oito semanas' }],
  ['problems', { cid: 'E03.9 - Hipotireoidismo não especificado', descricao: 'Hipotireoidismo em reposição hormonal' }],
];
export const record: Step[] = medical.map(([kind, first]) => ({
  op: `record.${kind}`,
  title: `lists Ana's ${kind}: three, newest first`,
  params: () => ({ usuario_cartao: CARD }),
  check: (records) => {
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ confirma_operacao: 2, ...first });
  },
}));
