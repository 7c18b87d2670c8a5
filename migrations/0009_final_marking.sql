-- The dead stones both players agreed to when a game was counted, kept with
-- the game so its final board and the SGF's territory (TB/TW) can be shown
-- again once the room is gone. A counted game with no dead stones has no
-- rows; games that ended otherwise have none either.
CREATE TABLE game_final_marking (
  game_id INTEGER NOT NULL REFERENCES games(id),
  x       INTEGER NOT NULL,
  y       INTEGER NOT NULL,
  PRIMARY KEY (game_id, x, y)
) WITHOUT ROWID;
