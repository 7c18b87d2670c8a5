// The rank store's record of 6d recommendations: waiting for an admin,
// approved or rejected, and revoked.
#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

namespace {

constexpr std::string_view recommendation_select =
    "SELECT id, recommender_id, user_id, former_rank, at_ms, revoked_ms, revoked_by, status, decided_ms, decided_by "
    "FROM recommendations ";

DbResult<Recommendation> read_recommendation(const Row& row) {
  auto former_rank = row.rank(3);
  if (!former_rank) return unexpected(former_rank.error());
  Recommendation r;
  r.id = row.integer(0);
  r.recommender_id = row.integer(1);
  r.user_id = row.integer(2);
  r.former_rank = *former_rank;
  r.at_ms = row.integer(4);
  r.revoked_ms = row.optional_integer(5);
  r.revoked_by = row.optional_integer(6);
  r.status = parse_recommendation_status(row.text(7)).value_or(RecommendationStatus::approved);
  r.decided_ms = row.optional_integer(8);
  r.decided_by = row.optional_integer(9);
  return r;
}

// The state a listing filters on: a revoked recommendation is an approved one taken back.
constexpr std::string_view listed_state = "(CASE WHEN revoked_ms IS NOT NULL THEN 'revoked' ELSE status END)";

std::string_view filter_word(RecommendationFilter filter) {
  switch (filter) {
    case RecommendationFilter::all: return "";
    case RecommendationFilter::pending: return "pending";
    case RecommendationFilter::approved: return "approved";
    case RecommendationFilter::rejected: return "rejected";
    case RecommendationFilter::revoked: return "revoked";
  }
  return "";
}

}  // namespace

DbResult<std::int64_t> SqlRankStore::add_recommendation(const Recommendation& r) {
  return db_.insert(
      "INSERT INTO recommendations (recommender_id, user_id, former_rank, at_ms, status, decided_ms, decided_by) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)",
      r.recommender_id, r.user_id, r.former_rank, r.at_ms, to_string(r.status), r.decided_ms, r.decided_by);
}

DbResult<std::vector<Recommendation>> SqlRankStore::recommendations_by(UserId recommender) {
  return read_all<Recommendation>(
      db_.query(std::string(recommendation_select) + "WHERE recommender_id = ? ORDER BY id", recommender),
      read_recommendation);
}

DbResult<std::optional<Recommendation>> SqlRankStore::standing_recommendation_of(UserId user) {
  return read_first<Recommendation>(
      db_.query(std::string(recommendation_select) +
                    "WHERE user_id = ? AND status = 'approved' AND revoked_ms IS NULL ORDER BY id DESC LIMIT 1",
                user),
      read_recommendation);
}

DbResult<std::optional<Recommendation>> SqlRankStore::pending_recommendation_of(UserId user) {
  return read_first<Recommendation>(
      db_.query(std::string(recommendation_select) + "WHERE user_id = ? AND status = 'pending' ORDER BY id LIMIT 1",
                user),
      read_recommendation);
}

DbResult<Done> SqlRankStore::approve_recommendation(std::int64_t recommendation, Rank former_rank, UserId by,
                                                    TimeMs at_ms) {
  return expect_changed(db_,
                        db_.execute("UPDATE recommendations SET status = 'approved', former_rank = ?, decided_ms = ?, "
                                    "decided_by = ? WHERE id = ? AND status = 'pending'",
                                    former_rank, at_ms, by, recommendation),
                        "pending recommendation " + std::to_string(recommendation));
}

DbResult<Done> SqlRankStore::reject_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) {
  return expect_changed(db_,
                        db_.execute("UPDATE recommendations SET status = 'rejected', decided_ms = ?, decided_by = ? "
                                    "WHERE id = ? AND status = 'pending'",
                                    at_ms, by, recommendation),
                        "pending recommendation " + std::to_string(recommendation));
}

DbResult<Done> SqlRankStore::revoke_recommendation(std::int64_t recommendation, UserId by, TimeMs at_ms) {
  return expect_changed(db_,
                        db_.execute("UPDATE recommendations SET revoked_ms = ?, revoked_by = ? WHERE id = ? AND status "
                                    "= 'approved' AND revoked_ms IS NULL",
                                    at_ms, by, recommendation),
                        "standing recommendation " + std::to_string(recommendation));
}

DbResult<std::vector<Recommendation>> SqlRankStore::recommendations_page(RecommendationFilter filter,
                                                                         std::optional<std::int64_t> before,
                                                                         int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<Recommendation>(db_.query(std::string(recommendation_select) + "WHERE id < ?1 AND (?2 = '' OR " +
                                                std::string(listed_state) + " = ?2) ORDER BY id DESC LIMIT ?3",
                                            before.value_or(INT64_MAX), filter_word(filter), *page),
                                  read_recommendation);
}

}  // namespace yunzi::db
