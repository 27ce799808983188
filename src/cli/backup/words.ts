/**
 * `coopctl backup`: its help, its outcome and its errors (what
 * src/server/store/sqlite/backup.ts reports as data).
 */
import type { BackupProblem } from '../../server/store/sqlite/backup.js';
import type { Translation, Words } from '../i18n/shape.js';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

const en = {
  destName: 'dest',
  dest: 'the new file of the copy (it must not exist)',
  db: 'SQLite database file (default: $COOPCTL_DB_URL, else the file coopctl serve uses)',
  note: 'The copy is one moment of the database, taken while its server goes on serving (SQLite’s VACUUM INTO, read-only: no write waits for it); it is private (0600), holds no free space, and is checked before it takes its name. The audit key beside the database is copied beside the copy (DEST.audit-key): serve the copy with both. Copying the database file with cp while the server runs is not a backup (its latest writes are in its -wal). A PostgreSQL database is backed up with pg_dump.',
  example: 'a copy for tonight’s backup, with its audit key beside it',
  done: (dest: string, bytes: number, key: string | undefined) =>
    key === undefined
      ? `backed up to ${dest} (${size(bytes)}); the database has no audit key beside it`
      : `backed up to ${dest} (${size(bytes)}), its audit key to ${key}`,
  memory: 'an in-memory database (:memory:) has nothing to back up: give the database file with --db',
  postgres: (url: string) =>
    `coopctl backup copies a SQLite file; back up a PostgreSQL database with pg_dump, consistent while the servers run: pg_dump --format=custom --file DEST '${url}'`,
  keyExists: (key: string) => `${key} already exists: give a DEST whose audit key file is not taken`,
  problem: (p: BackupProblem) => {
    switch (p.kind) {
      case 'noSource':
        return `the database ${p.path} does not exist`;
      case 'destExists':
        return `${p.path} already exists: give a new file (a backup never overwrites one)`;
      case 'notCoopctl':
        return `${p.path} is not a coopctl database`;
      case 'failed':
        return `the backup into ${p.path} failed: ${p.detail}; nothing was written there`;
    }
  },
};

const ptBR: Translation<typeof en> = {
  destName: 'destino',
  dest: 'o arquivo novo da cópia (não pode existir)',
  db: 'arquivo do banco SQLite (padrão: $COOPCTL_DB_URL, senão o arquivo que o coopctl serve usa)',
  note: 'A cópia é um momento do banco, tirado enquanto o servidor continua atendendo (VACUUM INTO do SQLite, só leitura: nenhuma gravação espera por ela); é privada (0600), não guarda espaço livre e é verificada antes de receber o nome. A chave de auditoria ao lado do banco é copiada ao lado da cópia (DESTINO.audit-key): sirva a cópia com as duas. Copiar o arquivo do banco com cp com o servidor em execução não é um backup (as últimas gravações estão no -wal). Um banco PostgreSQL se copia com o pg_dump.',
  example: 'uma cópia para o backup desta noite, com a chave de auditoria ao lado',
  done: (dest, bytes, key) =>
    key === undefined
      ? `backup feito em ${dest} (${size(bytes)}); o banco não tem chave de auditoria ao lado`
      : `backup feito em ${dest} (${size(bytes)}), a chave de auditoria em ${key}`,
  memory: 'um banco em memória (:memory:) não tem o que copiar: informe o arquivo do banco com --db',
  postgres: (url) =>
    `o coopctl backup copia um arquivo SQLite; faça o backup de um banco PostgreSQL com o pg_dump, consistente com os servidores em execução: pg_dump --format=custom --file DESTINO '${url}'`,
  keyExists: (key) => `${key} já existe: informe um DESTINO cujo arquivo de chave de auditoria esteja livre`,
  problem: (p) => {
    switch (p.kind) {
      case 'noSource':
        return `o banco de dados ${p.path} não existe`;
      case 'destExists':
        return `${p.path} já existe: informe um arquivo novo (um backup nunca sobrescreve outro)`;
      case 'notCoopctl':
        return `${p.path} não é um banco de dados do coopctl`;
      case 'failed':
        return `o backup em ${p.path} falhou: ${p.detail}; nada foi gravado lá`;
    }
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
