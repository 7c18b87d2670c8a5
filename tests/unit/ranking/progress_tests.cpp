#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/policy.hpp"
#include "server/ranking/progress.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

TEST_CASE("rank_progress says in words what the next results do", "[ranking][progress]") {
  struct Row {
    const char* rank;
    const char* script;
    int wins, losses, block_size;
    const char* summary;
  };
  const auto row = GENERATE(
      // 14 wins make 3d sure, yet only the 18th win (or a loss that rules 18 out) decides.
      Row{"2d", "WWWWWWWWWWWWLL", 12, 2, 20, "6 more wins in a row promote to 4d"},
      Row{"3d", "WWWLLLLLLLLLLD", 3, 10, 20, "4 more losses in a row demote to 2d"},
      Row{"3d", "WWWWWWWWWWWWWLLLLLL", 13, 6, 20, "1 more win promotes to 4d"},
      Row{"2d", "WWWWWLLLLLLLLLLLLL", 5, 13, 20, "1 more loss demotes to 1d"},
      Row{"2d", "WWWWWWWLLLLLLL", 7, 7, 20, "the block will end with no change after 6 more games"},
      Row{"2d", "WWWWWWWLLLLLLLLLLLL", 7, 12, 20, "the block will end with no change after 1 more game"},
      Row{"2d", "", 0, 0, 20, "18 more wins in a row promote to 4d; 18 more losses in a row demote to 1k"},
      Row{"9d", "", 0, 0, 20, "17 more losses in a row demote to 7d"},
      Row{"18k", "", 0, 0, 15, "14 more wins in a row promote to 16k"},
      Row{"1k", "V", 0, 0, 15, "14 more wins in a row promote to 2d; 14 more losses in a row demote to 3k"},
      // A loss can decide a promotion: it rules the +2 out.
      Row{"1k", "WWWWWWWWWWWWW", 13, 0, 15, "1 more win promotes to 2d; 2 more losses in a row promote to 1d"},
      Row{"5k", "LLLLLLLLLL", 0, 10, 15, "4 more losses in a row demote to 7k"});
  CAPTURE(row.rank, row.script);
  const PlayerState state{1, rank_of(row.rank), rank_of(row.rank), games_from(row.script), {}};
  const RankProgress progress = tom_progress(state);
  CHECK(progress.games == row.wins + row.losses);
  CHECK(progress.wins == row.wins);
  CHECK(progress.losses == row.losses);
  CHECK(progress.block_size == row.block_size);
  CHECK(progress.summary == row.summary);
  CHECK(TomPolicy{}.progress(state).summary == row.summary);
}

TEST_CASE("rank_progress agrees with what the next losses do", "[ranking][progress]") {
  Player player(rank_of("5k"));
  player.play_script("LLLLLLLLLL");
  REQUIRE(tom_progress(player.state()).summary == "4 more losses in a row demote to 7k");
  // From the 11th loss on, two wins would end the block at 6k: a demotion all the same.
  for (const char* summary : {"2 more wins in a row demote to 6k; 3 more losses in a row demote to 7k",
                              "2 more wins in a row demote to 6k; 2 more losses in a row demote to 7k",
                              "2 more wins in a row demote to 6k; 1 more loss demotes to 7k"}) {
    player.play_script("L");
    REQUIRE(player.state().rank == rank_of("5k"));
    CHECK(tom_progress(player.state()).summary == summary);
  }
  player.play_script("L");
  CHECK(player.state().rank == rank_of("7k"));
}

TEST_CASE("rank_progress agrees with what the next wins do", "[ranking][progress]") {
  Player player(rank_of("2d"));
  player.play_script("WWWWWWWWWWWWLL");
  player.play_script("WWWWW");
  REQUIRE(player.state().rank == rank_of("2d"));
  // A loss now ends the block with 17 wins: +1.
  CHECK(tom_progress(player.state()).summary == "1 more win promotes to 4d; 1 more loss promotes to 3d");
  player.play_script("W");
  CHECK(player.state().rank == rank_of("4d"));
}

TEST_CASE("rank_progress counts a win the validity rule will turn friendly", "[ranking][progress]") {
  // Four wins against one opponent: the one that makes 4k certain turns the
  // fourth friendly, so the promotion waits for the next win.
  Player player(rank_of("5k"));
  for (GameId id = 1; id <= 4; ++id) player.play(win(id, 7));
  player.play_script("WWWWWLL");
  REQUIRE(tom_progress(player.state()).summary == "2 more wins in a row promote to 4k");
  const Decision first = player.play(win(player.next_id()));
  CHECK_FALSE(first.change.has_value());
  CHECK(first.conversions == std::vector<GameId>{4});
  CHECK(tom_progress(player.state()).summary == "1 more win promotes to 4k");
  player.play(win(player.next_id()));
  CHECK(player.state().rank == rank_of("4k"));
}

TEST_CASE("rank_progress of a block that should have closed says so", "[ranking][progress]") {
  const PlayerState state{1, rank_of("5k"), rank_of("5k"), games_from("WWWWWWWWWLLLLLL"), {}};
  CHECK(tom_progress(state).summary == "the block is complete; the next game starts a new one");
}

TEST_CASE("rank_progress follows the decision function it is given", "[ranking][progress]") {
  // A decision function that never changes a rank and never closes a block.
  const DecisionFunction never = [](const PlayerState&, const RatedGame&) -> yunzi::Expected<Decision, RankingError> {
    return Decision{};
  };
  const PlayerState state{1, rank_of("5k"), rank_of("5k"), {}};
  CHECK(block_progress(state, never).summary == "the block will end with no change after 15 more games");
}
