
  ALTER TABLE audit ADD COLUMN contract INTEGER;
  ALTER TABLE audit ADD COLUMN previous TEXT;
  ALTER TABLE audit ADD COLUMN key_id TEXT;
  ALTER TABLE audit ADD COLUMN seal TEXT;
  CREATE INDEX audit_contract ON audit (contract) WHERE contract IS NOT NULL;
  CREATE INDEX audit_previous ON audit (previous) WHERE previous IS NOT NULL;

  CREATE TABLE audit_anchor (
    one                     INTEGER PRIMARY KEY CHECK (one = 1),
    seal                    TEXT NOT NULL
  ) STRICT;
  