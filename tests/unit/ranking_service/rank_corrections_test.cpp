// Annulment as the server stores it, on a real SQLite file: superseded
// events stay on record and the rank is restored.
#include <catch2/catch.hpp>

#include "server/ranking_service/rank_corrections.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;
using ranking_service_tests::add_user;
using ranking_service_tests::play;
using ranking_service_tests::TempDatabase;
using ranking_service_tests::tom;

namespace {

constexpr Rank rank_5k = Rank::kyu(5);
constexpr TimeMs day = 86'400'000;
constexpr TimeMs now = 1'767'268'800'000;  // 2026-01-01 12:00 UTC

Rank rank_of(db::Stores& stores, UserId user) { return (*stores.users().find_by_id(user))->rank; }

}  // namespace

TEST_CASE("annulling the game that completed a promotion sets the event aside and restores the rank") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId hero = add_user(stores, "hero", rank_5k);
  std::vector<UserId> rivals;
  for (int i = 0; i < 5; ++i) rivals.push_back(add_user(stores, "rival" + std::to_string(i), rank_5k));
  TimeMs at = now - 10 * day;
  for (int i = 0; i < 10; ++i) REQUIRE(play(stores, hero, rivals[i % 5], rank_5k, rank_5k, "B+R", at += 60'000));
  REQUIRE(play(stores, rivals[0], hero, rank_5k, rank_5k, "B+R", at += 60'000));
  auto promoted = play(stores, rivals[1], hero, rank_5k, rank_5k, "B+R", at += 60'000);
  REQUIRE(promoted);
  REQUIRE(promoted->size() == 1);
  REQUIRE(rank_of(stores, hero) == rank_5k + 1);

  const GameId first_win = stores.games().rated_games_of_user(hero, 0)->front().id;
  auto annulled = ranking_service::annul_game(stores, tom, first_win, now);
  REQUIRE(annulled);
  REQUIRE(annulled->changes.size() == 1);
  CHECK(annulled->changes[0].change.name == "hero");
  CHECK(annulled->changes[0].change.reason == "annulment");
  CHECK(to_string(annulled->changes[0].change.to) == "5k");
  CHECK(rank_of(stores, hero) == rank_5k);

  CHECK(stores.ranks().events_of_user(hero, 10)->empty());
  auto history = stores.ranks().history_of_user(hero);
  REQUIRE(history);
  REQUIRE(history->size() == 1);
  CHECK(history->front().reason == "promotion");
  CHECK(history->front().superseded_ms == now);

  auto again = ranking_service::annul_game(stores, tom, first_win, now);
  REQUIRE(!again);
  CHECK(again.error().kind == db::DbErrorKind::conflict);
  CHECK(ranking_service::annul_game(stores, tom, 424242, now).error().kind == db::DbErrorKind::not_found);
}
