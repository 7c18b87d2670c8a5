-- The admins' side of two rank rules: short games reviewed and kept, and
-- recommendations to 6d that wait for an admin's decision.

-- A player's short rated game that an admin looked at and kept as played:
-- it no longer puts the player on the review list. Per player, since the
-- same game may be innocent for one side and not for the other.
CREATE TABLE short_game_reviews (
  game_id     INTEGER NOT NULL REFERENCES games(id),
  user_id     INTEGER NOT NULL REFERENCES users(id),
  reviewed_by INTEGER NOT NULL REFERENCES users(id),
  reviewed_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

-- A recommendation is 'pending' until an admin approves it (the user becomes
-- 6d at decided_ms) or rejects it (it never takes effect); a server that
-- applies recommendations at once stores them approved, with no admin.
-- Recommendations stored before this took effect when they were made.
ALTER TABLE recommendations ADD COLUMN status TEXT NOT NULL DEFAULT 'approved'
  CHECK (status IN ('pending', 'approved', 'rejected'));
ALTER TABLE recommendations ADD COLUMN decided_ms INTEGER;
ALTER TABLE recommendations ADD COLUMN decided_by INTEGER REFERENCES users(id);
UPDATE recommendations SET decided_ms = at_ms;
CREATE INDEX recommendations_pending ON recommendations(user_id) WHERE status = 'pending';
