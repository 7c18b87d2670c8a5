// The rank store's record of 6d recommendations and their revocation.
#include "db/row_reading.hpp"
#include "db/sqlite_stores.hpp"

namespace yunzi::db {

namespace {

constexpr std::string_view recommendation_select =
    "SELECT id, recommender_id, user_id, former_rank, at_ms, revoked_ms, revoked_by FROM recommendations ";

Recommendation read_recommendation(const Row& row) {
  return Recommendation{row.integer(0),
                        row.integer(1),
                        row.integer(2),
                        static_cast<int>(row.integer(3)),
                        row.integer(4),
                        row.optional_integer(5),
                        row.optional_integer(6)};
}

}  // namespace

DbResult<std::int64_t> SqliteRankStore::add_recommendation(const Recommendation& r) {
  return db_.insert("INSERT INTO recommendations (recommender_id, user_id, former_rank, at_ms) VALUES (?, ?, ?, ?)",
                    r.recommender_id, r.user_id, r.former_rank, r.at_ms);
}

DbResult<std::vector<Recommendation>> SqliteRankStore::recommendations_by(UserId recommender) {
  return read_all<Recommendation>(
      db_.query(std::string(recommendation_select) + "WHERE recommender_id = ? ORDER BY id", recommender),
      read_recommendation);
}

DbResult<std::optional<Recommendation>> SqliteRankStore::standing_recommendation_of(UserId user) {
  return read_first<Recommendation>(
      db_.query(std::string(recommendation_select) + "WHERE user_id = ? AND revoked_ms IS NULL ORDER BY id DESC LIMIT 1",
                user),
      read_recommendation);
}

DbResult<Done> SqliteRankStore::revoke_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) {
  return expect_changed(
      db_,
      db_.execute("UPDATE recommendations SET revoked_ms = ?, revoked_by = ? WHERE id = ? AND revoked_ms IS NULL",
                  at_ms, by, recommendation),
      "standing recommendation " + std::to_string(recommendation));
}

}  // namespace yunzi::db
