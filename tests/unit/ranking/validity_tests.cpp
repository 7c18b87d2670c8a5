#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/validity.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {
constexpr UserId rival = 77;

RatedGame rang_xian_win(GameId id) {
  RatedGame g = win(id);
  g.gave_rang_xian = true;
  return g;
}
}  // namespace

TEST_CASE("the fourth win against one opponent turns friendly", "[ranking][validity]") {
  std::vector<RatedGame> block{win(1, rival), win(2, rival), loss(3, rival), win(4, rival), win(5),
                               win(6, rival), win(7),        win(8),         win(9),        win(10)};
  CHECK(validity_conversions(block) == std::vector<GameId>{6});
  // Losses to the same opponent are no wins to limit.
  block[5] = loss(6, rival);
  CHECK(validity_conversions(block).empty());
}

TEST_CASE("the fourth 让先-giving win turns friendly", "[ranking][validity]") {
  std::vector<RatedGame> block{rang_xian_win(1), rang_xian_win(2), win(3), rang_xian_win(4), win(5),
                               rang_xian_win(6), rang_xian_win(7), win(8), win(9),           win(10)};
  CHECK(validity_conversions(block) == std::vector<GameId>{6, 7});
}

TEST_CASE("a win already turned friendly does not use up a limit", "[ranking][validity]") {
  std::vector<RatedGame> block{win(1, rival), win(2, rival), win(3, rival), win(4, rival),
                               win(5),        win(6),        win(7),        win(8)};
  block[1].converted = true;
  CHECK(validity_conversions(block).empty());
}

TEST_CASE("the last five games allow two wins per opponent and two 让先-giving wins", "[ranking][validity]") {
  SECTION("three wins against one opponent in the last five") {
    std::vector<RatedGame> block = games_from("WWWWWWWW");
    block.push_back(win(9, rival));
    block.push_back(win(10, rival));
    block.push_back(win(11));
    block.push_back(win(12, rival));
    CHECK(validity_conversions(block) == std::vector<GameId>{12});
  }
  SECTION("three 让先-giving wins in the last five") {
    std::vector<RatedGame> block = games_from("WWWWWWWW");
    block.push_back(rang_xian_win(9));
    block.push_back(rang_xian_win(10));
    block.push_back(loss(11));
    block.push_back(rang_xian_win(12));
    CHECK(validity_conversions(block) == std::vector<GameId>{12});
  }
  SECTION("wins against one opponent spread wider than five games are fine") {
    std::vector<RatedGame> block{win(1, rival), win(2), win(3), win(4), win(5), win(6, rival), win(7, rival)};
    CHECK(validity_conversions(block).empty());
  }
  SECTION("draws and void games are not among the last five") {
    std::vector<RatedGame> block{
        win(1), win(2),       win(3, rival), win(4, rival), game(5, Outcome::draw), game(6, Outcome::voided),
        win(7), win(8, rival)};
    CHECK(validity_conversions(block) == std::vector<GameId>{8});
  }
}

TEST_CASE("conversions hold back a promotion until the block refills", "[ranking][validity]") {
  Player player(rank_of("10k"));
  // Four wins against one rival among fourteen straight wins: +2 would be certain.
  player.play_all({win(1, rival), win(2, rival), win(3, rival), win(4, rival)});
  const auto decisions = player.play_script(std::string(10, 'W'));
  const Decision& at_fourteen = decisions.back();
  CHECK(at_fourteen.conversions == std::vector<GameId>{4});
  CHECK_FALSE(at_fourteen.change.has_value());
  CHECK(at_fourteen.block == BlockStatus::continues);
  CHECK(player.state().rank == rank_of("10k"));

  // The next win makes 14 counted wins again, now valid.
  const Decision refilled = player.play(win(15));
  CHECK(refilled.conversions.empty());
  REQUIRE(refilled.change.has_value());
  CHECK(refilled.change->to == rank_of("8k"));
}

TEST_CASE("a conversion shrinks the block, which continues to the next promotion", "[ranking][validity]") {
  Player player(rank_of("2d"));
  player.play_script(std::string(11, 'W') + std::string(4, 'L'));
  player.play_all({win(16, rival), win(17, rival), loss(18)});
  // 14 wins and 5 losses make +1 certain, but this is the third win against the rival in the last five.
  const Decision third = player.play(win(19, rival));
  CHECK(third.conversions == std::vector<GameId>{19});
  CHECK_FALSE(third.change.has_value());
  CHECK(third.block == BlockStatus::continues);
  CHECK(player.state().block_games.size() == 19);
  CHECK(player.state().block_games.back().converted);

  const Decision next = player.play(win(20));
  CHECK(next.conversions.empty());
  REQUIRE(next.change.has_value());
  CHECK(next.change->to == rank_of("3d"));
}

TEST_CASE("validity is checked only before a promotion", "[ranking][validity]") {
  Player player(rank_of("10k"));
  player.play_all({win(1, rival), win(2, rival), win(3, rival), win(4, rival)});
  const auto decisions = player.play_script(std::string(11, 'L'));
  for (const Decision& d : decisions) CHECK(d.conversions.empty());
  CHECK(player.state().rank == rank_of("11k"));
}
