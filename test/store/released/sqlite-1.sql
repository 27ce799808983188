
  CREATE TABLE counter (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE contract (
    id                      INTEGER PRIMARY KEY,
    registro_ans            TEXT NOT NULL,
    coop_id                 INTEGER NOT NULL,
    produto_tabela_id       INTEGER NOT NULL,
    origem                  TEXT NOT NULL,
    details                 TEXT NOT NULL,         -- the other creation fields, as JSON
    status                  TEXT NOT NULL CHECK (status IN ('proposta', 'ativo', 'suspenso', 'cancelado')),
    created_on              TEXT NOT NULL,         -- yyyy-mm-dd
    start_on                TEXT,                  -- yyyy-mm-dd
    payer                   TEXT                   -- the financial responsible party, as JSON
  ) STRICT;

  CREATE TABLE beneficiary (
    id                      INTEGER PRIMARY KEY,
    contract_id             INTEGER NOT NULL REFERENCES contract (id),
    status                  TEXT NOT NULL CHECK (status IN ('ativo', 'suspenso', 'cancelado')),
    cpf                     TEXT NOT NULL,
    nome                    TEXT NOT NULL DEFAULT '',
    nome_mae                TEXT NOT NULL DEFAULT '',
    data_nasc               TEXT,                  -- yyyy-mm-dd
    details                 TEXT,                  -- enrolment fields, as JSON
    card                    TEXT UNIQUE,           -- 17 digits; null until a card is issued
    permite_atualizar       TEXT CHECK (permite_atualizar IN ('S', 'N')),
    codigo_usuario_portal   INTEGER,
    grupo_usuario           INTEGER,
    tipo_beneficiario       INTEGER,
    lote                    INTEGER NOT NULL DEFAULT 0,
    movimento               INTEGER NOT NULL DEFAULT 0,
    changed_on              TEXT,                  -- yyyy-mm-dd of the last registration change
    CHECK (card IS NULL OR (data_nasc IS NOT NULL AND permite_atualizar IS NOT NULL AND codigo_usuario_portal IS NOT NULL
                            AND grupo_usuario IS NOT NULL AND tipo_beneficiario IS NOT NULL))
  ) STRICT;
  CREATE INDEX beneficiary_contract ON beneficiary (contract_id, status);
  CREATE INDEX beneficiary_audience ON beneficiary (grupo_usuario, tipo_beneficiario) WHERE card IS NOT NULL;

  CREATE TABLE address (
    beneficiary_id          INTEGER NOT NULL REFERENCES beneficiary (id) ON DELETE CASCADE,
    codigo                  INTEGER NOT NULL CHECK (codigo BETWEEN 1 AND 99),
    tipo                    TEXT NOT NULL,
    cep                     TEXT NOT NULL,
    logradouro              TEXT NOT NULL,
    numero                  TEXT NOT NULL,
    complemento             TEXT NOT NULL,
    estado                  TEXT NOT NULL,
    cidade                  TEXT NOT NULL,
    bairro                  TEXT NOT NULL,
    ponto_referencia        TEXT NOT NULL,
    caixa_postal            TEXT NOT NULL,
    ind_correspondencia     TEXT NOT NULL,
    ind_fatura              TEXT NOT NULL,
    PRIMARY KEY (beneficiary_id, codigo)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE contact (
    beneficiary_id          INTEGER PRIMARY KEY REFERENCES beneficiary (id) ON DELETE CASCADE,
    codigo                  INTEGER NOT NULL,
    telefone                TEXT NOT NULL,
    celular                 TEXT NOT NULL,
    fax                     TEXT NOT NULL,
    email                   TEXT NOT NULL
  ) STRICT;

  CREATE TABLE cep (
    cep                     TEXT PRIMARY KEY,
    logradouro              TEXT NOT NULL,
    bairro                  TEXT NOT NULL,
    cidade                  TEXT NOT NULL,
    estado                  TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE medical_item (
    id                      INTEGER PRIMARY KEY,
    beneficiary_id          INTEGER NOT NULL REFERENCES beneficiary (id) ON DELETE CASCADE,
    kind                    TEXT NOT NULL,         -- allergies, certificates, exams, medications, plans, problems
    body                    TEXT NOT NULL          -- the item's record fields, as JSON
  ) STRICT;
  CREATE INDEX medical_item_owner ON medical_item (beneficiary_id, kind);

  CREATE TABLE enrolment_record (
    id                      INTEGER PRIMARY KEY,
    beneficiary_id          INTEGER NOT NULL REFERENCES beneficiary (id),
    kind                    TEXT NOT NULL CHECK (kind IN ('contato', 'documento', 'endereco')),
    body                    TEXT NOT NULL          -- the request's fields, as JSON
  ) STRICT;
  CREATE INDEX enrolment_record_owner ON enrolment_record (beneficiary_id);

  CREATE TABLE health_answer (
    beneficiary_id          INTEGER NOT NULL REFERENCES beneficiary (id),
    formulario_id           INTEGER NOT NULL,
    pergunta_id             INTEGER NOT NULL,
    resposta                TEXT NOT NULL CHECK (resposta IN ('S', 'N')),
    descricao               TEXT,
    PRIMARY KEY (beneficiary_id, formulario_id, pergunta_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE provider (
    code                    INTEGER PRIMARY KEY,   -- prest_cod_svc_card
    cd_coop_prest           INTEGER NOT NULL,
    nome                    TEXT NOT NULL
  ) STRICT;

  CREATE TABLE location (
    cd_local                INTEGER PRIMARY KEY,
    nm_local                TEXT NOT NULL,
    endereco                TEXT NOT NULL
  ) STRICT;

  CREATE TABLE provider_location (
    provider                INTEGER NOT NULL REFERENCES provider (code),
    cd_local                INTEGER NOT NULL REFERENCES location (cd_local),
    PRIMARY KEY (provider, cd_local)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE slot (
    id                      INTEGER PRIMARY KEY,
    provider                INTEGER NOT NULL,
    cd_local                INTEGER NOT NULL,
    tp_evento               INTEGER NOT NULL,
    data                    TEXT NOT NULL,         -- yyyy-mm-dd
    hora_inicio             TEXT NOT NULL,         -- hh:mi
    hora_fim                TEXT NOT NULL,
    FOREIGN KEY (provider, cd_local) REFERENCES provider_location (provider, cd_local),
    UNIQUE (provider, cd_local, data, hora_inicio, hora_fim, tp_evento)
  ) STRICT;

  CREATE TABLE appointment (
    cd_evento               INTEGER PRIMARY KEY,
    beneficiary_id          INTEGER NOT NULL REFERENCES beneficiary (id),
    provider                INTEGER NOT NULL REFERENCES provider (code),
    cd_local                INTEGER NOT NULL REFERENCES location (cd_local),
    tp_evento               INTEGER NOT NULL,
    data_consulta           TEXT NOT NULL,
    hora_inicio             TEXT NOT NULL,
    hora_fim                TEXT NOT NULL,
    status                  TEXT NOT NULL CHECK (status IN ('aguardando', 'confirmado', 'realizado', 'faltou', 'cancelado')),
    data_cadastro           TEXT NOT NULL,
    slot_id                 INTEGER REFERENCES slot (id),
    contact                 TEXT                   -- what the request gave to reach the beneficiary, as JSON
  ) STRICT;
  CREATE INDEX appointment_owner ON appointment (beneficiary_id, data_consulta, hora_inicio);
  -- The backstop of race-free booking: a slot has at most one appointment that is not cancelled.
  CREATE UNIQUE INDEX appointment_slot_taken ON appointment (slot_id) WHERE slot_id IS NOT NULL AND status <> 'cancelado';

  CREATE TABLE device (
    id                      INTEGER PRIMARY KEY,
    pushid                  TEXT NOT NULL UNIQUE,
    token                   TEXT NOT NULL UNIQUE,
    tipo                    INTEGER NOT NULL,
    beneficiary_id          INTEGER REFERENCES beneficiary (id),
    active                  INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    registered_on           TEXT NOT NULL
  ) STRICT;
  CREATE INDEX device_active ON device (active);
  CREATE INDEX device_owner ON device (beneficiary_id) WHERE beneficiary_id IS NOT NULL;

  CREATE TABLE notification (
    id                      TEXT PRIMARY KEY,
    conteudo                TEXT NOT NULL,
    tipo_notificacao        INTEGER NOT NULL,
    usuario_envio           INTEGER NOT NULL,
    audience                TEXT NOT NULL,         -- the filters, as JSON ("all" for everyone)
    recipients              INTEGER NOT NULL,
    sent_at                 TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  