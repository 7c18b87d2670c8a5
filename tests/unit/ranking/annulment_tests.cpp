#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/annulment.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {

std::string repeat(char letter, int count) { return std::string(static_cast<std::size_t>(count), letter); }

// Plays `script` from `start` as the server would and keeps the record.
PlayerHistory played(const char* start, const std::string& script) {
  Player player(rank_of(start));
  const std::vector<RatedGame> games = games_from(script);
  player.play_all(games);
  PlayerHistory history{1, rank_of(start), {}, games};
  for (const RankChange& change : player.changes()) {
    history.events.push_back({change, history.games[static_cast<std::size_t>(*change.game - 1)].finished_at});
  }
  return history;
}

std::vector<GameId> ids(GameId from, GameId to, GameId except = 0) {
  std::vector<GameId> out;
  for (GameId id = from; id <= to; ++id) {
    if (id != except) out.push_back(id);
  }
  return out;
}

// What the server does with a recomputation: drop what no longer holds, add what holds instead.
void apply(PlayerHistory& history, const Recomputation& result, GameId annulled) {
  for (auto it = result.superseded.rbegin(); it != result.superseded.rend(); ++it) {
    history.events.erase(history.events.begin() + static_cast<std::ptrdiff_t>(*it));
  }
  for (const RankChange& change : result.replacements) history.events.push_back({change, 0});
  for (RatedGame& g : history.games) {
    if (g.id == annulled) g.annulled = true;
  }
}

}  // namespace

TEST_CASE("annulling a win undoes the promotion it made", "[ranking][annulment]") {
  // 5k: 10 wins and 2 losses promote to 4k at game 12; three losses follow at 4k.
  PlayerHistory history = played("5k", repeat('W', 10) + "LL" + "LLL");
  REQUIRE(history.events.size() == 1);

  const auto result = recompute(history, 3);
  REQUIRE(result.has_value());
  CHECK(result->superseded == std::vector<std::size_t>{0});
  CHECK(result->replacements.empty());
  CHECK(result->net_change == RankChange{rank_of("4k"), rank_of("5k"), ChangeReason::annulment, 3});
  CHECK(result->rank == rank_of("5k"));
  // The games played at 4k now continue the 5k block.
  CHECK(result->current_block == ids(1, 15, 3));
}

TEST_CASE("annulment re-derives a later promotion and demotion", "[ranking][annulment]") {
  // 3d: +1 at game 17; at 4d, 3 wins and 14 losses demote at game 34; one more game at 3d.
  PlayerHistory history = played("3d", repeat('W', 14) + "LLL" + "WWW" + repeat('L', 14) + "W");
  REQUIRE(history.events.size() == 2);
  REQUIRE(history.events[1].change.game == 34);

  const auto first = recompute(history, 1);
  REQUIRE(first.has_value());
  CHECK(first->superseded == std::vector<std::size_t>{0, 1});
  CHECK(first->replacements == std::vector<RankChange>{{rank_of("3d"), rank_of("4d"), ChangeReason::annulment, 18},
                                                       {rank_of("4d"), rank_of("3d"), ChangeReason::annulment, 35}});
  CHECK_FALSE(first->net_change.has_value());
  CHECK(first->rank == rank_of("3d"));
  CHECK(first->current_block.empty());

  // A second annulment works on the history as corrected by the first.
  apply(history, *first, 1);
  const auto second = recompute(history, 2);
  REQUIRE(second.has_value());
  CHECK(second->superseded == std::vector<std::size_t>{0, 1});
  CHECK(second->replacements == std::vector<RankChange>{{rank_of("3d"), rank_of("4d"), ChangeReason::annulment, 19}});
  CHECK(second->net_change == RankChange{rank_of("3d"), rank_of("4d"), ChangeReason::annulment, 2});
  CHECK(second->current_block == ids(20, 35));
}

TEST_CASE("annulment can drop a promotion and the demotion that followed it", "[ranking][annulment]") {
  // 5k -> 4k at game 12, then 14 losses: 4k -> 6k at game 26.
  const PlayerHistory history = played("5k", repeat('W', 10) + "LL" + repeat('L', 14));
  REQUIRE(history.events.size() == 2);
  const auto result = recompute(history, 3);
  REQUIRE(result.has_value());
  CHECK(result->superseded == std::vector<std::size_t>{0, 1});
  CHECK(result->replacements.empty());
  CHECK(result->net_change == RankChange{rank_of("6k"), rank_of("5k"), ChangeReason::annulment, 3});
  // The 5k block closed with a stay at game 16; the next one holds 17..26.
  CHECK(result->current_block == ids(17, 26));
}

TEST_CASE("annulling a loss can bring a promotion that was not there", "[ranking][annulment]") {
  // 2d: 13 wins and 7 losses, a stay; then one win in the next block.
  const PlayerHistory history = played("2d", repeat('W', 13) + repeat('L', 7) + "W");
  REQUIRE(history.events.empty());
  const auto result = recompute(history, 14);
  REQUIRE(result.has_value());
  CHECK(result->superseded.empty());
  CHECK(result->replacements == std::vector<RankChange>{{rank_of("2d"), rank_of("3d"), ChangeReason::annulment, 21}});
  CHECK(result->net_change == RankChange{rank_of("2d"), rank_of("3d"), ChangeReason::annulment, 14});
}

TEST_CASE("an act no game caused stands, and the replay starts there", "[ranking][annulment]") {
  PlayerHistory history = played("5k", repeat('W', 10) + "LL" + "L");
  // An admin sets 2k after game 13; the player then wins 10 and loses 2 at 2k.
  history.events.push_back(
      {{rank_of("4k"), rank_of("2k"), ChangeReason::admin, std::nullopt}, history.games.back().finished_at + 1});
  Player at_two_kyu(rank_of("2k"));
  const auto later = games_from(repeat('W', 10) + "LL", 14);
  for (RatedGame g : later) {
    g.finished_at += 100'000;
    at_two_kyu.play(g);
    history.games.push_back(g);
  }
  REQUIRE(at_two_kyu.changes().size() == 1);
  history.events.push_back({at_two_kyu.changes().front(), history.games.back().finished_at});

  const auto result = recompute(history, 3);
  REQUIRE(result.has_value());
  CHECK(result->superseded.empty());
  CHECK(result->replacements.empty());
  CHECK_FALSE(result->net_change.has_value());
  CHECK(result->rank == rank_of("1k"));
}

TEST_CASE("games annulled earlier stay out of the replay", "[ranking][annulment]") {
  PlayerHistory history = played("5k", repeat('W', 10) + "LL");
  history.games[4].annulled = true;  // an earlier annulment not yet reflected in the events
  const auto result = recompute(history, 3);
  REQUIRE(result.has_value());
  CHECK(result->rank == rank_of("5k"));
  CHECK(result->current_block == std::vector<GameId>{1, 2, 4, 6, 7, 8, 9, 10, 11, 12});
}

TEST_CASE("recomputation refuses a history that contradicts itself", "[ranking][annulment]") {
  PlayerHistory history = played("5k", repeat('W', 10) + "LL");
  SECTION("an unknown game") { CHECK(recompute(history, 99).error().code == RankingErrorCode::bad_input); }
  SECTION("an event naming an unknown game") {
    history.events.front().change.game = 77;
    CHECK_FALSE(recompute(history, 3).has_value());
  }
  SECTION("games out of order") {
    std::swap(history.games[0].finished_at, history.games[5].finished_at);
    CHECK_FALSE(recompute(history, 3).has_value());
  }
  SECTION("a game twice") {
    history.games[1].id = 1;
    CHECK_FALSE(recompute(history, 3).has_value());
  }
  SECTION("events out of order") {
    history.events.push_back({{rank_of("4k"), rank_of("3k"), ChangeReason::admin, std::nullopt}, 0});
    CHECK_FALSE(recompute(history, 3).has_value());
  }
}
