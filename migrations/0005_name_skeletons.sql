-- Names that look alike count as one: each account's name skeleton (NFKC,
-- case folding and the Unicode TS #39 confusable mapping, computed by the
-- server) is unique. The skeleton needs ICU, so existing rows are filled in
-- by the server at start-up, oldest account first; a row stays NULL only when
-- an older account already holds its skeleton (SQLite lets NULLs repeat in a
-- unique index), and the older account then keeps the name's lookalikes out.
ALTER TABLE users ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX users_by_name_skeleton ON users(name_skeleton);
