/**
 * `coopctl audit`: the access audit's help, its table, its notes and its
 * errors (what src/server/audit/read.ts and key.ts report as data).
 */
import type { AuditOpenProblem } from '../../server/audit/read.js';
import type { KeyProblem } from '../../server/audit/key.js';
import type { Translation, Words } from '../i18n/shape.js';

const two = (n: number) => String(n).padStart(2, '0');
const clock = (t: Date) => `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;

const en = {
  db: 'SQLite database file or postgres:// URL (default: $COOPCTL_DB_URL, else the file coopctl serve uses)',
  card: 'only the records of this card (found by its keyed hash: the card is never stored)',
  cpf: 'only the records of this CPF (as --card; a payer change that replaced it too)',
  contract: "only the records of this contract: its changes (a contract's status names all its lives) and its records",
  since:
    'only the records from this time on: a date (2026-11-30 or 30/11/2026), a date and time (2026-11-30T08:00), or a span back from now (12h, 7d)',
  operation: 'only the records of this operation (record.allergies, or its spec name buscaalergias)',
  limit: 'show at most this many records, the newest',
  keyFile: "PostgreSQL: the audit key's file, as coopctl serve --audit-key-file",
  note: 'A record is kept for each request to an operation that reads or changes personal data: the time, the client address, the label of its token, the operation, the HTTP status and confirma_operacao; the card, CPF or device as a keyed hash (HMAC with the audit key, kept beside a SQLite database), never in clear. coopctl serve removes records older than --audit-retention days (180 by default).',
  example: {
    card: 'who read or changed this card’s data',
    recent: 'the medical-record reads of the last 7 days, as JSON',
  },
  purge: {
    description: 'remove the records older than a number of days',
    olderThan: 'remove the records older than this many days',
    example: 'what coopctl serve does every day with its --audit-retention',
    removed: (count: number, days: number, before: string) =>
      `${count} records older than ${days} days removed (before ${before})`,
    listOnly: (option: string) => `${option} selects records to list: coopctl audit purge removes by age only`,
  },
  verify: {
    description: "check the trail's chain of seals: no record changed, added or removed in place",
    example: 'after a copy, a restore, or when in doubt',
    intact: (checked: number) => `the chain holds: ${checked} records checked`,
    before: (n: number) => `${n} records at the trail's beginning were written before the chain (older coopctl)`,
    unchecked: (n: number, keys: string) =>
      `${n} records were sealed with keys not at hand (ids ${keys}): their seals were not checked`,
    broken: (id: number, at: string, unsealed: boolean) =>
      `the chain is broken at record ${id} (${at}): ${unsealed ? 'it has no seal (added outside coopctl serve)' : 'its seal does not match (it was changed, or a record just before it was changed, added or removed)'}`,
    noKey: 'coopctl audit verify checks seals with the audit key, and there is none at hand',
  },
  columns: {
    at: 'time',
    client: 'client',
    tokenLabel: 'token label',
    operation: 'operation',
    status: 'HTTP status',
    confirma: 'confirmation',
    subject: 'subject',
    reference: 'reference',
    contract: 'contract',
  },
  /** What a subject hash is of (`card`, `cpf`, `device`), in words. */
  kind: (kind: string | null): string =>
    kind === 'cpf' ? 'CPF' : kind === 'device' ? 'device' : kind === 'card' ? 'card' : '',
  /** A record's time, local. */
  time: (t: Date) => `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${clock(t)}`,
  none: 'no records',
  more: (shown: number, total: number) => `the newest ${shown} of ${total} records: --limit shows more`,
  invalid: {
    since: (value: string) =>
      `--since: "${value}" is not a time: give a date (2026-11-30 or 30/11/2026), a date and time (2026-11-30T08:00) or a span back from now (12h, 7d)`,
    card: '--card: a card is 17 digits (spaces, dots and hyphens between them are fine)',
    cpf: '--cpf: a CPF is 11 digits (529.982.247-25 or 52998224725)',
    cardAndCpf: '--card and --cpf cannot be used together: a record names one or the other',
    operation: (value: string, audited: string) =>
      `--operation: "${value}" is not an audited operation; they are ${audited}`,
  },
  open: (p: AuditOpenProblem): string => {
    switch (p.kind) {
      case 'no-database':
        return `there is no database at ${p.db}: give its place with --db (or $COOPCTL_DB_URL)`;
      case 'not-coopctl':
        return `${p.db} holds no coopctl store`;
      case 'no-audit':
        return `the database ${p.db} has no access audit yet (schema version ${p.version}): start coopctl serve on it once to bring it up to date`;
      case 'newer':
        return `the database ${p.db} has schema version ${p.version}, newer than this coopctl knows (${p.current})`;
      case 'cannot-open':
        return `cannot open the database ${p.db}: ${p.reason}`;
    }
  },
  key: (option: string, p: KeyProblem): string => {
    const why: Record<KeyProblem['kind'], string> = {
      open: `its key file ${p.file} is open to other users: run chmod 600 ${p.file}`,
      'not-a-key': `its key file ${p.file} does not hold an audit key`,
      unreadable: `its key file ${p.file} cannot be read`,
      unwritable: `its key file ${p.file} cannot be written`,
      missing: `its key file ${p.file} is missing (the trail was written with a key): restore it from a backup`,
      other: `the key in ${p.file} is not the one the trail was written with: give the right file`,
    };
    return `${option} is found by the audit key, and ${why[p.kind]}`;
  },
  noKey: (option: string) => `${option} is found by the audit key, and there is none: no record names anyone`,
};

const ptBR: Translation<typeof en> = {
  db: 'arquivo do banco SQLite ou URL postgres:// (padrão: $COOPCTL_DB_URL, senão o arquivo que o coopctl serve usa)',
  card: 'só os registros deste cartão (achados pelo hash com chave: o cartão nunca é guardado)',
  cpf: 'só os registros deste CPF (como --card; também uma troca de responsável financeiro que o substituiu)',
  contract:
    'só os registros deste contrato: as suas alterações (a situação de um contrato vale para todas as vidas) e os seus registros',
  since:
    'só os registros a partir deste momento: uma data (30/11/2026 ou 2026-11-30), data e hora (2026-11-30T08:00) ou um intervalo até agora (12h, 7d)',
  operation: 'só os registros desta operação (record.allergies, ou o nome da especificação, buscaalergias)',
  limit: 'mostra no máximo esta quantidade de registros, os mais recentes',
  keyFile: 'PostgreSQL: o arquivo da chave da auditoria, como em coopctl serve --audit-key-file',
  note: 'Um registro é guardado para cada requisição a uma operação que lê ou altera dados pessoais: o momento, o endereço do cliente, o rótulo do seu token, a operação, o status HTTP e o confirma_operacao; o cartão, o CPF ou o dispositivo como hash com chave (HMAC com a chave da auditoria, guardada ao lado de um banco SQLite), nunca em claro. O coopctl serve apaga os registros com mais de --audit-retention dias (180 por padrão).',
  example: {
    card: 'quem leu ou alterou os dados deste cartão',
    recent: 'as leituras de prontuário dos últimos 7 dias, em JSON',
  },
  purge: {
    description: 'apaga os registros com mais de um número de dias',
    olderThan: 'apaga os registros com mais desta quantidade de dias',
    example: 'o que o coopctl serve faz todo dia com o seu --audit-retention',
    removed: (count, days, before) => `${count} registros com mais de ${days} dias apagados (anteriores a ${before})`,
    listOnly: (option) => `${option} escolhe registros para listar: coopctl audit purge apaga só por idade`,
  },
  verify: {
    description: 'confere a cadeia de selos da trilha: nenhum registro alterado, incluído ou removido no lugar',
    example: 'depois de uma cópia, de uma restauração, ou na dúvida',
    intact: (checked) => `a cadeia está íntegra: ${checked} registros conferidos`,
    before: (n) => `${n} registros do início da trilha foram gravados antes da cadeia (coopctl mais antigo)`,
    unchecked: (n, keys) =>
      `${n} registros foram selados com chaves que não estão à mão (ids ${keys}): os seus selos não foram conferidos`,
    broken: (id, at, unsealed) =>
      `a cadeia está quebrada no registro ${id} (${at}): ${unsealed ? 'ele não tem selo (incluído fora do coopctl serve)' : 'o seu selo não confere (ele foi alterado, ou um registro logo antes dele foi alterado, incluído ou removido)'}`,
    noKey: 'o coopctl audit verify confere os selos com a chave da auditoria, e não há nenhuma à mão',
  },
  columns: {
    at: 'momento',
    client: 'cliente',
    tokenLabel: 'rótulo do token',
    operation: 'operação',
    status: 'status HTTP',
    confirma: 'confirmação',
    subject: 'titular',
    reference: 'referência',
    contract: 'contrato',
  },
  kind: (kind) => (kind === 'cpf' ? 'CPF' : kind === 'device' ? 'dispositivo' : kind === 'card' ? 'cartão' : ''),
  time: (t) => `${two(t.getDate())}/${two(t.getMonth() + 1)}/${t.getFullYear()} ${clock(t)}`,
  none: 'nenhum registro',
  more: (shown, total) => `os ${shown} mais recentes de ${total} registros: --limit mostra mais`,
  invalid: {
    since: (value) =>
      `--since: "${value}" não é um momento: informe uma data (30/11/2026 ou 2026-11-30), data e hora (2026-11-30T08:00) ou um intervalo até agora (12h, 7d)`,
    card: '--card: um cartão tem 17 dígitos (espaços, pontos e hífens entre eles são aceitos)',
    cpf: '--cpf: um CPF tem 11 dígitos (529.982.247-25 ou 52998224725)',
    cardAndCpf: '--card e --cpf não podem ser usados juntos: um registro identifica um ou outro',
    operation: (value, audited) => `--operation: "${value}" não é uma operação auditada; elas são ${audited}`,
  },
  open: (p) => {
    switch (p.kind) {
      case 'no-database':
        return `não há banco de dados em ${p.db}: informe onde está com --db (ou $COOPCTL_DB_URL)`;
      case 'not-coopctl':
        return `${p.db} não contém um armazenamento do coopctl`;
      case 'no-audit':
        return `o banco ${p.db} ainda não tem auditoria de acesso (versão de esquema ${p.version}): inicie o coopctl serve nele uma vez para atualizá-lo`;
      case 'newer':
        return `o banco ${p.db} tem a versão de esquema ${p.version}, mais nova do que este coopctl conhece (${p.current})`;
      case 'cannot-open':
        return `não foi possível abrir o banco ${p.db}: ${p.reason}`;
    }
  },
  key: (option, p) => {
    const why: Record<KeyProblem['kind'], string> = {
      open: `o arquivo da chave, ${p.file}, está aberto a outros usuários: execute chmod 600 ${p.file}`,
      'not-a-key': `o arquivo da chave, ${p.file}, não contém uma chave de auditoria`,
      unreadable: `o arquivo da chave, ${p.file}, não pode ser lido`,
      unwritable: `o arquivo da chave, ${p.file}, não pode ser gravado`,
      missing: `o arquivo da chave, ${p.file}, sumiu (a trilha foi gravada com uma chave): restaure-o de um backup`,
      other: `a chave em ${p.file} não é aquela com que a trilha foi gravada: informe o arquivo certo`,
    };
    return `${option} é achado pela chave da auditoria, e ${why[p.kind]}`;
  },
  noKey: (option) => `${option} é achado pela chave da auditoria, e não há nenhuma: nenhum registro identifica alguém`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
