-- Players a user follows (their online status on the user's players page).
CREATE TABLE follows (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  followed_id INTEGER NOT NULL REFERENCES users(id) CHECK (followed_id <> user_id),
  created_ms  INTEGER NOT NULL,
  PRIMARY KEY (user_id, followed_id)
) WITHOUT ROWID;
