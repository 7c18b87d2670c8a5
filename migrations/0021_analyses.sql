-- The machine's reviews of finished games: one row per game and engine
-- (never computed twice), queued by priority (0: asked by a player of the
-- game, 1: anyone else) then age, run by one worker at a time (a bot
-- account running yunzi-reviewer), the result kept as JSON text.
CREATE TABLE analyses (
  id           INTEGER PRIMARY KEY,
  game_id      INTEGER NOT NULL REFERENCES games(id),
  engine       TEXT NOT NULL,
  status       TEXT NOT NULL,
  priority     INTEGER NOT NULL,
  requested_by INTEGER NOT NULL REFERENCES users(id),
  requested_ms INTEGER NOT NULL,
  worker_id    INTEGER REFERENCES users(id),
  started_ms   INTEGER,
  heard_ms     INTEGER,
  finished_ms  INTEGER,
  board_size   INTEGER NOT NULL DEFAULT 19,
  moves_done   INTEGER NOT NULL DEFAULT 0,
  moves_total  INTEGER NOT NULL DEFAULT 0,
  attempts     INTEGER NOT NULL DEFAULT 0,
  result       TEXT NOT NULL DEFAULT '',
  failure      TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX analyses_by_game ON analyses (game_id, engine);
-- The next job for an engine's workers.
CREATE INDEX analyses_queue ON analyses (engine, status, priority, requested_ms);
-- A user's open requests and requests of the last day (the caps).
CREATE INDEX analyses_by_requester ON analyses (requested_by, requested_ms);
