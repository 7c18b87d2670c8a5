// Recommendations to 6d as the server stores them, on a real SQLite file: a
// recommendation waits for an admin unless the server applies it at once,
// a rejected one never counts, the player last recommended must reach 8d
// before the next one, and a revocation returns the player to the former
// rank or to 1d and blocks the recommender. The admins' listing shows the
// warnings.
#include <catch2/catch.hpp>

#include "server/ranking_service/rank_recommendations.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;
using ranking_service_tests::add_user;
using ranking_service_tests::play;
using ranking_service_tests::rank_1d;
using ranking_service_tests::record_game;
using ranking_service_tests::TempDatabase;

namespace {

constexpr Rank rank_3d = Rank::dan(3);
constexpr Rank rank_6d = Rank::dan(6);
constexpr Rank rank_8d = Rank::dan(8);
constexpr Rank rank_9d = Rank::dan(9);
constexpr Rank rank_2k = Rank::kyu(2);
constexpr TimeMs day = 86'400'000;
constexpr TimeMs now = 1'767'268'800'000;  // 2026-01-01 12:00 UTC
constexpr bool needs_approval = true;
constexpr bool at_once = false;

Rank rank_of(db::Stores& stores, UserId user) { return (*stores.users().find_by_id(user))->rank; }

// A 9d with 30 won rated games at 9d over the 20 days before `at`.
UserId entitled_recommender(db::Stores& stores, const std::string& name = "ninedan") {
  const UserId nine = add_user(stores, name, rank_9d);
  const UserId partner = add_user(stores, name + "_partner", rank_9d);
  for (int i = 0; i < 30; ++i) {
    record_game(stores, nine, partner, rank_9d, rank_9d, "B+R", now - 20 * day + i * 60'000);
  }
  return nine;
}

// 15 more counted games at 9d just before `at`, so the recommender stays entitled then.
void recent_games(db::Stores& stores, UserId nine, const std::string& name, TimeMs at) {
  const UserId partner = (*stores.users().find_by_name_key(name + "_partner"))->id;
  for (int i = 0; i < 15; ++i) record_game(stores, nine, partner, rank_9d, rank_9d, "B+R", at - day + i * 60'000);
}

db::DbError refusal(const db::DbResult<ranking_service::RecommendationStep>& step) {
  REQUIRE_FALSE(step.has_value());
  return step.error();
}

}  // namespace

TEST_CASE("a recommendation waits for an admin; approval makes the player 6d", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId rising = add_user(stores, "rising", rank_1d);
  const UserId admin = add_user(stores, "admin", rank_1d);
  add_user(stores, "other", rank_1d);

  auto asked = ranking_service::recommend_player(stores, nine, "rising", now, needs_approval);
  REQUIRE(asked);
  CHECK(asked->recommendation.status == db::RecommendationStatus::pending);
  CHECK(asked->recommender == "ninedan");
  CHECK(asked->user == "rising");
  CHECK_FALSE(asked->change.has_value());
  CHECK(rank_of(stores, rising) == rank_1d);
  CHECK(stores.ranks().events_of_user(rising, 10)->empty());

  // One at a time: the next waits for this one, and nobody else may put the same player in the queue.
  const db::DbError blocked = refusal(ranking_service::recommend_player(stores, nine, "other", now, needs_approval));
  CHECK(blocked.kind == db::DbErrorKind::invalid_argument);
  CHECK(blocked.message.find("waits for an admin") != std::string::npos);
  const UserId second_nine = entitled_recommender(stores, "second");
  CHECK(refusal(ranking_service::recommend_player(stores, second_nine, "rising", now, needs_approval)).kind ==
        db::DbErrorKind::conflict);

  auto approved = ranking_service::approve_recommendation(stores, "rising", admin, now + 60'000);
  REQUIRE(approved);
  REQUIRE(approved->change.has_value());
  CHECK(approved->change->user == rising);
  CHECK(approved->change->change.reason == "recommendation");
  CHECK(to_string(approved->change->change.from) == "1d");
  CHECK(to_string(approved->change->change.to) == "6d");
  CHECK(approved->recommendation.decided_by == admin);
  CHECK(rank_of(stores, rising) == rank_6d);
  auto events = stores.ranks().events_of_user(rising, 10);
  REQUIRE(events->size() == 1);
  CHECK(events->front().at_ms == now + 60'000);

  CHECK(refusal(ranking_service::approve_recommendation(stores, "rising", admin, now)).kind ==
        db::DbErrorKind::not_found);
  CHECK(refusal(ranking_service::reject_recommendation(stores, "rising", admin, now)).kind ==
        db::DbErrorKind::not_found);
  CHECK(refusal(ranking_service::approve_recommendation(stores, "nobody", admin, now)).kind ==
        db::DbErrorKind::not_found);
}

TEST_CASE("a rejected recommendation changes nothing and uses up nothing", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId rising = add_user(stores, "rising", rank_1d);
  const UserId admin = add_user(stores, "admin", rank_1d);
  const UserId other = add_user(stores, "other", rank_3d);

  REQUIRE(ranking_service::recommend_player(stores, nine, "rising", now, needs_approval));
  auto rejected = ranking_service::reject_recommendation(stores, "rising", admin, now + 1'000);
  REQUIRE(rejected);
  CHECK(rejected->recommendation.status == db::RecommendationStatus::rejected);
  CHECK_FALSE(rejected->change.has_value());
  CHECK(rank_of(stores, rising) == rank_1d);

  // Same month, another player: the rejected one neither used the month nor holds the right.
  auto next = ranking_service::recommend_player(stores, nine, "other", now + 2'000, needs_approval);
  REQUIRE(next);
  // A player found at 6d or above when the admin looks cannot be approved.
  REQUIRE(stores.ranks().record_change(
      db::RankEvent{0, other, rank_3d, rank_6d, "admin", std::nullopt, now + 3'000, std::nullopt}));
  CHECK(refusal(ranking_service::approve_recommendation(stores, "other", admin, now + 4'000)).kind ==
        db::DbErrorKind::conflict);
  CHECK(rank_of(stores, other) == rank_6d);
}

TEST_CASE("applied at once, a recommendation makes the player 6d without an admin", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId rising = add_user(stores, "rising", rank_1d);
  add_user(stores, "other", rank_1d);

  auto applied = ranking_service::recommend_player(stores, nine, "rising", now, at_once);
  REQUIRE(applied);
  CHECK(applied->recommendation.status == db::RecommendationStatus::approved);
  CHECK_FALSE(applied->recommendation.decided_by.has_value());
  REQUIRE(applied->change.has_value());
  CHECK(to_string(applied->change->change.to) == "6d");
  CHECK(rank_of(stores, rising) == rank_6d);
  CHECK(stores.ranks().standing_recommendation_of(rising)->has_value());
  CHECK(refusal(ranking_service::recommend_player(stores, nine, "rising", now, at_once)).kind ==
        db::DbErrorKind::invalid_argument);
  CHECK(refusal(ranking_service::recommend_player(stores, nine, "nobody", now, at_once)).kind ==
        db::DbErrorKind::not_found);
}

TEST_CASE("a 9d recommends again only once the player last recommended has reached 8d", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId rising = add_user(stores, "rising", rank_1d);
  add_user(stores, "other", rank_1d);
  REQUIRE(ranking_service::recommend_player(stores, nine, "rising", now, at_once));

  // Next month, still entitled by recent games, never revoked: rising is 6d, below 8d.
  const TimeMs next_month = now + 40 * day;
  recent_games(stores, nine, "ninedan", next_month);
  const db::DbError refused = refusal(ranking_service::recommend_player(stores, nine, "other", next_month, at_once));
  CHECK(refused.kind == db::DbErrorKind::invalid_argument);
  CHECK(refused.message.find("last recommended (now 6d) reaches 8d") != std::string::npos);

  REQUIRE(stores.ranks().record_change(
      db::RankEvent{0, rising, rank_6d, rank_8d, "promotion", std::nullopt, next_month, std::nullopt}));
  auto allowed = ranking_service::recommend_player(stores, nine, "other", next_month + 1'000, at_once);
  REQUIRE(allowed);
  CHECK(allowed->user == "other");
}

TEST_CASE("revocation returns the player to the former rank or to 1d and blocks the recommender", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId admin = add_user(stores, "admin", rank_1d);
  const UserId rising = add_user(stores, "rising", rank_3d);
  add_user(stores, "other", rank_1d);
  REQUIRE(ranking_service::recommend_player(stores, nine, "rising", now, needs_approval));
  REQUIRE(ranking_service::approve_recommendation(stores, "rising", admin, now + 1'000));

  CHECK(refusal(
            ranking_service::revoke_recommendation(stores, "other", ranking::RevocationTarget::former_rank, admin, now))
            .kind == db::DbErrorKind::not_found);
  auto revoked = ranking_service::revoke_recommendation(stores, "rising", ranking::RevocationTarget::first_dan, admin,
                                                        now + 2 * day);
  REQUIRE(revoked);
  REQUIRE(revoked->change.has_value());
  CHECK(revoked->change->change.reason == "revocation");
  CHECK(to_string(revoked->change->change.from) == "6d");
  CHECK(to_string(revoked->change->change.to) == "1d");
  CHECK(revoked->recommendation.revoked_by == admin);
  CHECK(rank_of(stores, rising) == rank_1d);
  CHECK_FALSE(stores.ranks().standing_recommendation_of(rising)->has_value());
  CHECK(refusal(ranking_service::revoke_recommendation(stores, "rising", ranking::RevocationTarget::former_rank, admin,
                                                       now))
            .kind == db::DbErrorKind::not_found);

  const TimeMs next_month = now + 40 * day;
  recent_games(stores, nine, "ninedan", next_month);
  const db::DbError refused = refusal(ranking_service::recommend_player(stores, nine, "other", next_month, at_once));
  CHECK(refused.kind == db::DbErrorKind::invalid_argument);
  CHECK(refused.message.find("revoked") != std::string::npos);
}

TEST_CASE("a player recommended from a kyu rank goes back to it, not to 1d", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId admin = add_user(stores, "admin", rank_1d);
  const UserId kyu = add_user(stores, "kyu", rank_2k);
  REQUIRE(ranking_service::recommend_player(stores, nine, "kyu", now, at_once));
  const db::DbError refused = refusal(
      ranking_service::revoke_recommendation(stores, "kyu", ranking::RevocationTarget::first_dan, admin, now + day));
  CHECK(refused.kind == db::DbErrorKind::conflict);
  CHECK(rank_of(stores, kyu) == rank_6d);
  CHECK(stores.ranks().standing_recommendation_of(kyu)->has_value());
  auto back =
      ranking_service::revoke_recommendation(stores, "kyu", ranking::RevocationTarget::former_rank, admin, now + day);
  REQUIRE(back);
  CHECK(rank_of(stores, kyu) == rank_2k);
}

TEST_CASE("the admins' listing shows every recommendation, its state and the warnings", "[recommendation]") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId nine = entitled_recommender(stores);
  const UserId admin = add_user(stores, "admin", rank_1d);
  const UserId rising = add_user(stores, "rising", rank_3d);
  add_user(stores, "waiting", rank_1d);
  std::vector<UserId> sixes;
  for (int i = 0; i < 3; ++i) sixes.push_back(add_user(stores, "six" + std::to_string(i), rank_6d));
  REQUIRE(ranking_service::recommend_player(stores, nine, "rising", now, needs_approval));
  REQUIRE(ranking_service::approve_recommendation(stores, "rising", admin, now + 1'000));

  auto listed = ranking_service::list_recommendations(stores, db::RecommendationFilter::all, std::nullopt, 10);
  REQUIRE(listed);
  REQUIRE(listed->size() == 1);
  const protocol::RecommendationEntry& entry = listed->front();
  CHECK(entry.recommender == "ninedan");
  CHECK(entry.user.name == "rising");
  CHECK(to_string(entry.user.rank) == "6d");
  CHECK(to_string(entry.former_rank) == "3d");
  CHECK(entry.status == protocol::RecommendationState::approved);
  CHECK(entry.asked_at == now);
  CHECK(entry.decided_at == now + 1'000);
  CHECK(entry.warnings.empty());

  // Three losses in the first five games at 6d: fewer than 3 wins is certain.
  for (int i = 0; i < 3; ++i) {
    REQUIRE(play(stores, sixes[i], rising, rank_6d, rank_6d, "B+R", now + (i + 2) * 60'000));
  }
  listed = ranking_service::list_recommendations(stores, db::RecommendationFilter::approved, std::nullopt, 10);
  REQUIRE(listed->size() == 1);
  CHECK(listed->front().warnings == std::vector<std::string>{"few_wins_in_first_five"});

  // Revoked, then at 8d by an admin's hand: next month the recommender's new one waits in the queue.
  const TimeMs next_month = now + 40 * day;
  recent_games(stores, nine, "ninedan", next_month);
  REQUIRE(ranking_service::revoke_recommendation(stores, "rising", ranking::RevocationTarget::former_rank, admin,
                                                 next_month));
  REQUIRE(stores.ranks().record_change(
      db::RankEvent{0, rising, rank_3d, rank_8d, "admin", std::nullopt, next_month, std::nullopt}));
  REQUIRE(ranking_service::recommend_player(stores, nine, "waiting", next_month + 1'000, needs_approval));

  listed = ranking_service::list_recommendations(stores, db::RecommendationFilter::all, std::nullopt, 10);
  REQUIRE(listed->size() == 2);
  CHECK(listed->at(0).user.name == "waiting");
  CHECK(listed->at(0).status == protocol::RecommendationState::pending);
  CHECK_FALSE(listed->at(0).decided_at.has_value());
  CHECK(listed->at(1).status == protocol::RecommendationState::revoked);
  CHECK(listed->at(1).revoked_at == next_month);
  CHECK(ranking_service::list_recommendations(stores, db::RecommendationFilter::pending, std::nullopt, 10)->size() ==
        1);
  CHECK(ranking_service::list_recommendations(stores, db::RecommendationFilter::all, listed->at(0).id, 10)->size() ==
        1);
}
