-- A player's followers, read when the player comes online or starts a game
-- to tell them so.
CREATE INDEX follows_by_followed ON follows (followed_id, user_id);
