/**
 * `coopctl help batch` (`help lote`): the file `enrol batch` reads, every
 * column of both layouts (the fields come from the catalogue's operations,
 * as the batch reads them: enrol/plan.ts), and the example file that
 * `coopctl enrol batch --template` writes.
 */
import { inLang } from '../../../catalogue/index.js';
import { columnsOf, parts } from '../../enrol/plan.js';
import type { Lang } from '../lang.js';
import type { Block, Topic } from '../../help/topics/model.js';

/** The example CSV file: two contracts, one with a payer and two beneficiaries, one with a beneficiary alone. */
export const TEMPLATE = [
  'contract,contract.registro_ans,contract.coop_id,contract.produto_tabela_id,contract.origem,payer.cpf,payer.nome,payer.nome_mae,payer.data_nascimento,payer.sexo,payer.grau_parentesco,payer.estado_civil,payer.telefone_principal,payer.email,payer.cep,payer.logradouro,payer.logradouro_numero,payer.bairro,payer.inicio_vigencia,payer.fatura_email,cpf,nome,data_nascimento,data_solicitacao,grau_dependencia,contact.nome,contact.telefone_principal,contact.email,address.finalidade,address.tipo_endereco,address.cep,address.logradouro,address.logradouro_numero,address.bairro,document.tipo_documento,document.numero,document.tipo_arquivo,ds.1.1,ds.1.2,ds.1.2.descricao',
  'ACME,123456,1,10,WB,529.982.247-25,Ana Souza,Maria Souza,15/03/1985,F,TIT,C,11987654321,ana@example.com,01310100,Avenida Paulista,1578,Bela Vista,01/02/2026,S,123.456.789-09,Pedro Souza,01/01/1990,10/01/2026,T,Pedro Souza,11987654321,pedro@example.com,RES,R,01310100,Rua A,10,Centro,RG,123456789,pdf,N,S,"asma, controlada"',
  'ACME,,,,,,,,,,,,,,,,,,,,987.654.321-00,Clara Souza,05/06/2015,10/01/2026,D,,,,,,,,,,,,,,,',
  'SILVA,123456,1,10,WB,,,,,,,,,,,,,,,,111.444.777-35,João Silva,20/11/1970,10/01/2026,T,,,,,,,,,,,,,,,',
].join('\n');

type Kind = 'contract' | 'payer' | 'beneficiary' | 'contact' | 'address' | 'document';

/** Every column of a part, with its field's words in `lang` (required ones marked). */
function columns(kind: Kind, prefix: string, lang: Lang): Array<readonly [string, string]> {
  const { op } = parts[kind];
  const required = lang === 'en' ? ' (required)' : ' (obrigatório)';
  return columnsOf(kind).map((name) => {
    const field = op.params[name]!;
    return [`${prefix}${name}`, inLang(field.words.help, lang) + (field.required ? required : '')] as const;
  });
}

const en = (): Block[] => [
  {
    p: "`coopctl enrol batch FILE` enrols contracts, their payers (financial responsible parties), beneficiaries and the beneficiaries' contacts, addresses, documents and health-declaration answers from one CSV or JSON file. It checks the whole file before sending anything and keeps a journal beside the file, so the same command run again after a failure or Ctrl-C skips what was done and creates nothing twice. Every row's result goes to a report file beside the input (FILE.report.csv).",
  },
  {
    pre: [
      'coopctl enrol batch --template > members.csv   # the example below',
      'coopctl enrol batch members.csv --dry-run      # check it, send nothing',
      'coopctl enrol batch members.csv',
    ],
  },
  { h: 'CSV layout' },
  {
    p: "A header line of column names, then one row per beneficiary. Column names are the spec's field names, with a prefix for everything that is not the beneficiary. The separator may be `,`, `;` (Excel in Portuguese) or a tab; UTF-8 (with or without a BOM), UTF-16 and Windows-1252 are read. Header names are not case-sensitive; unknown columns are refused. An empty cell is an absent field. Contract and payer columns go on one row of the contract or are repeated identically. Dates are DD/MM/YYYY (also 2026-02-01); a CPF needs its check digits; list fields (tipo_documento, finalidade) take codes separated by `|`, `;`, spaces or commas in quotes.",
  },
  {
    dl: [
      [
        'contract',
        'required: a key you choose (ACME, family-12) that groups rows into one contract; its rows need not be next to each other',
      ],
    ],
  },
  { h: 'The contract (contract.<field>, POST contrato):' },
  { dl: columns('contract', 'contract.', 'en') },
  { h: 'The payer (payer.<field>, optional: all empty for none):' },
  { dl: columns('payer', 'payer.', 'en') },
  { h: 'The beneficiary (no prefix, POST beneficiario):' },
  { dl: columns('beneficiary', '', 'en') },
  { h: 'A contact (contact.<field>; contact2., contact3. for more):' },
  { dl: columns('contact', 'contact.', 'en') },
  { h: 'An address (address.<field>; address2., address3. for more):' },
  { dl: columns('address', 'address.', 'en') },
  { h: 'A document (document.<field>; document2., document3. for more):' },
  { dl: columns('document', 'document.', 'en') },
  { h: 'The health declaration:' },
  {
    dl: [
      ['ds.<form>.<question>', 'the answer, S or N, to one question of a form, e.g. ds.1.3'],
      ['ds.<form>.<question>.descricao', 'details of that answer (optional)'],
    ],
  },
  { h: 'JSON layout' },
  {
    p: "An array of contracts. A contract's fields are on its object (the names above without `contract.`), with `key` (optional: names it in the journal and the report, else its position #1, #2), `payer` (an object, optional) and `beneficiaries` (an array). A beneficiary's fields are on its object, with `contact` (an object or an array), `addresses` and `documents` (arrays, or one object) and `declaration` (an array of {formulario_id, pergunta_id, resposta, descricao}). Integers may be numbers or digit strings; null is an absent field.",
  },
  {
    pre: [
      '[{ "key": "ACME", "registro_ans": "123456", "coop_id": 1, "produto_tabela_id": 10, "origem": "WB",',
      '   "beneficiaries": [{ "cpf": "123.456.789-09", "nome": "Pedro Souza", "data_nascimento": "01/01/1990",',
      '                       "data_solicitacao": "10/01/2026", "grau_dependencia": "T",',
      '                       "declaration": [{ "formulario_id": 1, "pergunta_id": 1, "resposta": "N" }] }] }]',
    ],
  },
  { h: 'The example file (coopctl enrol batch --template)' },
  { pre: TEMPLATE.split('\n') },
  {
    p: 'Contract ACME has a payer and two beneficiaries, the first with a contact, an address, a document and two answers; contract SILVA has one beneficiary and no payer. The codes these fields take: coopctl help codes.',
  },
];

const pt = (): Block[] => [
  {
    p: '`coopctl enrol batch ARQUIVO` inclui contratos, seus responsáveis financeiros, beneficiários e os contatos, endereços, documentos e respostas da declaração de saúde dos beneficiários a partir de um arquivo CSV ou JSON. Confere o arquivo todo antes de enviar qualquer coisa e mantém um diário ao lado do arquivo: o mesmo comando, executado de novo depois de uma falha ou de um Ctrl-C, pula o que já foi feito e não cria nada duas vezes. O resultado de cada linha vai para um relatório ao lado do arquivo (ARQUIVO.report.csv).',
  },
  {
    pre: [
      'coopctl enrol batch --template > membros.csv   # o exemplo abaixo',
      'coopctl enrol batch membros.csv --dry-run      # confere, sem enviar nada',
      'coopctl enrol batch membros.csv',
    ],
  },
  { h: 'Formato CSV' },
  {
    p: 'Uma linha de cabeçalho com os nomes das colunas, depois uma linha por beneficiário. Os nomes das colunas são os nomes de campo da especificação, com um prefixo para tudo o que não é do beneficiário. O separador pode ser `,`, `;` (Excel em português) ou tabulação; são lidos UTF-8 (com ou sem BOM), UTF-16 e Windows-1252. Os nomes do cabeçalho não diferenciam maiúsculas; colunas desconhecidas são recusadas. Uma célula vazia é um campo ausente. As colunas do contrato e do responsável vão numa linha do contrato ou se repetem iguais. Datas em DD/MM/AAAA (também 2026-02-01); um CPF precisa dos dígitos verificadores; campos de lista (tipo_documento, finalidade) levam códigos separados por `|`, `;`, espaços ou vírgulas entre aspas.',
  },
  {
    dl: [
      [
        'contract',
        'obrigatória: uma chave escolhida por você (ACME, familia-12) que agrupa linhas num contrato; as linhas não precisam estar juntas',
      ],
    ],
  },
  { h: 'O contrato (contract.<campo>, POST contrato):' },
  { dl: columns('contract', 'contract.', 'pt-BR') },
  { h: 'O responsável financeiro (payer.<campo>, opcional: todos vazios para nenhum):' },
  { dl: columns('payer', 'payer.', 'pt-BR') },
  { h: 'O beneficiário (sem prefixo, POST beneficiario):' },
  { dl: columns('beneficiary', '', 'pt-BR') },
  { h: 'Um contato (contact.<campo>; contact2., contact3. para mais):' },
  { dl: columns('contact', 'contact.', 'pt-BR') },
  { h: 'Um endereço (address.<campo>; address2., address3. para mais):' },
  { dl: columns('address', 'address.', 'pt-BR') },
  { h: 'Um documento (document.<campo>; document2., document3. para mais):' },
  { dl: columns('document', 'document.', 'pt-BR') },
  { h: 'A declaração de saúde:' },
  {
    dl: [
      ['ds.<formulário>.<pergunta>', 'a resposta, S ou N, a uma pergunta de um formulário, por exemplo ds.1.3'],
      ['ds.<formulário>.<pergunta>.descricao', 'detalhes dessa resposta (opcional)'],
    ],
  },
  { h: 'Formato JSON' },
  {
    p: 'Uma lista de contratos. Os campos de um contrato ficam no seu objeto (os nomes acima sem `contract.`), com `key` (opcional: o nome dele no diário e no relatório, senão a posição #1, #2), `payer` (um objeto, opcional) e `beneficiaries` (uma lista). Os campos de um beneficiário ficam no seu objeto, com `contact` (um objeto ou uma lista), `addresses` e `documents` (listas, ou um objeto) e `declaration` (uma lista de {formulario_id, pergunta_id, resposta, descricao}). Inteiros podem ser números ou texto de dígitos; null é um campo ausente.',
  },
  {
    pre: [
      '[{ "key": "ACME", "registro_ans": "123456", "coop_id": 1, "produto_tabela_id": 10, "origem": "WB",',
      '   "beneficiaries": [{ "cpf": "123.456.789-09", "nome": "Pedro Souza", "data_nascimento": "01/01/1990",',
      '                       "data_solicitacao": "10/01/2026", "grau_dependencia": "T",',
      '                       "declaration": [{ "formulario_id": 1, "pergunta_id": 1, "resposta": "N" }] }] }]',
    ],
  },
  { h: 'O arquivo de exemplo (coopctl enrol batch --template)' },
  { pre: TEMPLATE.split('\n') },
  {
    p: 'O contrato ACME tem um responsável financeiro e dois beneficiários, o primeiro com um contato, um endereço, um documento e duas respostas; o contrato SILVA tem um beneficiário e nenhum responsável. Os códigos que esses campos aceitam: coopctl help codigos.',
  },
];

export const batchTopic: Topic = {
  names: ['batch', 'lote', 'batch-file', 'arquivo-lote'],
  title: (lang) =>
    lang === 'en' ? 'The batch file of coopctl enrol batch' : 'O arquivo de lote do coopctl enrol batch',
  body: (lang) => (lang === 'en' ? en() : pt()),
};
