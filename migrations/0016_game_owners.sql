-- Which node of a cluster runs each live game. A node holds a game while its
-- lease lasts and renews every lease it holds in the background; another
-- node may take a game over once its lease has run out, and does so by
-- raising the epoch. Every write of a game checks the epoch in the same
-- transaction, so a node that lost a game can no longer write to it. A single
-- node (on SQLite or PostgreSQL) does not use the table.
CREATE TABLE game_owners (
  game_id        INTEGER PRIMARY KEY REFERENCES games(id),
  node           TEXT NOT NULL,
  epoch          INTEGER NOT NULL CHECK (epoch >= 1),
  lease_until_ms INTEGER NOT NULL
);
CREATE INDEX game_owners_by_node ON game_owners(node);
