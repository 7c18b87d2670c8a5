#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/progress.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

TEST_CASE("rank_progress says in words what the next results bring", "[ranking][progress]") {
  struct Row {
    const char* rank;
    const char* script;
    int wins, losses, block_size;
    const char* summary;
  };
  const auto row = GENERATE(
      Row{"2d", "WWWWWWWWWWWWLL", 12, 2, 20, "2 more wins promote to 3d"},
      Row{"3d", "WWWLLLLLLLLLLD", 3, 10, 20, "4 more losses demote to 2d"},
      Row{"3d", "WWWWWWWWWWWWWLLLLLL", 13, 6, 20, "1 more win promotes to 4d"},
      Row{"2d", "WWWWWLLLLLLLLLLLLL", 5, 13, 20, "1 more loss demotes to 1d"},
      Row{"2d", "WWWWWWWLLLLLLL", 7, 7, 20, "the block will end with no change after 6 more games"},
      Row{"2d", "WWWWWWWLLLLLLLLLLLL", 7, 12, 20, "the block will end with no change after 1 more game"},
      Row{"2d", "", 0, 0, 20, "14 more wins promote to 3d; 14 more losses demote to 1d"},
      Row{"9d", "", 0, 0, 20, "13 more losses demote to 8d"},
      Row{"18k", "", 0, 0, 15, "10 more wins promote to 17k"},
      Row{"1k", "V", 0, 0, 15, "10 more wins promote to 1d; 11 more losses demote to 2k"},
      Row{"1k", "WWWWWWWWWWWWW", 13, 0, 15, "1 more win promotes to 2d"});
  CAPTURE(row.rank, row.script);
  const PlayerState state{1, rank_of(row.rank), rank_of(row.rank), games_from(row.script)};
  const RankProgress progress = tom_progress(state);
  CHECK(progress.games == row.wins + row.losses);
  CHECK(progress.wins == row.wins);
  CHECK(progress.losses == row.losses);
  CHECK(progress.block_size == row.block_size);
  CHECK(progress.summary == row.summary);
}

TEST_CASE("rank_progress agrees with what actually happens", "[ranking][progress]") {
  Player player(rank_of("2d"));
  player.play_script("WWWWWWWWWWWWLL");
  REQUIRE(tom_progress(player.state()).summary == "2 more wins promote to 3d");
  player.play_script("WLLW");  // any losses in between: the second win still decides
  CHECK(player.state().rank == rank_of("3d"));
}

TEST_CASE("rank_progress of a block that should have closed says so", "[ranking][progress]") {
  const PlayerState state{1, rank_of("5k"), rank_of("5k"), games_from("WWWWWWWWWLLLLLL")};
  CHECK(tom_progress(state).summary == "the block is complete; the next game starts a new one");
}
