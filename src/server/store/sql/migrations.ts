/**
 * The database schema of both stores, as versioned migrations written once:
 * migration N makes the same tables, columns, constraints and indexes in
 * SQLite and in PostgreSQL, in the words of each (dialect.ts: 8-byte integers,
 * generated ids, SQLite's STRICT tables), so that a SQLite store copies into a
 * PostgreSQL one column for column (postgres/import.ts). Opening a database
 * applies the migrations it lacks, in one transaction, and does nothing when
 * it is current; SQLite counts them in `PRAGMA user_version`, PostgreSQL in the
 * table `coopctl_schema_version`. A migration is never edited once released
 * (test/store/schema.test.ts compares what it makes with the DDL released): a
 * change is a new migration.
 *
 * Integer ids and codes are 8-byte integers; JSON documents are kept as text,
 * as the request gave them (PostgreSQL's jsonb would reorder their fields);
 * dates are `yyyy-mm-dd` text and compare the same way in both. Rows are never
 * deleted from the tables with generated ids, so no id is handed out twice.
 */
import type { Dialect } from './dialect.js';

/**
 * The counters' rows: a PostgreSQL stamp locks them (SELECT … FOR UPDATE),
 * so they must exist; SQLite's write transaction holds the whole database.
 */
const COUNTER_ROWS = "  INSERT INTO counter (name, value) VALUES ('lote', 0), ('movimento', 0);\n";

export const migrations: ReadonlyArray<(d: Dialect) => string> = [
  // 1: the whole schema of the first release.
  (d) => `
  CREATE TABLE counter (
    name  ${d.text} PRIMARY KEY,
    value ${d.int} NOT NULL
  )${d.tableEnd.keyed};
${d.name === 'postgres' ? COUNTER_ROWS : ''}
  CREATE TABLE contract (
    id                      ${d.id},
    registro_ans            ${d.text} NOT NULL,
    coop_id                 ${d.int} NOT NULL,
    produto_tabela_id       ${d.int} NOT NULL,
    origem                  ${d.text} NOT NULL,
    details                 ${d.text} NOT NULL,         -- the other creation fields, as JSON
    status                  ${d.text} NOT NULL CHECK (status IN ('proposta', 'ativo', 'suspenso', 'cancelado')),
    created_on              ${d.text} NOT NULL,         -- yyyy-mm-dd
    start_on                ${d.text},                  -- yyyy-mm-dd
    payer                   ${d.text}                   -- the financial responsible party, as JSON
  )${d.tableEnd.plain};

  CREATE TABLE beneficiary (
    id                      ${d.id},
    contract_id             ${d.int} NOT NULL REFERENCES contract (id),
    status                  ${d.text} NOT NULL CHECK (status IN ('ativo', 'suspenso', 'cancelado')),
    cpf                     ${d.text} NOT NULL,
    nome                    ${d.text} NOT NULL DEFAULT '',
    nome_mae                ${d.text} NOT NULL DEFAULT '',
    data_nasc               ${d.text},                  -- yyyy-mm-dd
    details                 ${d.text},                  -- enrolment fields, as JSON
    card                    ${d.text} UNIQUE,           -- 17 digits; null until a card is issued
    permite_atualizar       ${d.text} CHECK (permite_atualizar IN ('S', 'N')),
    codigo_usuario_portal   ${d.int},
    grupo_usuario           ${d.int},
    tipo_beneficiario       ${d.int},
    lote                    ${d.int} NOT NULL DEFAULT 0,
    movimento               ${d.int} NOT NULL DEFAULT 0,
    changed_on              ${d.text},                  -- yyyy-mm-dd of the last registration change
    CHECK (card IS NULL OR (data_nasc IS NOT NULL AND permite_atualizar IS NOT NULL AND codigo_usuario_portal IS NOT NULL
                            AND grupo_usuario IS NOT NULL AND tipo_beneficiario IS NOT NULL))
  )${d.tableEnd.plain};
  CREATE INDEX beneficiary_contract ON beneficiary (contract_id, status);
  CREATE INDEX beneficiary_audience ON beneficiary (grupo_usuario, tipo_beneficiario) WHERE card IS NOT NULL;

  CREATE TABLE address (
    beneficiary_id          ${d.int} NOT NULL REFERENCES beneficiary (id) ON DELETE CASCADE,
    codigo                  ${d.int} NOT NULL CHECK (codigo BETWEEN 1 AND 99),
    tipo                    ${d.text} NOT NULL,
    cep                     ${d.text} NOT NULL,
    logradouro              ${d.text} NOT NULL,
    numero                  ${d.text} NOT NULL,
    complemento             ${d.text} NOT NULL,
    estado                  ${d.text} NOT NULL,
    cidade                  ${d.text} NOT NULL,
    bairro                  ${d.text} NOT NULL,
    ponto_referencia        ${d.text} NOT NULL,
    caixa_postal            ${d.text} NOT NULL,
    ind_correspondencia     ${d.text} NOT NULL,
    ind_fatura              ${d.text} NOT NULL,
    PRIMARY KEY (beneficiary_id, codigo)
  )${d.tableEnd.keyed};

  CREATE TABLE contact (
    beneficiary_id          ${d.int} PRIMARY KEY REFERENCES beneficiary (id) ON DELETE CASCADE,
    codigo                  ${d.int} NOT NULL,
    telefone                ${d.text} NOT NULL,
    celular                 ${d.text} NOT NULL,
    fax                     ${d.text} NOT NULL,
    email                   ${d.text} NOT NULL
  )${d.tableEnd.plain};

  CREATE TABLE cep (
    cep                     ${d.text} PRIMARY KEY,
    logradouro              ${d.text} NOT NULL,
    bairro                  ${d.text} NOT NULL,
    cidade                  ${d.text} NOT NULL,
    estado                  ${d.text} NOT NULL
  )${d.tableEnd.keyed};

  CREATE TABLE medical_item (
    id                      ${d.id},
    beneficiary_id          ${d.int} NOT NULL REFERENCES beneficiary (id) ON DELETE CASCADE,
    kind                    ${d.text} NOT NULL,         -- allergies, certificates, exams, medications, plans, problems
    body                    ${d.text} NOT NULL          -- the item's record fields, as JSON
  )${d.tableEnd.plain};
  CREATE INDEX medical_item_owner ON medical_item (beneficiary_id, kind);

  CREATE TABLE enrolment_record (
    id                      ${d.id},
    beneficiary_id          ${d.int} NOT NULL REFERENCES beneficiary (id),
    kind                    ${d.text} NOT NULL CHECK (kind IN ('contato', 'documento', 'endereco')),
    body                    ${d.text} NOT NULL          -- the request's fields, as JSON
  )${d.tableEnd.plain};
  CREATE INDEX enrolment_record_owner ON enrolment_record (beneficiary_id);

  CREATE TABLE health_answer (
    beneficiary_id          ${d.int} NOT NULL REFERENCES beneficiary (id),
    formulario_id           ${d.int} NOT NULL,
    pergunta_id             ${d.int} NOT NULL,
    resposta                ${d.text} NOT NULL CHECK (resposta IN ('S', 'N')),
    descricao               ${d.text},
    PRIMARY KEY (beneficiary_id, formulario_id, pergunta_id)
  )${d.tableEnd.keyed};

  CREATE TABLE provider (
    code                    ${d.int} PRIMARY KEY,   -- prest_cod_svc_card
    cd_coop_prest           ${d.int} NOT NULL,
    nome                    ${d.text} NOT NULL
  )${d.tableEnd.plain};

  CREATE TABLE location (
    cd_local                ${d.int} PRIMARY KEY,
    nm_local                ${d.text} NOT NULL,
    endereco                ${d.text} NOT NULL
  )${d.tableEnd.plain};

  CREATE TABLE provider_location (
    provider                ${d.int} NOT NULL REFERENCES provider (code),
    cd_local                ${d.int} NOT NULL REFERENCES location (cd_local),
    PRIMARY KEY (provider, cd_local)
  )${d.tableEnd.keyed};

  CREATE TABLE slot (
    id                      ${d.id},
    provider                ${d.int} NOT NULL,
    cd_local                ${d.int} NOT NULL,
    tp_evento               ${d.int} NOT NULL,
    data                    ${d.text} NOT NULL,         -- yyyy-mm-dd
    hora_inicio             ${d.text} NOT NULL,         -- hh:mi
    hora_fim                ${d.text} NOT NULL,
    FOREIGN KEY (provider, cd_local) REFERENCES provider_location (provider, cd_local),
    UNIQUE (provider, cd_local, data, hora_inicio, hora_fim, tp_evento)
  )${d.tableEnd.plain};

  CREATE TABLE appointment (
    cd_evento               ${d.id},
    beneficiary_id          ${d.int} NOT NULL REFERENCES beneficiary (id),
    provider                ${d.int} NOT NULL REFERENCES provider (code),
    cd_local                ${d.int} NOT NULL REFERENCES location (cd_local),
    tp_evento               ${d.int} NOT NULL,
    data_consulta           ${d.text} NOT NULL,
    hora_inicio             ${d.text} NOT NULL,
    hora_fim                ${d.text} NOT NULL,
    status                  ${d.text} NOT NULL CHECK (status IN ('aguardando', 'confirmado', 'realizado', 'faltou', 'cancelado')),
    data_cadastro           ${d.text} NOT NULL,
    slot_id                 ${d.int} REFERENCES slot (id),
    contact                 ${d.text}                   -- what the request gave to reach the beneficiary, as JSON
  )${d.tableEnd.plain};
  CREATE INDEX appointment_owner ON appointment (beneficiary_id, data_consulta, hora_inicio);
  -- The backstop of race-free booking: a slot has at most one appointment that is not cancelled.
  CREATE UNIQUE INDEX appointment_slot_taken ON appointment (slot_id) WHERE slot_id IS NOT NULL AND status <> 'cancelado';

  CREATE TABLE device (
    id                      ${d.id},
    pushid                  ${d.text} NOT NULL UNIQUE,
    token                   ${d.text} NOT NULL UNIQUE,
    tipo                    ${d.int} NOT NULL,
    beneficiary_id          ${d.int} REFERENCES beneficiary (id),
    active                  ${d.int4} NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    registered_on           ${d.text} NOT NULL
  )${d.tableEnd.plain};
  CREATE INDEX device_active ON device (active);
  CREATE INDEX device_owner ON device (beneficiary_id) WHERE beneficiary_id IS NOT NULL;

  CREATE TABLE notification (
    id                      ${d.text} PRIMARY KEY,
    conteudo                ${d.text} NOT NULL,
    tipo_notificacao        ${d.int} NOT NULL,
    usuario_envio           ${d.int} NOT NULL,
    audience                ${d.text} NOT NULL,         -- the filters, as JSON ("all" for everyone)
    recipients              ${d.int} NOT NULL,
    sent_at                 ${d.text} NOT NULL
  )${d.tableEnd.keyed};
  `,
  // 2: the appointments of a slot, whatever their status: whether a slot is free is the domain's
  // rule (src/server/domain/schedule.ts), so listing slots reads all of them.
  () => `
  CREATE INDEX appointment_slot ON appointment (slot_id) WHERE slot_id IS NOT NULL;
  `,
  // 3: the access audit (areas/audit.ts): a record per request to an operation that reads or changes
  // personal data, the person as a keyed hash; and the id of the key of those hashes.
  (d) => `
  CREATE TABLE audit (
    id                      ${d.id},
    at                      ${d.int} NOT NULL,      -- ms since 1970, UTC
    client                  ${d.text} NOT NULL,
    token_label             ${d.text},
    operation               ${d.text} NOT NULL,
    status                  ${d.int4} NOT NULL,
    confirma                ${d.int},
    subject_kind            ${d.text},
    subject                 ${d.text},                  -- HMAC-SHA-256 of the card, CPF or device id (hex); never the value
    reference               ${d.text},
    request_id              ${d.text}
  )${d.tableEnd.plain};
  CREATE INDEX audit_subject ON audit (subject) WHERE subject IS NOT NULL;
  CREATE INDEX audit_at ON audit (at);

  CREATE TABLE audit_key (
    one                     ${d.int4} PRIMARY KEY CHECK (one = 1),
    key_id                  ${d.text} NOT NULL
  )${d.tableEnd.plain};
  `,
  // 4: whose data a record names besides its subject (the request's contract; the payer a payer change
  // replaced, as a keyed hash), the key of its hashes, and its seal: an HMAC over the record and the seal of
  // the record before it (src/server/audit/seal.ts); audit_anchor keeps the seal of the last record purged.
  (d) => `
  ALTER TABLE audit ADD COLUMN contract ${d.int};
  ALTER TABLE audit ADD COLUMN previous ${d.text};
  ALTER TABLE audit ADD COLUMN key_id ${d.text};
  ALTER TABLE audit ADD COLUMN seal ${d.text};
  CREATE INDEX audit_contract ON audit (contract) WHERE contract IS NOT NULL;
  CREATE INDEX audit_previous ON audit (previous) WHERE previous IS NOT NULL;

  CREATE TABLE audit_anchor (
    one                     ${d.int4} PRIMARY KEY CHECK (one = 1),
    seal                    ${d.text} NOT NULL
  )${d.tableEnd.plain};
  `,
];

/**
 * Every table of the data, parents before children (so that every foreign key
 * finds its row): what a dataset load replaces and an import copies. The
 * access audit's tables are not data: a load keeps the trail, and an import
 * starts a new one (its hashes are of the SQLite server's key).
 */
export const TABLES = [
  'counter',
  'contract',
  'beneficiary',
  'address',
  'contact',
  'cep',
  'medical_item',
  'enrolment_record',
  'health_answer',
  'provider',
  'location',
  'provider_location',
  'slot',
  'appointment',
  'device',
  'notification',
] as const;
