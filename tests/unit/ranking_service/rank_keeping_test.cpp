// The rank rules at the end of rated games, on a real SQLite file.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "server/ranking_service/rank_keeping.hpp"
#include "tests/unit/ranking_service/rank_fixture.hpp"

using namespace yunzi;

namespace {

using ranking_service_tests::add_user;
using ranking_service_tests::play;
using ranking_service_tests::TempDatabase;
using ranking_service_tests::tom;

constexpr Rank rank_5k = Rank::kyu(5);

}  // namespace

TEST_CASE("ten wins and two losses in a kyu block promote once the +2 is out of reach") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId player = add_user(stores, "player", rank_5k);
  std::vector<UserId> opponents;
  for (int i = 0; i < 6; ++i) opponents.push_back(add_user(stores, "opponent" + std::to_string(i), rank_5k));

  TimeMs at = 1'700'000'000'000;
  for (int win = 0; win < 10; ++win) {
    auto changes = play(stores, player, opponents[win / 2], rank_5k, rank_5k, "B+R", at += 60'000);
    REQUIRE(changes);
    CHECK(changes->empty());
  }
  auto progress = ranking_service::rank_progress(stores, tom, player);
  REQUIRE(progress);
  CHECK(progress->wins == 10);
  CHECK(progress->games == 10);
  CHECK(progress->block_size == 15);

  auto eleventh = play(stores, opponents[5], player, rank_5k, rank_5k, "B+R", at += 60'000);
  REQUIRE(eleventh);
  CHECK(eleventh->empty());  // 14 wins are still possible: +2 not ruled out
  auto twelfth = play(stores, opponents[5], player, rank_5k, rank_5k, "B+3.5", at += 60'000);
  REQUIRE(twelfth);
  REQUIRE(twelfth->size() == 1);
  CHECK(twelfth->front().name == "player");
  CHECK(to_string(twelfth->front().from) == "5k");
  CHECK(to_string(twelfth->front().to) == "4k");
  CHECK(twelfth->front().reason == "promotion");

  auto user = stores.users().find_by_id(player);
  REQUIRE(user);
  CHECK((*user)->rank == rank_5k + 1);
  auto history = stores.ranks().events_of_user(player, 10);
  REQUIRE(history);
  REQUIRE(history->size() == 1);
  CHECK(history->front().game_id);

  // The change started a new block.
  auto after = ranking_service::rank_progress(stores, tom, player);
  REQUIRE(after);
  CHECK(after->games == 0);
}

TEST_CASE("a short rated game is flagged and friendly games are not judged") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId a = add_user(stores, "alpha", rank_5k);
  const UserId b = add_user(stores, "beta", rank_5k);
  auto changes = play(stores, a, b, rank_5k, rank_5k, "W+R", 1'700'000'000'000, 20);
  REQUIRE(changes);
  CHECK(changes->empty());
  auto flags = stores.ranks().short_games_of_user(a, 0);
  REQUIRE(flags);
  REQUIRE(flags->size() == 1);
  CHECK(flags->front().move_count == 20);

  game::GameEndFacts friendly;
  friendly.rated = false;
  auto none = ranking_service::rank_on_end(stores, tom, friendly);
  REQUIRE(none);
  CHECK(none->empty());
}

TEST_CASE("a win turned friendly as its game ends counts for neither player") {
  const bool winner_black = GENERATE(true, false);
  CAPTURE(winner_black);
  constexpr Rank rank_10k = Rank::kyu(10);
  TempDatabase database;
  db::Stores& stores = database.stores();
  const UserId winner = add_user(stores, "winner", rank_10k);
  const UserId loser = add_user(stores, "loser", rank_10k);
  std::vector<UserId> others;
  for (int i = 0; i < 4; ++i) others.push_back(add_user(stores, "other" + std::to_string(i), rank_10k));

  TimeMs at = 1'700'000'000'000;
  const auto beat = [&](UserId first, UserId second) {
    auto changes = play(stores, first, second, rank_10k, rank_10k, "B+R", at += 60'000);
    REQUIRE(changes);
    CHECK(changes->empty());
  };
  for (int i = 0; i < 3; ++i) beat(winner, loser);
  for (int i = 0; i < 6; ++i) beat(winner, others[static_cast<std::size_t>(i % 4)]);
  for (int i = 2; i < 4; ++i) beat(others[static_cast<std::size_t>(i)], winner);
  for (int i = 0; i < 4; ++i) beat(loser, others[static_cast<std::size_t>(i)]);
  for (int i = 0; i < 7; ++i) beat(others[static_cast<std::size_t>(i % 4)], loser);

  // The winner's tenth win makes 9k certain but is the fourth against the loser.
  auto last = winner_black ? play(stores, winner, loser, rank_10k, rank_10k, "B+R", at += 60'000)
                           : play(stores, loser, winner, rank_10k, rank_10k, "W+R", at += 60'000);
  REQUIRE(last);
  CHECK(last->empty());  // 4 wins of 15 would have demoted the loser to 11k

  for (const UserId player : {winner, loser}) {
    auto conversions = stores.ranks().conversions_of_user(player);
    REQUIRE(conversions);
    REQUIRE(conversions->size() == 1);
    CHECK(conversions->front().reason == "validity");
  }
  auto loser_progress = ranking_service::rank_progress(stores, tom, loser);
  REQUIRE(loser_progress);
  CHECK(loser_progress->games == 14);
  CHECK(loser_progress->losses == 10);
  auto winner_progress = ranking_service::rank_progress(stores, tom, winner);
  REQUIRE(winner_progress);
  CHECK(winner_progress->games == 11);
  CHECK((*stores.users().find_by_id(loser))->rank == rank_10k);
}
