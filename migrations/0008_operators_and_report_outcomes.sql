-- The audit log names who acted at the machine (yunzi-admin's database
-- commands) without pretending an account did it, and reports end as
-- resolved or dismissed with a note.

-- actor_id becomes optional: an entry without it was written by an operator
-- at the machine, named in actor_name (the operating-system user).
CREATE TABLE audit_log_new (
  id             INTEGER PRIMARY KEY,
  actor_id       INTEGER REFERENCES users(id),
  actor_name     TEXT    NOT NULL DEFAULT '',
  action         TEXT    NOT NULL,
  target_user_id INTEGER REFERENCES users(id),
  target_game_id INTEGER REFERENCES games(id),
  reason         TEXT    NOT NULL DEFAULT '',
  detail         TEXT    NOT NULL DEFAULT '',
  at_ms          INTEGER NOT NULL,
  CHECK (actor_id IS NOT NULL OR actor_name <> '')
);
INSERT INTO audit_log_new (id, actor_id, action, target_user_id, target_game_id, reason, detail, at_ms)
  SELECT id, actor_id, action, target_user_id, target_game_id, reason, detail, at_ms FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;

-- The database commands used to write the account they changed as the
-- actor; nobody knows now who ran them.
UPDATE audit_log SET actor_id = NULL, actor_name = 'local operator'
  WHERE action IN ('db create-admin', 'db set-role');

-- A closed report says how it ended and why.
ALTER TABLE reports ADD COLUMN outcome TEXT CHECK (outcome IN ('resolved', 'dismissed'));
ALTER TABLE reports ADD COLUMN note TEXT NOT NULL DEFAULT '';
