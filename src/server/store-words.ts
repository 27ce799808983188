/**
 * What the embedded server says of its store, in English and in Brazilian
 * Portuguese: why it cannot serve now (GET /readyz's reason) and why a request
 * found the store unavailable (503). Re-exported by words.ts.
 */
import { said, type Said } from '../catalogue/index.js';

/** Why the server cannot serve now (GET /readyz's reason), for an operator; the store's faults are `unavailable`'s. */
export const readiness = {
  fileMissing: said(
    'the database file is missing: it was moved or deleted',
    'o arquivo do banco de dados não está mais lá: foi movido ou apagado',
  ),
  fileReplaced: said(
    'the database file was replaced by another file',
    'o arquivo do banco de dados foi substituído por outro arquivo',
  ),
  shrunk: said(
    'the database file was truncated while the server ran: the database is damaged',
    'o arquivo do banco de dados foi truncado com o servidor em execução: o banco está danificado',
  ),
  walTruncated: said(
    "the database's write-ahead log (-wal) was truncated while the server ran: the writes since the last checkpoint are lost",
    'o log de escrita antecipada (-wal) do banco de dados foi truncado com o servidor em execução: as gravações desde o último checkpoint se perderam',
  ),
  walReplaced: said(
    "the database's write-ahead log (-wal) was removed or replaced while the server ran",
    'o log de escrita antecipada (-wal) do banco de dados foi removido ou substituído com o servidor em execução',
  ),
  fileUnusable: said(
    'the database file cannot be read or written by this process',
    'este processo não consegue ler ou gravar o arquivo do banco de dados',
  ),
  silent: said('the database does not answer', 'o banco de dados não responde'),
  late: (seconds: number) =>
    said(
      `the database server did not answer within ${seconds} s`,
      `o servidor do banco de dados não respondeu em ${seconds} s`,
    ),
  checkFailed: said('the readiness check failed', 'a verificação de prontidão falhou'),
  draining: said('the server is shutting down', 'o servidor está encerrando'),
  /** The schema of an older coopctl: this one's migrations are not applied yet. */
  behind: (version: number, current: number) =>
    said(
      `the database's migrations are not applied (schema version ${version} of ${current})`,
      `as migrações do banco de dados não foram aplicadas (versão de esquema ${version} de ${current})`,
    ),
  /** The schema of a newer coopctl. */
  ahead: (version: number, current: number) =>
    said(
      `the database has schema version ${version}, newer than this coopctl knows (${current})`,
      `o banco de dados tem a versão de esquema ${version}, mais nova do que este coopctl conhece (${current})`,
    ),
};

const retry = said('nothing was changed, try again', 'nada foi alterado, tente de novo');

/** Why the store cannot serve a request now (503), and what the client may do. */
export const unavailable = {
  busy: [
    said('the database is locked by another process', 'o banco de dados está bloqueado por outro processo'),
    retry,
  ],
  full: [
    said('the disk is full', 'o disco está cheio'),
    said('nothing was changed, try again when there is space', 'nada foi alterado, tente de novo quando houver espaço'),
  ],
  readonly: [
    said('the database file is read-only', 'o arquivo do banco de dados é somente leitura'),
    said('nothing was changed', 'nada foi alterado'),
  ],
  io: [
    said(
      'the database file could not be read or written (I/O error)',
      'não foi possível ler ou gravar o arquivo do banco de dados (erro de E/S)',
    ),
    retry,
  ],
  down: [said('the database server cannot be reached', 'o servidor do banco de dados está inacessível'), retry],
  saturated: [
    said('the database server has no connection to spare', 'o servidor do banco de dados não tem conexão livre'),
    retry,
  ],
  gone: [
    said('the database file was removed or replaced', 'o arquivo do banco de dados foi removido ou substituído'),
    said(
      'nothing was changed; the server must be restarted on the database file',
      'nada foi alterado; o servidor precisa ser reiniciado com o arquivo do banco de dados',
    ),
  ],
  damaged: [
    said(
      'a file of the database (the database file or its -wal) was truncated, removed or replaced: the database is damaged',
      'um arquivo do banco de dados (o arquivo do banco ou o seu -wal) foi truncado, removido ou substituído: o banco está danificado',
    ),
    said(
      'nothing was changed; the server must be stopped and the database restored from a backup',
      'nada foi alterado; o servidor precisa ser parado e o banco de dados restaurado de um backup',
    ),
  ],
  timeout: [
    said(
      'the database server took longer than its time limit (--db-timeout)',
      'o servidor do banco de dados passou do tempo limite (--db-timeout)',
    ),
    retry,
  ],
  unanswered: [
    said(
      'the database server did not answer in time (--db-timeout)',
      'o servidor do banco de dados não respondeu a tempo (--db-timeout)',
    ),
    said(
      'a change may or may not have been made: check before sending it again',
      'uma alteração pode ter sido feita ou não: confira antes de enviar de novo',
    ),
  ],
  replica: [
    said('the database server is a read-only replica', 'o servidor do banco de dados é uma réplica somente leitura'),
    said(
      'nothing was changed, try again when the primary is back',
      'nada foi alterado, tente de novo quando o primário voltar',
    ),
  ],
} as const satisfies Readonly<Record<string, readonly [Said, Said]>>;
