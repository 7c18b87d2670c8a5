-- What an imported record says besides its moves: the result (RE) and the
-- comments (C) of its nodes, kept with the board (db/board_tree_text.hpp
-- spells the comments). Boards from games and empty boards have neither.
ALTER TABLE boards ADD COLUMN result TEXT NOT NULL DEFAULT '';
ALTER TABLE boards ADD COLUMN comments TEXT NOT NULL DEFAULT '';
