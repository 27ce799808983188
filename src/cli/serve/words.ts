/** `coopctl serve admin …` and `coopctl serve journal`: driving a running server started with --admin; and what serve itself says. */
import type { Translation, Words } from '../i18n/shape.js';

const en = {
  admin: {
    description: 'drive a running coopctl serve --admin (the configured base URL): reset, fixtures, snapshots',
    names: { action: 'action', argument: 'arg' },
    action: 'reset | load FILE | snapshot NAME | restore NAME | snapshots',
    argument: 'the fixtures file (load) or the snapshot name (snapshot, restore)',
    note: 'Per-test isolation for an app\'s test suite: "snapshot NAME" once, "restore NAME" before each test, or "reset" to the start dataset.',
  },
  journal: {
    description: 'the requests a running coopctl serve --admin received, newest last',
    follow: 'keep printing new requests as they come (Ctrl-C stops)',
    operation: 'only the requests of this operation (an id such as registration.show)',
    card: 'only the requests naming this card',
    since: 'only the requests after this entry id, or at or after this ISO 8601 time',
    limit: 'at most this many requests (the newest)',
    none: 'no requests in the journal',
    head: ['id', 'time', 'method', 'operation', 'status', 'outcome', 'ms'] as readonly string[],
    placeholders: { card: 'card', since: 'id|time' },
  },
  done: {
    reset: 'reset: the server holds its start dataset again, and its journal is empty',
    load: (file: string) => `loaded ${file}: it replaces everything the server held`,
    snapshot: (name: string) => `snapshot ${name} taken`,
    restore: (name: string) => `snapshot ${name} restored`,
  },
  snapshots: { none: 'no snapshots', list: (names: string) => `snapshots: ${names}` },
  needsArgument: (action: string) => `${action} needs its argument: a file for load, a name for snapshot and restore`,
  refused: (status: number, message: string) => `the server refused (HTTP ${status}): ${message}`,
  noAdmin: 'the server has no admin API: start it with coopctl serve --admin',
  notJson: (status: number) => `the server's answer (HTTP ${status}) is not the admin API's JSON`,
  /** `coopctl serve` started by npm exec (npx), when npm has gone without passing its SIGTERM on (serve/orphan.ts). */
  npmGone: 'coopctl serve: npm exec, which started it, has gone: stopping',
};

const ptBR: Translation<typeof en> = {
  admin: {
    description: 'comanda um coopctl serve --admin em execução (a URL base configurada): reinício, fixtures, snapshots',
    names: { action: 'ação', argument: 'argumento' },
    action: 'reset | load ARQUIVO | snapshot NOME | restore NOME | snapshots',
    argument: 'o arquivo de fixtures (load) ou o nome do snapshot (snapshot, restore)',
    note: 'Isolamento por teste na suíte de testes de um app: "snapshot NOME" uma vez, "restore NOME" antes de cada teste, ou "reset" para os dados do início.',
  },
  journal: {
    description: 'as requisições que um coopctl serve --admin em execução recebeu, as mais novas por último',
    follow: 'continua mostrando as novas requisições conforme chegam (Ctrl-C para)',
    operation: 'só as requisições desta operação (um id como registration.show)',
    card: 'só as requisições que citam este cartão',
    since: 'só as requisições depois deste id de entrada, ou a partir deste horário ISO 8601',
    limit: 'no máximo este número de requisições (as mais novas)',
    none: 'nenhuma requisição no diário',
    head: ['nº', 'horário', 'método', 'operação', 'situação', 'resultado', 'duração (ms)'],
    placeholders: { card: 'cartão', since: 'id|horário' },
  },
  done: {
    reset: 'reinício: o servidor tem de novo os dados do início, e o diário está vazio',
    load: (file) => `${file} carregado: ele substitui tudo o que o servidor tinha`,
    snapshot: (name) => `snapshot ${name} feito`,
    restore: (name) => `snapshot ${name} restaurado`,
  },
  snapshots: { none: 'nenhum snapshot', list: (names) => `snapshots: ${names}` },
  needsArgument: (action) =>
    `${action} precisa do seu argumento: um arquivo para load, um nome para snapshot e restore`,
  refused: (status, message) => `o servidor recusou (HTTP ${status}): ${message}`,
  noAdmin: 'o servidor não tem a API de administração: inicie-o com coopctl serve --admin',
  notJson: (status) => `a resposta do servidor (HTTP ${status}) não é o JSON da API de administração`,
  npmGone: 'coopctl serve: o npm exec que o iniciou terminou: encerrando',
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
