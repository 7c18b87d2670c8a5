-- The bonus points a finished tournament gave for a place in a group (the
-- association's promotion points), with the rank the player held then: the
-- association policy adds them to the promotion average at that rank.
CREATE TABLE tournament_awards (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  user_id       INTEGER NOT NULL REFERENCES users(id),
  place         INTEGER NOT NULL CHECK (place >= 1),
  points        INTEGER NOT NULL CHECK (points > 0),
  rank          INTEGER NOT NULL,
  awarded_ms    INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;
CREATE INDEX tournament_awards_by_user ON tournament_awards(user_id, awarded_ms);
