/** Section 4.1 of the spec: reading and updating a beneficiary's registration (on the test host). */
import { atLeastOne } from '../checks.js';
import { opt, req } from '../field.js';
import * as rec from '../records.js';
import * as r from '../rules.js';
import { cardParam, inArea, READ, WRITE } from './common.js';

// ── 4.1 Registration update (host test) ────────────────────────────────────────
const define = inArea('registration', 'test', '/api/svcmobile/atualizacaocadastral');
export const registration = [
  define({
    name: 'buscadadosusuario',
    command: ['registration', 'show'],
    summary: "Read a beneficiary's registration record, addresses and contact",
    methods: READ,
    params: cardParam,
    positional: 'usuario_cartao',
    response: {
      fields: rec.registration,
      envelope: 'required',
      groups: {
        endereco: { fields: rec.address, many: true, title: 'Addresses' },
        contato: { fields: rec.contact, many: false, title: 'Contact' },
      },
    },
  }),
  define({
    name: 'atualizacontato',
    command: ['registration', 'update-contact'],
    summary: "Update a beneficiary's contact data",
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      usuario_telefone: opt(r.phone, 'phone'),
      usuario_celular: opt(r.phone, 'mobile phone'),
      usuario_fax: opt(r.phone, 'fax'),
      usuario_email: opt(r.email(), 'e-mail address'),
    },
    checks: [atLeastOne('nothing to update', 'usuario_telefone', 'usuario_celular', 'usuario_fax', 'usuario_email')],
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'atualizaendereco',
    command: ['registration', 'save-address'],
    summary: 'Insert an address (endereco_ind 0, with tipo_endereco) or update one (endereco_ind N)',
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      tipo_endereco: req(r.addressRC, 'address type, used on inclusion'),
      endereco_ind: req(
        r.int(1, 2, '0'),
        'address code: 0 inserts a new address, any other value updates that address',
        { cliDefault: '0' },
      ),
      endereco_cep: req(r.cep, 'postal code'),
      endereco_logradouro: req(r.text(100, 0, 'Avenida Paulista'), 'street'),
      endereco_numero: req(r.text(5, 0, '1578'), 'number'),
      endereco_complemento: req(r.text(30, 0, 'apto 12'), 'complement'),
      // The spec's parameter allows 72 characters, but the registration record that keeps it holds 50 (§2.2).
      endereco_cidade: req(r.text(50, 0, 'São Paulo'), 'city (the registration record holds 50 characters)'),
      endereco_bairro: req(r.text(40, 0, 'Bela Vista'), 'district'),
      endereco_estado: req(r.text(2, 2, 'SP'), 'state'),
      endereco_ponto_referencia: req(r.text(40, 0, 'near the museum'), 'landmark'),
      endereco_caixa_postal: req(r.text(30, 0, '0'), 'post-office box'),
      endereco_ind_correspondencia: req(r.flagSN, 'address used for correspondence'),
      endereco_ind_fatura: req(r.flagSN, 'address used for invoices'),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'buscacep',
    command: ['registration', 'cep'],
    summary: 'Look up a postal code',
    methods: READ,
    positional: 'cep',
    params: { cep: req(r.cep, 'postal code') },
    response: { fields: rec.cepResult, envelope: 'required' },
  }),
  define({
    name: 'excluiendereco',
    command: ['registration', 'delete-address'],
    summary: 'Delete an address',
    confirm: 'always',
    methods: WRITE,
    positional: 'usuario_cartao',
    params: { ...cardParam, endereco_ind: req(r.int(1, 2, '1'), 'address to delete') },
    response: { fields: rec.none, envelope: 'required' },
  }),
] as const;
