
  CREATE TABLE audit (
    id                      INTEGER PRIMARY KEY,
    at                      INTEGER NOT NULL,      -- ms since 1970, UTC
    client                  TEXT NOT NULL,
    token_label             TEXT,
    operation               TEXT NOT NULL,
    status                  INTEGER NOT NULL,
    confirma                INTEGER,
    subject_kind            TEXT,
    subject                 TEXT,                  -- HMAC-SHA-256 of the card, CPF or device id (hex); never the value
    reference               TEXT,
    request_id              TEXT
  ) STRICT;
  CREATE INDEX audit_subject ON audit (subject) WHERE subject IS NOT NULL;
  CREATE INDEX audit_at ON audit (at);

  CREATE TABLE audit_key (
    one                     INTEGER PRIMARY KEY CHECK (one = 1),
    key_id                  TEXT NOT NULL
  ) STRICT;
  