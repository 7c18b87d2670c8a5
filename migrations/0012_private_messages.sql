-- Private messages between two users, kept until deleted with the database.
-- read_ms is set when the recipient marks the conversation read.
CREATE TABLE private_messages (
  id        INTEGER PRIMARY KEY,
  from_id   INTEGER NOT NULL REFERENCES users(id),
  to_id     INTEGER NOT NULL REFERENCES users(id),
  text      TEXT NOT NULL,
  sent_ms   INTEGER NOT NULL,
  read_ms   INTEGER,
  CHECK (from_id <> to_id)
);
-- A conversation's pages, either direction, and "has this partner ever answered".
CREATE INDEX private_messages_by_pair ON private_messages(from_id, to_id, id);
-- Unread counts and the conversation list from the recipient's side.
CREATE INDEX private_messages_to ON private_messages(to_id, read_ms, from_id);
-- The sender's partners within the last hour (the new-conversation cap).
CREATE INDEX private_messages_from_sent ON private_messages(from_id, sent_ms);
