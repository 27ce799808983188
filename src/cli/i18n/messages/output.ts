/** Words of the output on stdout: tables' fillers, the calendar, the record summary, --json fields, --jq, the pager. */
import { formatNumber, plural } from '../format.js';
import type { Translation, Words } from '../shape.js';

const en = {
  /** A nested group (addresses, contact) with no record. */
  none: '(none)',
  /** After a list that left columns out to fit the terminal: `label (field)` each. */
  omitted: (columns: readonly string[]) =>
    `Left out to fit the screen: ${columns.join(', ')}. Choose the columns with --columns, or see every field with -o json.`,
  /** A table's yes and no (a `true`/`false` field). */
  yes: 'Yes',
  no: 'No',
  /** The legend of a calendar of free dates: `[dd] free slots: 3 dates, 2026-12-01 to 2026-12-05`. */
  freeSlots: (count: number, first: string, last: string) =>
    `free slots: ${plural('en', count, { one: '# date', other: '# dates' })}, ${count === 1 ? first : `${first} to ${last}`}`,
  /** A calendar of free dates draws the nearest months only (output/calendar.ts); these lines tell the rest. */
  calendar: {
    /** Before the list of the months after the drawn ones. */
    later: 'Later free dates:',
    /** `January 2027: 4, 5, 8–12`. */
    monthDays: (month: string, days: string) => `${month}: ${days}`,
    /** After the listed months. */
    more: (dates: number, months: number, last: string) =>
      `… and ${plural('en', dates, { one: '# more date', other: '# more dates' })} in ${plural('en', months, { one: '# month', other: '# months' })}, the last on ${last}`,
    /** The dates before the drawn months. */
    earlier: (dates: number, first: string, last: string) =>
      `Earlier free dates: ${formatNumber('en', dates)}, ${dates === 1 ? first : `${first} to ${last}`}`,
  },
  summary: {
    /** The opening line: whose record it is. */
    whose: (name: string, card: string) => `${name} · card ${card}`,
    /** When the registration could not be read for the opening line. */
    unknown: (card: string) => `card ${card} (registration not read)`,
    /** One section's line in the opening: its title and how many records it has. */
    count: (n: number) => plural('en', n, { one: '# record', other: '# records' }),
    noResult: 'no result',
    notRead: 'not read: see the error below',
    /** A section's body when it has no record, or could not be read. */
    noResultBody: '(no result)',
    notReadBody: '(not read: see the error below)',
    registrationFailed: (problem: string) => `the registration (for the name) was not read: ${problem}`,
  },
  json: {
    unknownFields: (flag: string, unknown: readonly string[], available: readonly string[]) =>
      `${flag}: unknown ${plural('en', unknown.length, { one: 'field', other: 'fields' })} ${unknown.join(', ')}; available: ${available.join(', ')}`,
    emptyField: (flag: string) => `${flag}: a field name is empty (write ${flag} field1,field2)`,
    notTaken: (flag: string) =>
      `${flag} works with the commands that print the service's records (the operation commands and record summary)`,
  },
  jq: {
    failed: (message: string) => `--jq: ${message}`,
  },
  pager: {
    cannotRun: (command: string, reason: string) => `cannot run the pager "${command}" (${reason}); printing directly`,
  },
};

const ptBR: Translation<typeof en> = {
  none: '(nenhum)',
  omitted: (columns) =>
    `Fora da tabela para caber na tela: ${columns.join(', ')}. Escolha as colunas com --columns, ou veja todos os campos com -o json.`,
  yes: 'Sim',
  no: 'Não',
  freeSlots: (count, first, last) =>
    `horários livres: ${plural('pt-BR', count, { one: '# data', other: '# datas' })}, ${count === 1 ? first : `de ${first} a ${last}`}`,
  calendar: {
    later: 'Outras datas livres:',
    monthDays: (month, days) => `${month}: ${days}`,
    more: (dates, months, last) =>
      `… e mais ${plural('pt-BR', dates, { one: '# data', other: '# datas' })} em ${plural('pt-BR', months, { one: '# mês', other: '# meses' })}, a última em ${last}`,
    earlier: (dates, first, last) =>
      `Datas livres anteriores: ${formatNumber('pt-BR', dates)}, ${dates === 1 ? first : `de ${first} a ${last}`}`,
  },
  summary: {
    whose: (name, card) => `${name} · cartão ${card}`,
    unknown: (card) => `cartão ${card} (cadastro não lido)`,
    count: (n) => plural('pt-BR', n, { one: '# registro', other: '# registros' }),
    noResult: 'sem resultado',
    notRead: 'não lido: veja o erro abaixo',
    noResultBody: '(sem resultado)',
    notReadBody: '(não lido: veja o erro abaixo)',
    registrationFailed: (problem) => `o cadastro (para o nome) não foi lido: ${problem}`,
  },
  json: {
    unknownFields: (flag, unknown, available) =>
      `${flag}: ${plural('pt-BR', unknown.length, { one: 'campo desconhecido', other: 'campos desconhecidos' })} ${unknown.join(', ')}; disponíveis: ${available.join(', ')}`,
    emptyField: (flag) => `${flag}: um nome de campo está vazio (escreva ${flag} campo1,campo2)`,
    notTaken: (flag) =>
      `${flag} funciona com os comandos que imprimem os registros do serviço (os comandos das operações e record summary)`,
  },
  jq: {
    failed: (message) => `--jq: ${message}`,
  },
  pager: {
    cannotRun: (command, reason) => `não foi possível executar o paginador "${command}" (${reason}); imprimindo direto`,
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
