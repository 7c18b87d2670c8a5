#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

DbResult<Done> SqlSessionStore::create(const SessionRecord& session) {
  return db_.execute("INSERT INTO sessions (token_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)",
                     Blob{session.token_hash}, session.user_id, session.created_ms, session.expires_ms);
}

DbResult<std::optional<SessionRecord>> SqlSessionStore::find(std::span<const std::uint8_t> token_hash) {
  return read_first<SessionRecord>(
      db_.query("SELECT token_hash, user_id, created_ms, expires_ms FROM sessions WHERE token_hash = ?",
                Blob{token_hash}),
      [](const Row& row) {
        return SessionRecord{row.blob(0), row.integer(1), row.integer(2), row.integer(3)};
      });
}

DbResult<Done> SqlSessionStore::extend(std::span<const std::uint8_t> token_hash, TimeMs expires_ms) {
  return expect_changed(
      db_, db_.execute("UPDATE sessions SET expires_ms = ? WHERE token_hash = ?", expires_ms, Blob{token_hash}),
      "session");
}

DbResult<Done> SqlSessionStore::remove(std::span<const std::uint8_t> token_hash) {
  return expect_changed(db_, db_.execute("DELETE FROM sessions WHERE token_hash = ?", Blob{token_hash}), "session");
}

DbResult<int> SqlSessionStore::remove_expired(TimeMs now_ms) {
  auto done = db_.execute("DELETE FROM sessions WHERE expires_ms <= ?", now_ms);
  if (!done) return unexpected(done.error());
  return db_.changes();
}

}  // namespace yunzi::db
