// Recommendations to 6d in the rank store: waiting for an admin, approved
// (with the rank the user had then) or rejected once, revoked once, and
// listed newest first with a filter by state.
#include <catch2/catch.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

Recommendation pending(UserId recommender, UserId user, int former_rank, TimeMs at) {
  Recommendation r;
  r.recommender_id = recommender;
  r.user_id = user;
  r.former_rank = rank_at(former_rank);
  r.at_ms = at;
  r.status = RecommendationStatus::pending;
  return r;
}

std::vector<std::int64_t> ids(const DbResult<std::vector<Recommendation>>& listed) {
  REQUIRE(listed);
  std::vector<std::int64_t> out;
  for (const Recommendation& r : *listed) out.push_back(r.id);
  return out;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a pending recommendation is approved or rejected once, and an approved one revoked once",
                 "[db][recommendations]") {
  RankStore& ranks = stores.ranks();
  const UserId nine = create_user(stores, "nine", 27).id;
  const UserId admin = create_user(stores, "admin").id;
  const UserId rising = create_user(stores, "rising", 19).id;
  const UserId other = create_user(stores, "other", 20).id;

  auto first = ranks.add_recommendation(pending(nine, rising, 19, 1'000));
  REQUIRE(first);
  auto waiting = ranks.pending_recommendation_of(rising);
  REQUIRE(waiting);
  REQUIRE(waiting->has_value());
  CHECK((*waiting)->id == *first);
  CHECK((*waiting)->status == RecommendationStatus::pending);
  CHECK_FALSE((*waiting)->decided_ms.has_value());
  CHECK_FALSE(ranks.standing_recommendation_of(rising)->has_value());
  CHECK(ranks.revoke_recommendation(*first, admin, 1'500).error().kind == DbErrorKind::not_found);

  // The rank may have changed while it waited: the approval records the rank it replaces.
  REQUIRE(ranks.approve_recommendation(*first, rank_at(20), admin, 2'000));
  CHECK(ranks.approve_recommendation(*first, rank_at(20), admin, 2'001).error().kind == DbErrorKind::not_found);
  CHECK(ranks.reject_recommendation(*first, admin, 2'002).error().kind == DbErrorKind::not_found);
  CHECK_FALSE(ranks.pending_recommendation_of(rising)->has_value());
  auto standing = ranks.standing_recommendation_of(rising);
  REQUIRE(standing->has_value());
  CHECK((*standing)->status == RecommendationStatus::approved);
  CHECK((*standing)->former_rank == rank_at(20));
  CHECK((*standing)->at_ms == 1'000);
  CHECK((*standing)->decided_ms == 2'000);
  CHECK((*standing)->decided_by == admin);

  auto second = ranks.add_recommendation(pending(nine, other, 20, 3'000));
  REQUIRE(second);
  REQUIRE(ranks.reject_recommendation(*second, admin, 3'500));
  CHECK_FALSE(ranks.pending_recommendation_of(other)->has_value());
  CHECK_FALSE(ranks.standing_recommendation_of(other)->has_value());

  REQUIRE(ranks.revoke_recommendation(*first, admin, 4'000));
  CHECK(ranks.revoke_recommendation(*first, admin, 4'001).error().kind == DbErrorKind::not_found);
  CHECK_FALSE(ranks.standing_recommendation_of(rising)->has_value());

  // Applied at once: approved when made, by no admin.
  Recommendation immediate = pending(nine, other, 20, 5'000);
  immediate.status = RecommendationStatus::approved;
  immediate.decided_ms = 5'000;
  auto third = ranks.add_recommendation(immediate);
  REQUIRE(third);
  auto applied = ranks.standing_recommendation_of(other);
  REQUIRE(applied->has_value());
  CHECK((*applied)->id == *third);
  CHECK_FALSE((*applied)->decided_by.has_value());

  auto by_nine = ranks.recommendations_by(nine);
  REQUIRE(by_nine);
  REQUIRE(by_nine->size() == 3);
  CHECK((*by_nine)[1].status == RecommendationStatus::rejected);
  CHECK((*by_nine)[0].revoked_ms == 4'000);
  CHECK((*by_nine)[0].revoked_by == admin);
}

TEST_CASE_METHOD(StoreTest, "recommendations are listed newest first, by state, page by page",
                 "[db][recommendations]") {
  RankStore& ranks = stores.ranks();
  const UserId nine = create_user(stores, "nine", 27).id;
  const UserId admin = create_user(stores, "admin").id;
  std::vector<std::int64_t> made;
  for (int i = 0; i < 5; ++i) {
    const UserId user = create_user(stores, "user" + std::to_string(i), 19).id;
    auto id = ranks.add_recommendation(pending(nine, user, 19, 1'000 + i));
    REQUIRE(id);
    made.push_back(*id);
  }
  REQUIRE(ranks.approve_recommendation(made[0], rank_at(19), admin, 2'000));
  REQUIRE(ranks.approve_recommendation(made[1], rank_at(19), admin, 2'000));
  REQUIRE(ranks.revoke_recommendation(made[1], admin, 3'000));
  REQUIRE(ranks.reject_recommendation(made[2], admin, 2'000));

  using F = RecommendationFilter;
  CHECK(ids(ranks.recommendations_page(F::all, std::nullopt, 10)) ==
        std::vector<std::int64_t>{made[4], made[3], made[2], made[1], made[0]});
  CHECK(ids(ranks.recommendations_page(F::all, std::nullopt, 2)) == std::vector<std::int64_t>{made[4], made[3]});
  CHECK(ids(ranks.recommendations_page(F::all, made[3], 2)) == std::vector<std::int64_t>{made[2], made[1]});
  CHECK(ids(ranks.recommendations_page(F::pending, std::nullopt, 10)) == std::vector<std::int64_t>{made[4], made[3]});
  CHECK(ids(ranks.recommendations_page(F::pending, made[4], 10)) == std::vector<std::int64_t>{made[3]});
  CHECK(ids(ranks.recommendations_page(F::approved, std::nullopt, 10)) == std::vector<std::int64_t>{made[0]});
  CHECK(ids(ranks.recommendations_page(F::revoked, std::nullopt, 10)) == std::vector<std::int64_t>{made[1]});
  CHECK(ids(ranks.recommendations_page(F::rejected, std::nullopt, 10)) == std::vector<std::int64_t>{made[2]});
  CHECK(ranks.recommendations_page(F::all, std::nullopt, 0).error().kind == DbErrorKind::invalid_argument);
}
