-- What a bot account says it plays (the engine, its strength in words, the
-- board sizes, clocks and handicaps it accepts), as the JSON text the
-- server made of its last bot.offer: the list of machine opponents.
CREATE TABLE bot_offers (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id),
  offer      TEXT NOT NULL,
  updated_ms INTEGER NOT NULL
);
-- The list of bots, read by every lobby once a minute: without it, a scan of
-- every account.
CREATE INDEX users_bots ON users (rank, name_key) WHERE role = 'bot' AND closed = 0;
