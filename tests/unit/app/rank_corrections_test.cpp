// Annulment, recommendation and revocation as the server stores them, on a
// real SQLite file: superseded events stay on record, a 9d with enough games
// recommends once a month, and a revocation returns the player and blocks
// the recommender.
#include <catch2/catch.hpp>

#include "server/app/rank_corrections.hpp"
#include "tests/unit/app/rank_fixture.hpp"

using namespace yunzi;
using app_tests::add_user;
using app_tests::play;
using app_tests::record_game;
using app_tests::TempDatabase;
using app_tests::tom;

namespace {

constexpr int rank_5k = 14;
constexpr int rank_1d = 19;
constexpr int rank_6d = 24;
constexpr int rank_9d = 27;
constexpr db::TimeMs day = 86'400'000;
constexpr db::TimeMs now = 1'767'268'800'000;  // 2026-01-01 12:00 UTC

int rank_of(db::Stores& stores, db::UserId user) { return (*stores.users().find_by_id(user))->rank; }

// A 9d with 30 lost rated games at 9d over the last 20 days: counted, and no rank change recorded.
db::UserId entitled_recommender(db::Stores& stores) {
  const db::UserId nine = add_user(stores, "ninedan", rank_9d);
  const db::UserId partner = add_user(stores, "partner", rank_9d);
  for (int i = 0; i < 30; ++i) {
    record_game(stores, nine, partner, rank_9d, rank_9d, "W+R", now - 20 * day + i * 60'000);
  }
  return nine;
}

}  // namespace

TEST_CASE("annulling the game that completed a promotion sets the event aside and restores the rank") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const db::UserId hero = add_user(stores, "hero", rank_5k);
  std::vector<db::UserId> rivals;
  for (int i = 0; i < 5; ++i) rivals.push_back(add_user(stores, "rival" + std::to_string(i), rank_5k));
  db::TimeMs at = now - 10 * day;
  for (int i = 0; i < 10; ++i) REQUIRE(play(stores, hero, rivals[i % 5], rank_5k, rank_5k, "B+R", at += 60'000));
  REQUIRE(play(stores, rivals[0], hero, rank_5k, rank_5k, "B+R", at += 60'000));
  auto promoted = play(stores, rivals[1], hero, rank_5k, rank_5k, "B+R", at += 60'000);
  REQUIRE(promoted);
  REQUIRE(promoted->size() == 1);
  REQUIRE(rank_of(stores, hero) == rank_5k + 1);

  const db::GameId first_win = stores.games().rated_games_of_user(hero, 0)->front().id;
  auto annulled = app::annul_game(stores, tom, first_win, now);
  REQUIRE(annulled);
  REQUIRE(annulled->changes.size() == 1);
  CHECK(annulled->changes[0].change.name == "hero");
  CHECK(annulled->changes[0].change.reason == "annulment");
  CHECK(protocol::to_string(annulled->changes[0].change.to) == "5k");
  CHECK(rank_of(stores, hero) == rank_5k);

  CHECK(stores.ranks().events_of_user(hero, 10)->empty());
  auto history = stores.ranks().history_of_user(hero);
  REQUIRE(history);
  REQUIRE(history->size() == 1);
  CHECK(history->front().reason == "promotion");
  CHECK(history->front().superseded_ms == now);

  auto again = app::annul_game(stores, tom, first_win, now);
  REQUIRE(!again);
  CHECK(again.error().kind == db::DbErrorKind::conflict);
  CHECK(app::annul_game(stores, tom, 424242, now).error().kind == db::DbErrorKind::not_found);
}

TEST_CASE("a 9d with 30 counted games recommends a player to 6d once a month; revocation takes it back") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const db::UserId nine = entitled_recommender(stores);
  const db::UserId rising = add_user(stores, "rising", rank_1d);
  const db::UserId other = add_user(stores, "other", rank_1d);

  auto recommended = app::recommend_player(stores, nine, "rising", now);
  REQUIRE(recommended);
  CHECK(recommended->user == rising);
  CHECK(recommended->change.reason == "recommendation");
  CHECK(protocol::to_string(recommended->change.from) == "1d");
  CHECK(protocol::to_string(recommended->change.to) == "6d");
  CHECK(rank_of(stores, rising) == rank_6d);

  auto second = app::recommend_player(stores, nine, "other", now + day);
  REQUIRE(!second);
  CHECK(second.error().kind == db::DbErrorKind::invalid_argument);
  CHECK(second.error().message.find("month") != std::string::npos);
  CHECK(rank_of(stores, other) == rank_1d);

  auto user = stores.users().find_by_id(rising);
  auto revoked = app::revoke_recommendation(stores, **user, nine, now + 2 * day);
  REQUIRE(revoked);
  REQUIRE(*revoked);
  CHECK((*revoked)->change.reason == "revocation");
  CHECK(protocol::to_string((*revoked)->change.to) == "1d");
  CHECK(rank_of(stores, rising) == rank_1d);
  CHECK(stores.ranks().standing_recommendation_of(rising)->has_value() == false);

  // Next month, with recent games again, the right is still lost: the revoked player is below 8d.
  const db::UserId partner = (*stores.users().find_by_name_key("partner"))->id;
  for (int i = 0; i < 15; ++i) record_game(stores, nine, partner, rank_9d, rank_9d, "W+R", now + 35 * day + i * 60'000);
  auto next_month = app::recommend_player(stores, nine, "other", now + 40 * day);
  REQUIRE(!next_month);
  CHECK(next_month.error().kind == db::DbErrorKind::invalid_argument);
  CHECK(next_month.error().message.find("revoked") != std::string::npos);

  auto twice = app::revoke_recommendation(stores, **stores.users().find_by_id(rising), nine, now + 3 * day);
  REQUIRE(!twice);
  CHECK(twice.error().kind == db::DbErrorKind::not_found);
}

TEST_CASE("a recommendation of a player already at 6d or above is a conflict") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const db::UserId nine = entitled_recommender(stores);
  add_user(stores, "strong", rank_6d);
  auto refused = app::recommend_player(stores, nine, "strong", now);
  REQUIRE(!refused);
  CHECK(refused.error().kind == db::DbErrorKind::conflict);
  CHECK(app::recommend_player(stores, nine, "nobody", now).error().kind == db::DbErrorKind::not_found);
}
