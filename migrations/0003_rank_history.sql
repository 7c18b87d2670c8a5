-- What an annulment and a 6d recommendation leave behind.

-- A rank event an annulment's recomputation no longer stands by stays on
-- record, marked with the time it was set aside.
ALTER TABLE rank_events ADD COLUMN superseded_ms INTEGER;

-- Finding a player's rated games in the order they finished.
CREATE INDEX games_ended_by_black ON games(black_id, ended_ms) WHERE status = 'ended' AND rated = 1;
CREATE INDEX games_ended_by_white ON games(white_id, ended_ms) WHERE status = 'ended' AND rated = 1;

-- A 9d's recommendation of a player to 6d; revocation returns the player to
-- `former_rank` and keeps the recommender from recommending again for a while.
CREATE TABLE recommendations (
  id             INTEGER PRIMARY KEY,
  recommender_id INTEGER NOT NULL REFERENCES users(id),
  user_id        INTEGER NOT NULL REFERENCES users(id),
  former_rank    INTEGER NOT NULL,
  at_ms          INTEGER NOT NULL,
  revoked_ms     INTEGER,
  revoked_by     INTEGER REFERENCES users(id)
);
CREATE INDEX recommendations_by_user ON recommendations(user_id, id);
CREATE INDEX recommendations_by_recommender ON recommendations(recommender_id, id);
