
  ALTER TABLE audit ADD COLUMN contract bigint;
  ALTER TABLE audit ADD COLUMN previous text;
  ALTER TABLE audit ADD COLUMN key_id text;
  ALTER TABLE audit ADD COLUMN seal text;
  CREATE INDEX audit_contract ON audit (contract) WHERE contract IS NOT NULL;
  CREATE INDEX audit_previous ON audit (previous) WHERE previous IS NOT NULL;

  CREATE TABLE audit_anchor (
    one                     integer PRIMARY KEY CHECK (one = 1),
    seal                    text NOT NULL
  );
  