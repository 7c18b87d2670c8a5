-- Accounts, sessions, games and their moves. Times are Unix milliseconds.
-- Ranks are indexes into the rank table: 18k = 1 ... 1k = 18, 1d = 19 ... 9d = 27.

CREATE TABLE users (
  id              INTEGER PRIMARY KEY,
  name            TEXT    NOT NULL,            -- as given, in NFC
  name_key        TEXT    NOT NULL UNIQUE,     -- NFC with ASCII letters folded to lower case
  password_hash   TEXT    NOT NULL,
  rank            INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 27),
  role            TEXT    NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'bot', 'admin')),
  created_ms      INTEGER NOT NULL,
  last_login_ms   INTEGER,
  banned_until_ms INTEGER,
  muted_until_ms  INTEGER,
  closed          INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1))
);

CREATE TABLE sessions (
  token_hash BLOB    PRIMARY KEY,              -- SHA-256 of the token; the token itself is never stored
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_user ON sessions(user_id);

CREATE TABLE games (
  id               INTEGER PRIMARY KEY,
  black_id         INTEGER NOT NULL REFERENCES users(id),
  white_id         INTEGER NOT NULL REFERENCES users(id),
  black_rank       INTEGER NOT NULL,
  white_rank       INTEGER NOT NULL,
  settings_json    TEXT    NOT NULL,
  rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
  handicap         INTEGER NOT NULL CHECK (handicap BETWEEN 0 AND 9),
  komi             REAL    NOT NULL,
  size             INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
  time_system      TEXT    NOT NULL,           -- byoyomi, fischer, canadian, absolute, none
  time_main_s      INTEGER NOT NULL DEFAULT 0,
  time_periods     INTEGER NOT NULL DEFAULT 0,
  time_period_s    INTEGER NOT NULL DEFAULT 0,
  time_stones      INTEGER NOT NULL DEFAULT 0,
  time_increment_s INTEGER NOT NULL DEFAULT 0,
  time_max_s       INTEGER NOT NULL DEFAULT 0,
  status           TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'ended')),
  result           TEXT,                       -- SGF form: B+R, W+3.5, B+T, W+F, 0, Void
  reason           TEXT,
  move_count       INTEGER NOT NULL DEFAULT 0,
  started_ms       INTEGER NOT NULL,
  ended_ms         INTEGER,
  clock_state      TEXT    NOT NULL DEFAULT '', -- the server's clock snapshot, for restart recovery
  annulled         INTEGER NOT NULL DEFAULT 0 CHECK (annulled IN (0, 1))
);
CREATE INDEX games_by_black ON games(black_id, id);
CREATE INDEX games_by_white ON games(white_id, id);
CREATE INDEX games_in_progress ON games(id) WHERE status = 'playing';

CREATE TABLE moves (
  game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  number        INTEGER NOT NULL CHECK (number >= 1),
  color         TEXT    NOT NULL CHECK (color IN ('B', 'W')),
  x             INTEGER,                       -- NULL x and y: a pass
  y             INTEGER,
  clock_ms      INTEGER,                       -- the mover's time left after the move
  periods_left  INTEGER,
  server_ms     INTEGER NOT NULL,
  PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

CREATE TABLE rank_events (
  id        INTEGER PRIMARY KEY,
  user_id   INTEGER NOT NULL REFERENCES users(id),
  from_rank INTEGER NOT NULL,
  to_rank   INTEGER NOT NULL,
  reason    TEXT    NOT NULL,
  game_id   INTEGER REFERENCES games(id),
  at_ms     INTEGER NOT NULL
);
CREATE INDEX rank_events_by_user ON rank_events(user_id, id);
