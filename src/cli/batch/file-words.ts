/**
 * `enrol batch`: what it says of the file it reads (src/cli/batch/: csv.ts,
 * csv-columns.ts, csv-layout.ts, json-layout.ts, plan.ts, validity.ts,
 * earlier-runs.ts, problems.ts, input.ts, report-file.ts). Parts and columns
 * keep the names the file uses (`contract.coop_id`, `address2`, `ds.1.3`),
 * whatever the language; a CSV row is a `linha` in Portuguese, as a
 * spreadsheet calls it.
 */
import type { Translation, Words } from '../i18n/shape.js';
import { plural } from '../i18n/format.js';

/** The parts of a batch, as a message names what a field belongs to. */
export type PartKind = 'contract' | 'payer' | 'beneficiary' | 'contact' | 'address' | 'document' | 'declaration';

const en = {
  // Where a problem is
  row: (line: number) => `row ${line}`,
  line: (line: number) => `line ${line}`,
  column: (n: number) => `column ${n}`,
  topLevel: '(top level)',
  more: (n: number, where: string | undefined) => `… and ${n} more${where ? `; ${where}` : ''}`,
  /**
   * A part as a problem, a summary or the report names it (batch/part-words.ts reads the file's name): in English
   * the file's own names (`contract`, `payer`, `address2`, `ds.1.3`: its columns' prefixes); in Portuguese, words
   * (`endereço 2`, `declaração 1.3`). `n` is the part's number (`2`, `1.3`), if it has one.
   */
  part: (kind: PartKind, n: string | undefined): string =>
    kind === 'declaration' ? `ds.${n ?? ''}` : `${kind}${n ?? ''}`,
  /** The CSV report's header, by column (the ids keep their field names; the JSON report keeps the column names). */
  reportColumns: {
    line: 'line',
    path: 'path',
    contract: 'contract',
    result: 'result',
    message: 'message',
  },
  /** A row's result in the CSV report (the JSON report keeps the codes). */
  results: {
    created: 'created',
    resumed: 'resumed',
    skipped: 'skipped',
    failed: 'failed',
    uncertain: 'uncertain',
    'not-run': 'not-run',
    invalid: 'invalid',
  },
  // Reading the bytes and the CSV
  cannotRead: (file: string, why: string) => `cannot read ${file} (${why})`,
  notUtf8: 'the file is not UTF-8; read it as Windows-1252 (Latin-1)',
  quoteNotClosed: 'a quoted cell is never closed (a " is missing)',
  closingQuote: 'text after a closing quote; quote the whole cell and write a quote inside it as ""',
  openingQuote:
    'a quote inside a cell that does not start with one; quote the whole cell and write a quote inside it as ""',
  notCsv: (why: string) => `cannot be read as CSV: ${why}`,
  // The CSV header
  dsColumn:
    'a declaration column is ds.<formulario_id>.<pergunta_id> (the answer, S or N) or ds.<formulario_id>.<pergunta_id>.descricao',
  filledByBatch: (name: string) => `${name} is filled in by the batch from the ids it creates`,
  notAField: (part: PartKind, columns: string) =>
    `not a field of ${
      {
        contract: 'the contract',
        payer: 'the payer',
        beneficiary: 'the beneficiary',
        contact: 'a contact',
        address: 'an address',
        document: 'a document',
        declaration: 'a declaration answer',
      }[part]
    }; use one of ${columns}`,
  numberFrom: (kind: string) => `number the ${kind}s from 2: ${kind}., ${kind}2., ${kind}3.`,
  unknownPrefix:
    'unknown prefix; columns are contract, contract.<field>, payer.<field>, <beneficiary field>, contact.<field>, address.<field>, document.<field> (contact2., address2., …) and ds.<formulario_id>.<pergunta_id>',
  noHeaderName: 'has values but no name in the header',
  twice: (first: number, second: number) => `appears twice in the header (columns ${first} and ${second})`,
  needsKey: 'the header needs a contract column: a key of your choice that groups the rows of one contract',
  // The CSV rows
  noBeneficiary: 'is given on a row without a beneficiary (no beneficiary column is filled in)',
  tooManyCells: (cells: number, columns: number) =>
    `has ${cells} cells but the header names ${columns} columns (a delimiter inside a cell needs quotes)`,
  differs: (here: string, there: string, row: number) =>
    `is ${here} here but ${there} on row ${row}; write the contract's and payer's columns once, or the same on each of its rows`,
  emptyKey: 'is empty: every row needs the key of its contract',
  emptyFile: 'the file is empty: it needs a header line of column names and a row per beneficiary',
  noRows: 'the file has a header but no rows',
  // The JSON layout
  notJson: (why: string) => `not valid JSON: ${why}`,
  notArray: 'must be an array of contracts: [{ "registro_ans": …, "payer": {…}, "beneficiaries": […] }, …]',
  noContract: 'the array holds no contract',
  contractObject: 'must be an object: a contract with its payer and beneficiaries',
  keyType: 'must be a non-empty text or a number',
  keyTwice: (key: string, earlier: number) => `${key} is also the key of [${earlier}]; each contract needs its own key`,
  payerObject: 'must be an object of the payer’s fields',
  beneficiariesArray: 'must be an array of beneficiaries',
  beneficiaryObject: 'must be an object of the beneficiary’s fields',
  recordObject: (kind: 'contact' | 'address' | 'document') => `must be an object of the ${kind}’s fields`,
  answerObject: 'must be an object: { "formulario_id": …, "pergunta_id": …, "resposta": "S" or "N" }',
  answeredTwice: (earlier: string) =>
    `answers the question that ${earlier} answers (formulario_id and pergunta_id); answer each question once`,
  // The plan
  leaveOut: 'is filled in by the batch from the id it creates; leave it out',
  sameQuestion: (name: string, earlier: string) =>
    `answers the same question (${name}) as ${earlier}; answer each question once`,
  // Invalid files
  everyProblemIn: (report: string) => `every problem is in ${report}`,
  jsonReportLists: 'the JSON report lists them all',
  oJsonLists: '-o json lists them all',
  notABatchFile: (name: string) => `${name} cannot be read as a batch file; nothing was sent`,
  invalidRows: (name: string, invalid: number, rows: number, problems: number, someValid: boolean) =>
    `${name}: ${invalid} of ${rows} rows are invalid (${plural('en', problems, { one: '# problem', other: '# problems' })}); nothing was sent${someValid ? '. Fix them, or rerun with --skip-invalid to send the valid rows' : ''}`,
  invalidTitle: (name: string) => `${name}: invalid rows:`,
  leftOut: (name: string, n: number) =>
    `${name}: ${plural('en', n, { one: '# invalid row', other: '# invalid rows' })} left out (--skip-invalid):`,
  // The journal of earlier runs
  stdinNoJournal: 'reading stdin without --journal: an interrupted run cannot be resumed',
  changed: (name: string) =>
    `${name} changed since the last run; rows are matched by contract key and CPF, and checked against what was sent`,
  otherTarget: (journal: string, was: string, now: string) =>
    `the journal ${journal} records requests sent to ${was}, and this run would send to ${now}; its ids mean nothing there. Move the journal aside to send the whole file to ${now}`,
  alreadySent: (created: string) =>
    `was already sent by an earlier run with other values${created}; the batch cannot change what it sent. Undo the edit, or change it with the single commands (coopctl enrol …)`,
  edited: (name: string, n: number) =>
    `${name}: ${plural('en', n, { one: '# step was', other: '# steps were' })} edited after being sent; nothing was sent`,
  editedTitle: (name: string, journal: string) => `${name}: edited after being sent (journal ${journal}):`,
  orphans: (n: number, name: string) =>
    `the journal holds ${plural('en', n, { one: '# done step', other: '# done steps' })} that ${name} no longer has; left as they are`,
  // The report file
  reportUnwritable: (path: string, why: string) =>
    `cannot write the report ${path} (${why}); choose another file with --report FILE`,
  itIsJournal: 'it is the journal',
  itIsFolder: 'it is a folder',
  reportNotWritten: (path: string, why: string) =>
    `cannot write the report ${path} (${why}); the journal keeps every step: rerun the same command to write it`,
};

const ptBR: Translation<typeof en> = {
  row: (line) => `linha ${line}`,
  line: (line) => `linha ${line}`,
  column: (n) => `coluna ${n}`,
  topLevel: '(nível principal)',
  more: (n, where) => `… e mais ${n}${where ? `; ${where}` : ''}`,
  part: (kind, n) =>
    `${{ contract: 'contrato', payer: 'responsável financeiro', beneficiary: 'beneficiário', contact: 'contato', address: 'endereço', document: 'documento', declaration: 'declaração' }[kind]}${n ? ` ${n}` : ''}`,
  reportColumns: {
    line: 'linha',
    path: 'caminho',
    contract: 'contrato',
    result: 'resultado',
    message: 'mensagem',
  },
  results: {
    created: 'criada',
    resumed: 'retomada',
    skipped: 'já feita antes',
    failed: 'falhou',
    uncertain: 'incerta',
    'not-run': 'não enviada',
    invalid: 'inválida',
  },
  cannotRead: (file, why) => `não foi possível ler ${file} (${why})`,
  notUtf8: 'o arquivo não é UTF-8; lido como Windows-1252 (Latin-1)',
  quoteNotClosed: 'uma célula entre aspas nunca é fechada (falta um ")',
  closingQuote: 'texto depois de fechar aspas; ponha a célula toda entre aspas e escreva uma aspa dentro dela como ""',
  openingQuote:
    'uma aspa dentro de uma célula que não começa com aspas; ponha a célula toda entre aspas e escreva uma aspa dentro dela como ""',
  notCsv: (why) => `não pode ser lido como CSV: ${why}`,
  dsColumn:
    'uma coluna da declaração é ds.<formulario_id>.<pergunta_id> (a resposta, S ou N) ou ds.<formulario_id>.<pergunta_id>.descricao',
  filledByBatch: (name) => `${name} é preenchido pelo lote com os ids que ele cria`,
  notAField: (part, columns) =>
    `não é um campo ${
      {
        contract: 'do contrato',
        payer: 'do responsável financeiro',
        beneficiary: 'do beneficiário',
        contact: 'de um contato',
        address: 'de um endereço',
        document: 'de um documento',
        declaration: 'de uma resposta da declaração',
      }[part]
    }; use um destes: ${columns}`,
  numberFrom: (kind) => `numere as colunas ${kind} a partir de 2: ${kind}., ${kind}2., ${kind}3.`,
  unknownPrefix:
    'prefixo desconhecido; as colunas são contract, contract.<campo>, payer.<campo>, <campo do beneficiário>, contact.<campo>, address.<campo>, document.<campo> (contact2., address2., …) e ds.<formulario_id>.<pergunta_id>',
  noHeaderName: 'tem valores mas nenhum nome no cabeçalho',
  twice: (first, second) => `aparece duas vezes no cabeçalho (colunas ${first} e ${second})`,
  needsKey:
    'o cabeçalho precisa de uma coluna contract: uma chave à sua escolha que agrupa as linhas de um mesmo contrato',
  noBeneficiary: 'foi informado numa linha sem beneficiário (nenhuma coluna do beneficiário está preenchida)',
  tooManyCells: (cells, columns) =>
    `tem ${cells} células mas o cabeçalho nomeia ${columns} colunas (um separador dentro de uma célula precisa de aspas)`,
  differs: (here, there, row) =>
    `é ${here} aqui mas ${there} na linha ${row}; escreva as colunas do contrato e do responsável financeiro uma vez, ou iguais em cada linha dele`,
  emptyKey: 'está vazio: toda linha precisa da chave do seu contrato',
  emptyFile:
    'o arquivo está vazio: ele precisa de uma linha de cabeçalho com os nomes das colunas e uma linha por beneficiário',
  noRows: 'o arquivo tem cabeçalho mas nenhuma linha',
  notJson: (why) => `JSON inválido: ${why}`,
  notArray: 'deve ser uma lista de contratos: [{ "registro_ans": …, "payer": {…}, "beneficiaries": […] }, …]',
  noContract: 'a lista não tem nenhum contrato',
  contractObject: 'deve ser um objeto: um contrato com seu responsável financeiro e seus beneficiários',
  keyType: 'deve ser um texto não vazio ou um número',
  keyTwice: (key, earlier) => `${key} também é a chave de [${earlier}]; cada contrato precisa de uma chave própria`,
  payerObject: 'deve ser um objeto com os campos do responsável financeiro',
  beneficiariesArray: 'deve ser uma lista de beneficiários',
  beneficiaryObject: 'deve ser um objeto com os campos do beneficiário',
  recordObject: (kind) =>
    `deve ser um objeto com os campos ${{ contact: 'do contato', address: 'do endereço', document: 'do documento' }[kind]}`,
  answerObject: 'deve ser um objeto: { "formulario_id": …, "pergunta_id": …, "resposta": "S" ou "N" }',
  answeredTwice: (earlier) =>
    `responde à pergunta que ${earlier} responde (formulario_id e pergunta_id); responda cada pergunta uma vez`,
  leaveOut: 'é preenchido pelo lote com o id que ele cria; deixe-o de fora',
  sameQuestion: (name, earlier) => `responde à mesma pergunta (${name}) que ${earlier}; responda cada pergunta uma vez`,
  everyProblemIn: (report) => `todos os problemas estão em ${report}`,
  jsonReportLists: 'o relatório JSON lista todos',
  oJsonLists: '-o json lista todos',
  notABatchFile: (name) => `${name} não pode ser lido como arquivo de lote; nada foi enviado`,
  invalidRows: (name, invalid, rows, problems, someValid) =>
    `${name}: ${invalid} de ${rows} linhas são inválidas (${plural('pt-BR', problems, { one: '# problema', other: '# problemas' })}); nada foi enviado${someValid ? '. Corrija-as, ou rode de novo com --skip-invalid para enviar as linhas válidas' : ''}`,
  invalidTitle: (name) => `${name}: linhas inválidas:`,
  leftOut: (name, n) =>
    `${name}: ${plural('pt-BR', n, { one: '# linha inválida deixada', other: '# linhas inválidas deixadas' })} de fora (--skip-invalid):`,
  stdinNoJournal: 'lendo stdin sem --journal: uma execução interrompida não pode ser retomada',
  changed: (name) =>
    `${name} mudou desde a última execução; as linhas são associadas pela chave do contrato e pelo CPF, e conferidas com o que foi enviado`,
  otherTarget: (journal, was, now) =>
    `o diário ${journal} registra requisições enviadas para ${was}, e esta execução enviaria para ${now}; os ids dele não significam nada lá. Tire o diário do lugar para enviar o arquivo inteiro para ${now}`,
  alreadySent: (created) =>
    `já foi enviado por uma execução anterior com outros valores${created}; o lote não pode mudar o que enviou. Desfaça a edição, ou altere com os comandos avulsos (coopctl enrol …)`,
  edited: (name, n) =>
    `${name}: ${plural('pt-BR', n, { one: '# passo foi editado', other: '# passos foram editados' })} depois de enviados; nada foi enviado`,
  editedTitle: (name, journal) => `${name}: editado depois de enviado (diário ${journal}):`,
  orphans: (n, name) =>
    `o diário tem ${plural('pt-BR', n, { one: '# passo feito', other: '# passos feitos' })} que ${name} não tem mais; ficam como estão`,
  reportUnwritable: (path, why) =>
    `não foi possível gravar o relatório ${path} (${why}); escolha outro arquivo com --report ARQUIVO`,
  itIsJournal: 'é o diário',
  itIsFolder: 'é uma pasta',
  reportNotWritten: (path, why) =>
    `não foi possível gravar o relatório ${path} (${why}); o diário guarda cada passo: rode o mesmo comando de novo para gravá-lo`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
