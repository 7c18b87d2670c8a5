-- A game's chat, kept with the game so a late joiner, a reload and a
-- restart see it. Bounded per game by the server (the newest
-- max_chat_lines_per_game lines, db/records.hpp).
CREATE TABLE game_chat (
  id        INTEGER PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES games(id),
  from_name TEXT NOT NULL,
  text      TEXT NOT NULL,
  channel   TEXT NOT NULL CHECK (channel IN ('players', 'spectators')),
  at_ms     INTEGER NOT NULL
);
CREATE INDEX game_chat_by_game ON game_chat(game_id, id);
