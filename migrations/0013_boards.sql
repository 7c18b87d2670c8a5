-- Analysis and demo boards: a move tree owned by one user. The tree is kept
-- whole in `tree` (db/board_tree_text.hpp has its spelling), rewritten on
-- each change; a board holds at most a few thousand nodes. A deleted board
-- keeps its row without its tree (deleted_ms set), so the boards a user made
-- in the last hour are counted from the rows, deleted ones included.
CREATE TABLE boards (
  id           INTEGER PRIMARY KEY,
  owner_id     INTEGER NOT NULL REFERENCES users(id),
  title        TEXT NOT NULL,
  size         INTEGER NOT NULL,
  komi         REAL NOT NULL,
  handicap     INTEGER NOT NULL,
  ko_rule      TEXT NOT NULL,
  source_game  INTEGER REFERENCES games(id),
  black_name   TEXT NOT NULL,
  white_name   TEXT NOT NULL,
  setup_black  TEXT NOT NULL,
  setup_white  TEXT NOT NULL,
  tree         TEXT NOT NULL,
  node_count   INTEGER NOT NULL,
  current_node INTEGER NOT NULL,
  created_ms   INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL,
  deleted_ms   INTEGER
);
-- A user's boards, most recently updated first, and how many they hold.
CREATE INDEX boards_by_owner ON boards(owner_id, deleted_ms, updated_ms);
-- The boards a user made in the last hour (the creation cap).
CREATE INDEX boards_by_owner_created ON boards(owner_id, created_ms);
