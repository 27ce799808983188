/** Section 4.1 of the spec: reading and updating a beneficiary's registration (on the test host). */
import { atLeastOne } from '../checks.js';
import { opt, req } from '../field.js';
import * as rec from '../records.js';
import * as r from '../rules.js';
import { cardParam, inArea, label, nouns, READ, said, WRITE } from './common.js';

const phone = said('phone', 'telefone');
const mobile = said('mobile phone', 'telefone celular');
const fax = said('fax', 'fax');
const email = said('e-mail address', 'endereço de e-mail');

// ── 4.1 Registration update (host test) ────────────────────────────────────────
const define = inArea('registration', 'test', '/api/svcmobile/atualizacaocadastral');
export const registration = [
  define({
    name: 'buscadadosusuario',
    command: ['registration', 'show'],
    alias: 'mostrar',
    summary: said(
      "Read a beneficiary's registration record, addresses and contact",
      'Consulta o cadastro, os endereços e o contato de um beneficiário',
    ),
    nouns: nouns('registration record', 'registration records', 'cadastro', 'cadastros'),
    methods: READ,
    params: cardParam,
    positional: 'usuario_cartao',
    response: {
      fields: rec.registration,
      envelope: 'required',
      groups: {
        endereco: { fields: rec.address, many: true, title: said('Addresses', 'Endereços') },
        contato: { fields: rec.contact, many: false, title: said('Contact', 'Contato') },
      },
    },
  }),
  define({
    name: 'atualizacontato',
    command: ['registration', 'update-contact'],
    alias: 'atualizar-contato',
    summary: said("Update a beneficiary's contact data", 'Atualiza os dados de contato de um beneficiário'),
    done: said('Contact data updated', 'Dados de contato atualizados'),
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      usuario_telefone: opt(r.phone, phone),
      usuario_celular: opt(r.phone, mobile),
      usuario_fax: opt(r.phone, fax, label('Fax number', 'Fax')),
      usuario_email: opt(r.email(), email, label('E-mail address', 'E-mail')),
    },
    checks: [
      atLeastOne(
        said('nothing to update', 'nada a atualizar'),
        'usuario_telefone',
        'usuario_celular',
        'usuario_fax',
        'usuario_email',
      ),
    ],
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'atualizaendereco',
    command: ['registration', 'save-address'],
    alias: 'salvar-endereço',
    summary: said(
      'Insert an address (endereco_ind 0, with tipo_endereco) or update one (endereco_ind N)',
      'Inclui um endereço (endereco_ind 0, com tipo_endereco) ou atualiza um (endereco_ind N)',
    ),
    done: said('Address saved', 'Endereço salvo'),
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      tipo_endereco: req(
        r.addressRC,
        said('address type, used on inclusion', 'tipo de endereço, usado na inclusão'),
        label('Address type', 'Tipo de endereço'),
      ),
      endereco_ind: req(
        r.int(1, 2, '0'),
        said(
          'address code: 0 inserts a new address, any other value updates that address',
          'código do endereço: 0 inclui um endereço novo, qualquer outro valor atualiza esse endereço',
        ),
        { cliDefault: '0', label: said('Address code', 'Código do endereço') },
      ),
      endereco_cep: req(r.cep, said('postal code', 'CEP do endereço'), label('Postal code (CEP)', 'CEP')),
      endereco_logradouro: req(r.text(100, 0, 'Avenida Paulista'), said('street', 'logradouro')),
      endereco_numero: req(r.text(5, 0, '1578'), said('number', 'número')),
      endereco_complemento: req(r.text(30, 0, 'apto 12'), said('complement', 'complemento')),
      // The spec's parameter allows 72 characters, but the registration record that keeps it holds 50 (§2.2).
      endereco_cidade: req(
        r.text(50, 0, 'São Paulo'),
        said('city (the registration record holds 50 characters)', 'cidade (o cadastro guarda 50 caracteres)'),
        label('City', 'Cidade'),
      ),
      endereco_bairro: req(r.text(40, 0, 'Bela Vista'), said('district', 'bairro')),
      endereco_estado: req(r.state, said('state', 'estado (UF)'), label('State', 'UF')),
      endereco_ponto_referencia: req(r.text(40, 0, 'near the museum'), said('landmark', 'ponto de referência'), {
        example: said('near the museum', 'perto do museu'),
      }),
      endereco_caixa_postal: req(
        r.text(30, 0, '0'),
        said('post-office box', 'caixa postal'),
        label('PO box', 'Caixa postal'),
      ),
      endereco_ind_correspondencia: req(
        r.flagSN,
        said('address used for correspondence', 'endereço usado para correspondência'),
        label('For correspondence', 'Para correspondência'),
      ),
      endereco_ind_fatura: req(
        r.flagSN,
        said('address used for invoices', 'endereço usado para faturas'),
        label('For invoices', 'Para faturas'),
      ),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
  define({
    name: 'buscacep',
    command: ['registration', 'cep'],
    alias: 'cep',
    summary: said('Look up a postal code', 'Consulta um CEP'),
    nouns: nouns('address', 'addresses', 'endereço', 'endereços'),
    methods: READ,
    positional: 'cep',
    params: { cep: req(r.cep, said('postal code', 'CEP'), label('Postal code (CEP)', 'CEP')) },
    response: { fields: rec.cepResult, envelope: 'required' },
  }),
  define({
    name: 'excluiendereco',
    command: ['registration', 'delete-address'],
    alias: 'excluir-endereço',
    summary: said('Delete an address', 'Exclui um endereço'),
    done: said('Address deleted', 'Endereço excluído'),
    confirm: 'always',
    methods: WRITE,
    positional: 'usuario_cartao',
    params: {
      ...cardParam,
      endereco_ind: req(
        r.int(1, 2, '1'),
        said('address to delete', 'endereço a excluir'),
        label('Address code', 'Código do endereço'),
      ),
    },
    response: { fields: rec.none, envelope: 'required' },
  }),
] as const;
