/**
 * The masking module alone (src/cli/output/mask.ts): CPFs, cards, phones and
 * e-mails partly hidden in the forms the privacy section of docs/security.md
 * gives (CPF `***.982.247-**`, card `0001 **** **** **05`), in free text (codes
 * and dates left as they are) and in records, by the catalogue's personal
 * fields.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, type Fields } from '../../src/catalogue/index.js';
import {
  fieldHolds,
  maskCard,
  maskCpf,
  maskEmail,
  maskPhone,
  maskRecords,
  maskText,
} from '../../src/cli/output/mask.js';

const CPF = '52998224725';

describe('the masks', () => {
  it.each([
    ['529.982.247-25', '***.982.247-**'],
    ['52998224725', '***.982.247-**'],
    ['529 982 247 25', '***.982.247-**'],
  ])('CPF %s → %s', (cpf, masked) => {
    expect(maskCpf(cpf)).toBe(masked);
  });

  it.each([
    ['00010001000001005', '0001 **** **** **05'],
    ['0001 0001 000001 00 5', '0001 **** **** **05'],
    ['00010001000001013', '0001 **** **** **13'],
  ])('card %s → %s', (card, masked) => {
    expect(maskCard(card)).toBe(masked);
  });

  it.each([
    ['(11)987654321', '(11)*****4321'],
    ['(11) 98765-4321', '(11) *****-4321'],
    ['(11)36500353', '(11)****0353'],
    ['11987654321', '11*****4321'],
    ['987654321', '*****4321'],
  ])('phone %s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['ana.souza@example.com', 'a***@example.com'],
    ['pedro@cooperativa.org.br', 'p***@cooperativa.org.br'],
  ])('e-mail %s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('masking twice changes nothing', () => {
    for (const masked of ['***.982.247-**', '0001 **** **** **05', '(11)*****4321', 'a***@example.com']) {
      expect(maskText(masked)).toBe(masked);
    }
    expect(maskCpf('***.982.247-**')).toBe('***.982.247-**');
    expect(maskCard('0001 **** **** **05')).toBe('0001 **** **** **05');
  });
});

describe('text: what it holds is masked, codes and dates are not', () => {
  it.each([
    ['cartão 00010001000001005 sem cadastro', 'cartão 0001 **** **** **05 sem cadastro'],
    ['card 0001.0001.000001.00-5?', 'card 0001 **** **** **05?'],
    ['CPF 529.982.247-25 já cadastrado', 'CPF ***.982.247-** já cadastrado'],
    ['cpf=52998224725&x=1', 'cpf=***.982.247-**&x=1'],
    ['ligue (11) 98765-4321 ou (11)36500353', 'ligue (11) *****-4321 ou (11)****0353'],
    ['escreva para maria.souza@example.com.', 'escreva para m***@example.com.'],
  ])('%s', (text, masked) => {
    expect(maskText(text)).toBe(masked);
  });

  it.each([
    'appointment 880061 on 2026-12-01 09:00',
    'provider 123456789012345678 (18 digits)',
    'contract 1234567890, 3 records',
    'hash 3f52998224725a1b',
  ])('%s: as it is', (text) => {
    expect(maskText(text)).toBe(text);
  });
});

describe('records: by the catalogue’s fields', () => {
  it('the fields the catalogue marks personal, and what each holds', () => {
    const marked = new Map<string, string>();
    const visit = (fields: Fields) => {
      for (const [name, f] of Object.entries(fields)) if (f.personal) marked.set(name, f.personal);
    };
    for (const op of catalogue) {
      visit(op.params);
      visit(op.response.fields);
      for (const g of Object.values(op.response.groups ?? {})) visit(g.fields);
    }
    // The spec's fields that hold a card (or the parts of one the masked card hides), a CPF, a phone or an e-mail (sections 4.1–4.5).
    expect(Object.fromEntries([...marked].sort())).toEqual({
      cart_cod_bnf: 'card-part',
      cart_cod_dependente: 'card-part',
      cart_contrato: 'card-part',
      celular: 'phone',
      cpf: 'cpf',
      ds_email: 'email',
      email: 'email',
      fax: 'phone',
      nr_celular: 'phone',
      telefone: 'phone',
      telefone_celular: 'phone',
      telefone_principal: 'phone',
      telefone_secundario: 'phone',
      usuario_cartao: 'card',
      usuario_celular: 'phone',
      usuario_email: 'email',
      usuario_fax: 'phone',
      usuario_telefone: 'phone',
    });
    expect(fieldHolds('cd_evento')).toBe('code');
    expect(fieldHolds('observacao')).toBe('text');
  });

  it('masks a registration record, its groups, and leaves the given record unchanged', () => {
    const record = {
      cpf: CPF,
      nome: 'Ana Beatriz Souza',
      cod_pessoa: 1,
      contato: { telefone: '(11)36500353', celular: '(11)987659873', fax: '', email: 'ana.souza@example.com' },
      endereco: [{ logradouro: 'Avenida Paulista', complemento: 'fone (11) 91234-5678' }],
    };
    const copy = structuredClone(record);
    expect(maskRecords([record])).toEqual([
      {
        cpf: '***.982.247-**',
        nome: 'Ana Beatriz Souza',
        cod_pessoa: 1,
        contato: { telefone: '(11)****0353', celular: '(11)*****9873', fax: '', email: 'a***@example.com' },
        endereco: [{ logradouro: 'Avenida Paulista', complemento: 'fone (11) *****-5678' }],
      },
    ]);
    expect(record).toEqual(copy);
  });

  it('a code of a card’s or a CPF’s length is a code; a phone given as a number is masked as text', () => {
    expect(maskRecords({ cd_evento: '12345678901234567', prest_cod_svc_card: 52998224725 })).toEqual({
      cd_evento: '12345678901234567',
      prest_cod_svc_card: 52998224725,
    });
    expect(maskRecords({ telefone_principal: 11987654321 })).toEqual({ telefone_principal: '11*****4321' });
  });
});
