-- Moderation and the bookkeeping the ranking rules need.

CREATE TABLE audit_log (
  id             INTEGER PRIMARY KEY,
  actor_id       INTEGER NOT NULL REFERENCES users(id),
  action         TEXT    NOT NULL,             -- ban, unban, mute, kick, annul, set_rank, broadcast, ...
  target_user_id INTEGER REFERENCES users(id),
  target_game_id INTEGER REFERENCES games(id),
  reason         TEXT    NOT NULL DEFAULT '',
  detail         TEXT    NOT NULL DEFAULT '',
  at_ms          INTEGER NOT NULL
);

CREATE TABLE reports (
  id             INTEGER PRIMARY KEY,
  reporter_id    INTEGER NOT NULL REFERENCES users(id),
  reported_id    INTEGER NOT NULL REFERENCES users(id),
  game_id        INTEGER REFERENCES games(id),
  reason         TEXT    NOT NULL,
  created_ms     INTEGER NOT NULL,
  status         TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  handled_by     INTEGER REFERENCES users(id),
  handled_ms     INTEGER
);
CREATE INDEX open_reports ON reports(id) WHERE status = 'open';

-- Names of closed accounts, never to be registered again.
CREATE TABLE retired_names (
  name_key   TEXT    PRIMARY KEY,
  name       TEXT    NOT NULL,
  user_id    INTEGER REFERENCES users(id),
  retired_ms INTEGER NOT NULL
) WITHOUT ROWID;

-- A rated win turned friendly by the validity rules (or an annulment).
CREATE TABLE rated_conversions (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),  -- the player whose block lost the game
  reason  TEXT    NOT NULL,
  at_ms   INTEGER NOT NULL,
  UNIQUE (game_id, user_id)
);

-- Rated games that ended before move 100, for the admins' review list.
CREATE TABLE short_game_flags (
  game_id    INTEGER PRIMARY KEY REFERENCES games(id),
  move_count INTEGER NOT NULL,
  flagged_ms INTEGER NOT NULL
);
